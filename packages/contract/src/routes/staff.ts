// The staff desk (Authorization: Bearer <token>, or the /admin session) and its sign-in with the city's accounts.
import { z } from 'zod';
import { Intervention } from '../proposal.js';
import { MonumentRef } from '../monument.js';
import {
  AnswerBody,
  AuditCsvQuery,
  AuditPage,
  AuditQuery,
  NotificationIdParam,
  OutboxEntry,
  OutboxList,
  QueueProposal,
  StaffMonument,
  StaffQueue,
} from '../staff.js';
import { PATHS } from '../facts.js';
import { AccessibilityFeedbackList } from '../site.js';
import { EXPORT_TYPES } from '../exports.js';
import { proposalParams, type Route } from './route.js';

export const staffRoutes = {
  staffAnswer: {
    auth: 'staff',
    method: 'PUT',
    path: PATHS.staffAnswer,
    params: proposalParams,
    body: AnswerBody,
    answer: Intervention,
    status: 200,
  },
  /** Publishes a proposal held by the word screen or waiting under MODERATION=pre (rejecting is today's moderation). */
  staffApproveProposal: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffApproveProposal,
    params: proposalParams,
    answer: QueueProposal,
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
  /** Sends the browser to the city's identity provider (or to /admin?oidc=failed when it cannot be reached). */
  oidcStart: { method: 'GET', path: PATHS.oidcStart, answer: z.never(), status: 302 },
  /** The provider's answer: on to /admin signed in, or to /admin?oidc=denied|failed with no session. */
  oidcCallback: { method: 'GET', path: PATHS.oidcCallback, answer: z.never(), status: 302 },
  staffAccessibilityFeedback: {
    auth: 'staff',
    method: 'GET',
    path: PATHS.staffAccessibilityFeedback,
    answer: AccessibilityFeedbackList,
    status: 200,
  },
} as const satisfies Record<string, Route>;
