// Confirming a vote by e-mail: the popup asks for the mail, the mail's page confirms.
// The follow requests' plumbing (followApi.ts) has the shared failures.
import type { ConfirmVoteRequest } from '@linz/contract';
import { call } from '../api/client';
import { failure, success } from '../feedback/feedback';
import { attempt, invalidToken, otherwise, type Call, type Confirmed, type Outcome } from '../follow/followApi';

/** `POST …/vote/confirm`: 202 for any address; NOT_FOUND when this browser has not voted for the proposal. */
export async function requestVoteConfirmation(proposalId: number, body: ConfirmVoteRequest, send: Call = call): Promise<Outcome> {
  const { error } = await attempt(() => send('confirmVote', { params: { proposalId }, body }));
  if (error === null) return { ok: true, feedback: success('votes.form.pending') };
  if (error.code === 'INVALID_INPUT') return { ok: false, feedback: failure('follow.errors.badAddress') };
  if (error.code === 'NOT_FOUND') return { ok: false, feedback: failure('votes.form.notVoted') };
  return otherwise(error);
}

/** `POST /api/votes/confirm`: only the page's button calls it, never the link itself. */
export async function confirmVoteToken(token: string, send: Call = call): Promise<Confirmed> {
  const { answer, error } = await attempt(() => send('votesConfirm', { body: { token } }));
  if (error === null) return { ok: true, proposalId: answer.proposalId, already: answer.already };
  if (invalidToken(error)) return { ok: false, feedback: failure('votes.confirm.invalid') };
  return otherwise(error);
}
