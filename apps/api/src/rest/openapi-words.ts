// The OpenAPI description's words (rest/openapi.ts): its tags and what each operation does, in a line.
import { MAP_CLUSTER_MAX_ZOOM, MAYOR_THRESHOLD, type RouteName } from '@linz/contract';

export const TAGS = {
  public: 'The map, its proposals and votes, as the web app uses them; no account.',
  'open data':
    "Figures and exports under the city's open-data licence, its publisher and sources named in each (Link header, /about).",
  staff: "The city's staff: a bearer token (`pnpm staff add`) or the /admin session cookie.",
  open311:
    'Open311 GeoReport v2 (read only), outside /api/ as the standard lays it out: the public proposals as service ' +
    'requests, each operation as `.json` and `.xml`. Status `open` is the city’s open, in_review and planned; ' +
    '`closed` is declined and done. Errors answer GeoReport’s list of `{code, description}`.',
  'sign-in':
    "Staff sign-in with the city's accounts (OpenID Connect): browser navigations answered with redirects; 404 when not configured.",
} as const;
export type Tag = keyof typeof TAGS;

/** What each operation does, in a line; its tag when it is not `public` or `staff`. */
export const OPERATIONS: Partial<Record<RouteName, { summary: string; tag?: Tag }>> = {
  listMonuments: { summary: 'All public monuments' },
  addMonument: {
    summary: 'Add a missing monument (unvalidated until staff check it; `underReview`: others see it once staff approve it)',
  },
  allProposals: { summary: 'All public proposals with their votes' },
  monumentProposals: { summary: "One monument's public proposals" },
  awaitingAnswer: {
    summary: `Proposals that reached ${MAYOR_THRESHOLD} votes and wait for the city's answer, longest waiting first, with the days waited`,
  },
  createProposal: {
    summary: 'Propose a proposal at a monument (`underReview`: others see it once staff approve it)',
  },
  castVote: { summary: `Vote for a proposal (once per browser; ${MAYOR_THRESHOLD} votes e-mail the mayor)` },
  clientConfig: { summary: "The web app's settings (map tiles)" },
  monument: { summary: 'One public monument (a merged id answers the monument it was merged into)' },
  reportMonument: { summary: 'Report a monument to the staff (201 new, 200 this browser’s repeat)' },
  reportProposal: { summary: 'Report a proposal to the staff (201 new, 200 this browser’s repeat)' },
  openapi: { summary: 'This description (OpenAPI 3.1)' },
  docs: { summary: 'This description as a readable page' },
  staffAnswer: { summary: "Set a proposal's status and the city's answer" },
  staffApproveProposal: { summary: 'Publish a proposal held by the word screen or waiting for approval (MODERATION=pre)' },
  staffApproveMonument: { summary: 'Publish a monument held by the word screen or waiting for approval (MODERATION=pre)' },
  staffQueue: { summary: 'What awaits a decision: held and pending items first, new monuments, reported items' },
  staffAudit: { summary: 'The audit log, newest first, filtered and paged' },
  staffAuditCsv: { summary: 'The audit log as CSV, with the same filters, in German or English' },
  staffOutbox: { summary: "The mayor's e-mails and their delivery state" },
  staffRetryMail: { summary: 'Queue a failed e-mail to the mayor again' },
  confirmVote: {
    summary:
      'Ask for a confirmation mail for this browser’s vote (202 for any address; one confirmed vote per address and proposal)',
  },
  votesConfirm: { summary: "Confirm a vote with the confirmation mail's token" },
  staffVoteAlerts: {
    summary: "Open alerts about proposals' votes (bursts from one network, near-regular intervals, few networks)",
  },
  staffVoteReview: { summary: "Where a proposal's votes came from: networks (as labels), hours, confirmations, alerts, mails" },
  staffVotePreview: { summary: 'How many votes a release or invalidation by filter would change, and the counts after it' },
  staffVoteDecide: { summary: 'Release or invalidate the votes of a filter (audit-logged; counts recomputed exactly)' },
  staffReleaseMail: { summary: "Send a mayor's e-mail that was held for a check of its votes" },
  stats: { summary: 'The representation dashboard’s figures', tag: 'open data' },
  statsImage: { summary: 'The dashboard’s headline as an Open Graph image (1200 × 630 PNG)', tag: 'open data' },
  proposalImage: {
    summary:
      'A proposal’s Open Graph image: its name, monument and votes (1200 × 630 PNG); a merged proposal’s id: 301 to the image of the one it continues as',
  },
  monumentsGeojson: { summary: 'Public monuments as GeoJSON (RFC 7946), with a bbox and the map’s filters', tag: 'open data' },
  monumentsCsv: { summary: 'Public monuments as CSV, with a bbox and the map’s filters', tag: 'open data' },
  proposalsCsv: { summary: 'Public proposals as CSV', tag: 'open data' },
  feedProposals: { summary: 'New proposals (Atom)', tag: 'open data' },
  feedAnswers: { summary: "Proposals that reached the threshold and the city's answers (Atom)", tag: 'open data' },
  openDataCatalog: {
    summary: 'The open data as a DCAT-AP catalogue (JSON-LD, the fields data.gv.at harvests)',
    tag: 'open data',
  },
  follow: { summary: 'Follow a proposal by e-mail: sends a confirmation mail (202 whether or not the address follows already)' },
  followConfirm: { summary: "Confirm a follow with the confirmation mail's token" },
  followUnsubscribe: {
    summary:
      'End a follow (all=1: every follow of the address); RFC 8058 one-click with the form body `List-Unsubscribe=One-Click`',
  },
  watch: { summary: 'Follow a proposal in this browser only (shown on "mine")' },
  unwatch: { summary: 'Stop following a proposal in this browser' },
  mine: { summary: 'What this browser proposed, voted for and follows (no voter cookie: empty lists)' },
  oidcStart: {
    summary: "Staff sign-in with the city's accounts: a browser goes here (redirect to the provider)",
    tag: 'sign-in',
  },
  oidcCallback: { summary: 'Where the city’s identity provider sends the browser back (redirect to /admin)', tag: 'sign-in' },
  mapTile: {
    summary:
      'The map in one slippy-map tile: clusters (count, not yet reviewed, zoom to expand to) and single monuments, with ' +
      `the finder's filters; from zoom ${MAP_CLUSTER_MAX_ZOOM + 1} every monument on its own. Each cluster and monument ` +
      'lies in exactly one tile of a zoom. A shared cache (CDN) may keep it briefly; the ETag changes when its content does.',
  },
  monumentsPage: {
    summary: 'Public monuments a page at a time, searched (`q`) and filtered on the server, by name; `nextCursor` leads on',
  },
  proposalsPage: {
    summary: 'Public proposals a page at a time, with their monument, searched (`q`) and filtered; `nextCursor` leads on',
  },
  uploadMonumentPhoto: {
    summary:
      'Add a photo of a monument (multipart/form-data): JPEG, PNG or WebP, re-encoded without metadata; public once staff approve it (202 pending)',
  },
  uploadProposalPhoto: {
    summary: 'Add the picture of a proposal (multipart/form-data, one per proposal); public once staff approve it (202 pending)',
  },
  photo: {
    summary:
      "One photo's metadata and its URLs (`/media/<sha256>.webp`, `-480.webp`); a pending one only for the browser that sent it",
  },
  photos: { summary: 'Every public photo (approved, of public monuments and proposals), oldest first' },
  monumentPhotos: {
    summary: "A monument's photos and its proposals' pictures; a pending one only for the browser that sent it (`status`)",
  },
  staffPhotos: { summary: 'Photos by status (pending first to review), oldest first' },
  staffApprovePhoto: { summary: 'Publish a photo' },
  staffRejectPhoto: { summary: 'Refuse a photo, with a reason (kept from the public)' },
  staffRotatePhoto: { summary: 'Turn a photo by 90° either way (new bytes: its URLs change)' },
  staffDeletePhoto: { summary: 'Remove a photo and its bytes: its URLs answer 404 at once' },
};
