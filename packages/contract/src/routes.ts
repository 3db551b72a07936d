// The REST route table: the spec's exact paths, used by the API façade and the web client.
import { z } from 'zod';
import { ClientConfig } from './client-config.js';
import {
  AwaitingAnswerList,
  CreatedIntervention,
  InterventionIdParam,
  Intervention,
  InterventionList,
  MonumentInterventionList,
  NewIntervention,
} from './intervention.js';
import { CreatedMonument, MonumentDetail, MonumentList, MonumentRef, NewMonument } from './monument.js';
import { ConfirmVoteRequest, VoteAnswer, VoteConfirmed, VoteConfirmPending, VoteConfirmToken, VoteRequest } from './vote.js';
import { VoteAlertList, VoteDecision, VoteDecisionAnswer, VotePreviewRequest, VoteReview } from './vote-review.js';
import { NewReport, ReportAnswer } from './report.js';
import {
  AnswerBody,
  AuditCsvQuery,
  AuditPage,
  AuditQuery,
  NotificationIdParam,
  OutboxEntry,
  OutboxList,
  QueueIntervention,
  StaffMonument,
  StaffQueue,
} from './staff.js';
import { PATHS } from './facts.js';
import { NewPlaceSuggestion, PlaceSuggestionAnswer, StaffPlaces, UnplacedList } from './commemoration.js';
import { AccessibilityFeedbackList, AccessibilityFeedbackReceived, NewAccessibilityFeedback, SiteInfo } from './site.js';
import {
  Photo,
  PhotoAccepted,
  PhotoList,
  PhotoFields,
  PhotoRef,
  PhotoRemoved,
  RejectPhotoBody,
  RotatePhotoBody,
  StaffPhoto,
  StaffPhotoList,
  StaffPhotoQuery,
} from './photo.js';
import { Stats } from './stats.js';
import {
  InterventionPage,
  InterventionPageQuery,
  MapFilterQuery,
  MapTile,
  MapTileParams,
  MonumentPage,
  MonumentPageQuery,
} from './map.js';
import { EXPORT_TYPES, MonumentExportQuery, MonumentFeatureCollection } from './exports.js';
import {
  ConfirmFollowRequest,
  FollowConfirmed,
  FollowPending,
  FollowRequest,
  Mine,
  Unsubscribed,
  UnsubscribeQuery,
  Watching,
} from './follow.js';

export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's body; unused for a redirect (3xx), whose answer is its `Location`. */
  answer: z.ZodType;
  status: number;
  /** The answer's media type when it is not JSON (exports and feeds); `answer` then describes its text. */
  contentType?: string;
  /** The request body's media type when it is not JSON (photo uploads: `body` describes the text fields). */
  bodyType?: 'multipart/form-data';
  /** Staff routes take `Authorization: Bearer <token>` (or the /admin session cookie). */
  auth?: 'staff';
  /** The answer carries an ETag; a request whose If-None-Match matches it gets 304 without a body. */
  etag?: true;
  /** A public write that takes an `Idempotency-Key` header (idempotency.ts): a repeat gets the first answer. */
  idempotent?: true;
  /** The answer may be kept by a shared cache (a CDN) for a while: `Cache-Control: MAP_TILE_CACHE_CONTROL`. */
  shared?: true;
  /** `Cache-Control` of an answer without an ETag (`private` when it differs per browser). */
  cacheControl?: string;
  /** A download (`Content-Disposition: attachment`). */
  download?: true;
  /** The procedure answers `created` too: false (this browser's repeat) gets this status, and `created` is not sent. */
  repeatStatus?: number;
};

/** The top of an OpenAPI document (its parts are described by the OpenAPI 3.1 schema, not here). */
const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

const interventionParams = z.object({ interventionId: InterventionIdParam });

export const routes = {
  listMonuments: {
    method: 'GET',
    path: PATHS.listMonuments,
    answer: MonumentList,
    status: 200,
    etag: true,
  },
  addMonument: {
    method: 'POST',
    path: PATHS.addMonument,
    body: NewMonument,
    answer: CreatedMonument,
    status: 201,
    idempotent: true,
  },
  allInterventions: {
    method: 'GET',
    path: PATHS.allInterventions,
    answer: InterventionList,
    status: 200,
    etag: true,
  },
  /** Proposals at the threshold without the city's answer, longest waiting first (not cached: the days change). */
  awaitingAnswer: {
    method: 'GET',
    path: PATHS.awaitingAnswer,
    answer: AwaitingAnswerList,
    status: 200,
  },
  monumentInterventions: {
    method: 'GET',
    path: PATHS.monumentInterventions,
    params: MonumentRef,
    answer: MonumentInterventionList,
    status: 200,
  },
  createIntervention: {
    method: 'POST',
    path: PATHS.createIntervention,
    params: MonumentRef,
    body: NewIntervention,
    answer: CreatedIntervention,
    status: 201,
    idempotent: true,
  },
  castVote: {
    method: 'POST',
    path: PATHS.castVote,
    params: interventionParams,
    body: VoteRequest,
    answer: VoteAnswer,
    status: 200,
    idempotent: true,
  },
  /** 202 for any address; 404 when this browser has not voted for the proposal. */
  confirmVote: {
    method: 'POST',
    path: PATHS.confirmVote,
    params: interventionParams,
    body: ConfirmVoteRequest,
    answer: VoteConfirmPending,
    status: 202,
  },
  /** The confirmation page's button; 404 for a wrong, used or expired (48 h) token. */
  votesConfirm: {
    method: 'POST',
    path: PATHS.votesConfirm,
    body: VoteConfirmToken,
    answer: VoteConfirmed,
    status: 200,
  },
  clientConfig: { method: 'GET', path: PATHS.clientConfig, answer: ClientConfig, status: 200, etag: true },
  /** One public monument; a merged id answers the monument it was merged into. */
  monument: {
    method: 'GET',
    path: PATHS.monument,
    params: MonumentRef,
    answer: MonumentDetail,
    status: 200,
  },
  /** "Wo ist das?": every public commemoration without a place yet, with what is known. */
  unplaced: { method: 'GET', path: PATHS.unplaced, answer: UnplacedList, status: 200 },
  /** A citizen's suggestion where it stands: waits for staff (within the create limit, screened). */
  suggestPlace: {
    method: 'POST',
    path: PATHS.suggestPlace,
    params: MonumentRef,
    body: NewPlaceSuggestion,
    answer: PlaceSuggestionAnswer,
    status: 201,
  },
  /** Staff: the suggestions by item, with agreement, and the placed points by how sure they are. */
  staffPlaces: {
    auth: 'staff',
    method: 'GET',
    path: PATHS.staffPlaces,
    answer: StaffPlaces,
    status: 200,
  },
  /** 201 for a new report, 200 for this browser's repeat. */
  reportMonument: {
    method: 'POST',
    path: PATHS.reportMonument,
    params: MonumentRef,
    body: NewReport,
    answer: ReportAnswer,
    status: 201,
    repeatStatus: 200,
  },
  reportIntervention: {
    method: 'POST',
    path: PATHS.reportIntervention,
    params: interventionParams,
    body: NewReport,
    answer: ReportAnswer,
    status: 201,
    repeatStatus: 200,
  },
  /** This API's OpenAPI 3.1 description, generated from this table (apps/api/src/rest/openapi.ts). */
  openapi: { method: 'GET', path: PATHS.openapi, answer: OpenApiDocument, status: 200, etag: true },
  /** The description as a readable page (no scripts). */
  docs: { method: 'GET', path: PATHS.docs, answer: z.string(), status: 200, etag: true, contentType: 'text/html' },
  // Following a proposal.
  /** 202 whether or not the address follows already: nobody learns who follows what. */
  follow: {
    method: 'POST',
    path: PATHS.follow,
    params: interventionParams,
    body: FollowRequest,
    answer: FollowPending,
    status: 202,
  },
  /** The button of the confirmation page (a GET never confirms: mail scanners open links). */
  followConfirm: {
    method: 'POST',
    path: PATHS.followConfirm,
    body: ConfirmFollowRequest,
    answer: FollowConfirmed,
    status: 200,
  },
  /** RFC 8058 one-click: form body `List-Unsubscribe=One-Click`, or JSON `{}` from the page's button. */
  followUnsubscribe: {
    method: 'POST',
    path: PATHS.followUnsubscribe,
    query: UnsubscribeQuery,
    answer: Unsubscribed,
    status: 200,
  },
  watch: {
    method: 'POST',
    path: PATHS.watch,
    params: interventionParams,
    answer: Watching,
    status: 200,
  },
  unwatch: {
    method: 'POST',
    path: PATHS.unwatch,
    params: interventionParams,
    answer: Watching,
    status: 200,
  },
  /** This browser's own proposals, votes and follows (no voter cookie: empty lists). */
  mine: {
    method: 'GET',
    path: PATHS.mine,
    answer: Mine,
    status: 200,
    cacheControl: 'private, no-store',
  },
  // Staff (Authorization: Bearer <token>).
  staffAnswer: {
    auth: 'staff',
    method: 'PUT',
    path: PATHS.staffAnswer,
    params: interventionParams,
    body: AnswerBody,
    answer: Intervention,
    status: 200,
  },
  /** Publishes a proposal held by the word screen or waiting under MODERATION=pre (rejecting is today's moderation). */
  staffApproveIntervention: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffApproveIntervention,
    params: interventionParams,
    answer: QueueIntervention,
    status: 200,
  },
  /** Publishes a monument held by the word screen or waiting under MODERATION=pre. */
  staffApproveMonument: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffApproveMonument,
    params: MonumentRef,
    answer: StaffMonument,
    status: 200,
  },
  staffQueue: { auth: 'staff', method: 'GET', path: PATHS.staffQueue, answer: StaffQueue, status: 200 },
  staffAudit: {
    auth: 'staff',
    method: 'GET',
    path: PATHS.staffAudit,
    query: AuditQuery,
    answer: AuditPage,
    status: 200,
  },
  /** The same filters as CSV (RFC 4180), its header row and words in `lang`; a download. */
  staffAuditCsv: {
    auth: 'staff',
    method: 'GET',
    path: PATHS.staffAuditCsv,
    query: AuditCsvQuery,
    answer: z.string(),
    status: 200,
    contentType: EXPORT_TYPES.csv,
    cacheControl: 'private, no-store',
    download: true,
  },
  staffOutbox: {
    auth: 'staff',
    method: 'GET',
    path: PATHS.staffOutbox,
    answer: OutboxList,
    status: 200,
  },
  staffRetryMail: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffRetryMail,
    params: z.object({ notificationId: NotificationIdParam }),
    answer: OutboxEntry,
    status: 200,
  },
  // Staff's check of the votes.
  staffVoteAlerts: {
    auth: 'staff',
    method: 'GET',
    path: PATHS.staffVoteAlerts,
    answer: VoteAlertList,
    status: 200,
  },
  staffVoteReview: {
    auth: 'staff',
    method: 'GET',
    path: PATHS.staffVoteReview,
    params: interventionParams,
    answer: VoteReview,
    status: 200,
  },
  /** How many votes a decision would change, and the counts after it; changes nothing. */
  staffVotePreview: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffVotePreview,
    params: interventionParams,
    body: VotePreviewRequest,
    answer: VoteDecisionAnswer,
    status: 200,
  },
  /** Releases or invalidates the votes of a filter, audit-logged; the counts are recomputed exactly. */
  staffVoteDecide: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffVoteDecide,
    params: interventionParams,
    body: VoteDecision,
    answer: VoteDecisionAnswer,
    status: 200,
  },
  /** A mayor's e-mail held for a check goes out (409 when it is not held). */
  staffReleaseMail: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffReleaseMail,
    params: z.object({ notificationId: NotificationIdParam }),
    answer: OutboxEntry,
    status: 200,
  },
  // Staff sign-in with the city's accounts (OpenID Connect): browser navigations that answer
  // redirects (`Location`), not JSON; 404 where it is not configured.
  /** Sends the browser to the city's identity provider (or to /admin?oidc=failed when it cannot be reached). */
  oidcStart: { method: 'GET', path: PATHS.oidcStart, answer: z.never(), status: 302 },
  /** The provider's answer: on to /admin signed in, or to /admin?oidc=denied|failed with no session. */
  oidcCallback: { method: 'GET', path: PATHS.oidcCallback, answer: z.never(), status: 302 },
  // The dashboard's figures and the open data (CC BY 4.0; the CSVs and feeds carry it in a
  // `Link: <…>; rel="license"` header and in <rights>).
  stats: { method: 'GET', path: PATHS.stats, answer: Stats, status: 200, etag: true },
  /** The dashboard's Open Graph image: the headline share drawn as a PNG (binary, so `answer` is its bytes). */
  statsImage: {
    method: 'GET',
    path: PATHS.statsImage,
    answer: z.string(),
    status: 200,
    contentType: 'image/png',
    etag: true,
  },
  /** A proposal's Open Graph image: its name, monument, votes and status drawn as a PNG. */
  interventionImage: {
    method: 'GET',
    path: PATHS.interventionImage,
    params: interventionParams,
    answer: z.string(),
    status: 200,
    contentType: 'image/png',
    etag: true,
  },
  monumentsGeojson: {
    method: 'GET',
    path: PATHS.monumentsGeojson,
    query: MonumentExportQuery,
    answer: MonumentFeatureCollection,
    status: 200,
    contentType: EXPORT_TYPES.geojson,
    etag: true,
  },
  monumentsCsv: {
    method: 'GET',
    path: PATHS.monumentsCsv,
    query: MonumentExportQuery,
    answer: z.string(),
    status: 200,
    contentType: EXPORT_TYPES.csv,
    etag: true,
  },
  interventionsCsv: {
    method: 'GET',
    path: PATHS.interventionsCsv,
    answer: z.string(),
    status: 200,
    contentType: EXPORT_TYPES.csv,
    etag: true,
  },
  feedInterventions: {
    method: 'GET',
    path: PATHS.feedInterventions,
    answer: z.string(),
    status: 200,
    contentType: EXPORT_TYPES.atom,
    etag: true,
  },
  // The map and the lists loaded as needed, rather than every monument at once.
  /** One slippy-map tile's clusters and monuments, with the finder's filters; cacheable by a CDN. */
  mapTile: {
    method: 'GET',
    path: PATHS.mapTile,
    params: MapTileParams,
    query: MapFilterQuery,
    answer: MapTile,
    status: 200,
    etag: true,
    shared: true,
  },
  monumentsPage: {
    method: 'GET',
    path: PATHS.monumentsPage,
    query: MonumentPageQuery,
    answer: MonumentPage,
    status: 200,
    etag: true,
  },
  interventionsPage: {
    method: 'GET',
    path: PATHS.interventionsPage,
    query: InterventionPageQuery,
    answer: InterventionPage,
    status: 200,
    etag: true,
  },
  // The legal pages.
  /** Who runs this site and how long it keeps what: the Impressum's, the statement's and the privacy page's facts. */
  site: { method: 'GET', path: PATHS.site, answer: SiteInfo, status: 200, etag: true },
  /** A barrier reported from the accessibility statement's form: stored, mailed to staff; 202. */
  accessibilityFeedback: {
    method: 'POST',
    path: PATHS.accessibilityFeedback,
    body: NewAccessibilityFeedback,
    answer: AccessibilityFeedbackReceived,
    status: 202,
  },
  staffAccessibilityFeedback: {
    auth: 'staff',
    method: 'GET',
    path: PATHS.staffAccessibilityFeedback,
    answer: AccessibilityFeedbackList,
    status: 200,
  },
  feedAnswers: {
    method: 'GET',
    path: PATHS.feedAnswers,
    answer: z.string(),
    status: 200,
    contentType: EXPORT_TYPES.atom,
    etag: true,
  },
  // Photos: uploaded as multipart/form-data (the file in `photo`), public after staff approve.
  uploadMonumentPhoto: {
    method: 'POST',
    path: PATHS.uploadMonumentPhoto,
    params: MonumentRef,
    body: PhotoFields,
    bodyType: 'multipart/form-data',
    answer: PhotoAccepted,
    status: 202,
  },
  uploadInterventionPhoto: {
    method: 'POST',
    path: PATHS.uploadInterventionPhoto,
    params: interventionParams,
    body: PhotoFields,
    bodyType: 'multipart/form-data',
    answer: PhotoAccepted,
    status: 202,
  },
  photo: {
    method: 'GET',
    path: PATHS.photo,
    params: PhotoRef,
    answer: Photo,
    status: 200,
    cacheControl: 'private, no-cache',
  },
  photos: {
    method: 'GET',
    path: PATHS.photos,
    answer: PhotoList,
    status: 200,
    cacheControl: 'no-cache',
  },
  monumentPhotos: {
    method: 'GET',
    path: PATHS.monumentPhotos,
    params: MonumentRef,
    answer: PhotoList,
    status: 200,
    cacheControl: 'private, no-cache',
  },
  staffPhotos: {
    auth: 'staff',
    method: 'GET',
    path: PATHS.staffPhotos,
    query: StaffPhotoQuery,
    answer: StaffPhotoList,
    status: 200,
  },
  staffApprovePhoto: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffApprovePhoto,
    params: PhotoRef,
    answer: StaffPhoto,
    status: 200,
  },
  staffRejectPhoto: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffRejectPhoto,
    params: PhotoRef,
    body: RejectPhotoBody,
    answer: StaffPhoto,
    status: 200,
  },
  staffRotatePhoto: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffRotatePhoto,
    params: PhotoRef,
    body: RotatePhotoBody,
    answer: StaffPhoto,
    status: 200,
  },
  staffDeletePhoto: {
    auth: 'staff',
    method: 'DELETE',
    path: PATHS.staffDeletePhoto,
    params: PhotoRef,
    answer: PhotoRemoved,
    status: 200,
  },
} as const satisfies Record<string, Route>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
