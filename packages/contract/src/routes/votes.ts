// Votes: casting one, confirming it by e-mail, and staff's check of the votes.
import { z } from 'zod';
import { ConfirmVoteRequest, VoteAnswer, VoteConfirmed, VoteConfirmPending, VoteConfirmToken, VoteRequest } from '../vote.js';
import { VoteAlertList, VoteDecision, VoteDecisionAnswer, VotePreviewRequest, VoteReview } from '../vote-review.js';
import { NotificationIdParam, OutboxEntry } from '../staff.js';
import { PATHS } from '../facts.js';
import { proposalParams, type Route } from './route.js';

export const votesRoutes = {
  castVote: {
    method: 'POST',
    path: PATHS.castVote,
    params: proposalParams,
    body: VoteRequest,
    answer: VoteAnswer,
    status: 200,
    idempotent: true,
  },
  /** 202 for any address; 404 when this browser has not voted for the proposal. */
  confirmVote: {
    method: 'POST',
    path: PATHS.confirmVote,
    params: proposalParams,
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
    params: proposalParams,
    answer: VoteReview,
    status: 200,
  },
  /** How many votes a decision would change, and the counts after it; changes nothing. */
  staffVotePreview: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffVotePreview,
    params: proposalParams,
    body: VotePreviewRequest,
    answer: VoteDecisionAnswer,
    status: 200,
  },
  /** Releases or invalidates the votes of a filter, audit-logged; the counts are recomputed exactly. */
  staffVoteDecide: {
    auth: 'staff',
    method: 'POST',
    path: PATHS.staffVoteDecide,
    params: proposalParams,
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
} as const satisfies Record<string, Route>;
