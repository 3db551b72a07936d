// The follow requests (e-mail follow, confirm, unsubscribe, this browser's watch, "mine"), free of
// React so each outcome can be tested on its own. Every outcome names the text the visitor sees;
// the follow answer never tells whether the address already followed (the server answers 202 alike).
import type { FollowRequest, Mine } from '@linz/contract';
import { call } from '../api/client';
import { apiErrorOf, type ApiError } from '../api/errors';
import { failure, refusal, success, type Feedback } from '../feedback/feedback';

/** The API's one call (api/client.ts); tests pass their own (api/testing.ts). */
export type Call = typeof call;

export type Outcome = { ok: boolean; feedback: Feedback };
export type Failed = { ok: false; feedback: Feedback };

/** Runs a request; its failure as an ApiError (errors.ts), null when it succeeded. */
export async function attempt<T>(run: () => Promise<T>): Promise<{ answer: T; error: null } | { answer: null; error: ApiError }> {
  try {
    return { answer: await run(), error: null };
  } catch (thrown) {
    return { answer: null, error: apiErrorOf(thrown) };
  }
}

/** The shared tail of every outcome: no connection, too many requests, and the server's own words for other refusals. */
export function otherwise(error: ApiError): Failed {
  if (error.code === 'NETWORK') return { ok: false, feedback: failure('follow.errors.network') };
  if (error.code === 'TOO_MANY_REQUESTS') return { ok: false, feedback: failure('follow.errors.tooMany') };
  return { ok: false, feedback: refusal(error) };
}

/** A link's token that is unknown, used up or not even well-formed. */
export const invalidToken = (error: ApiError) => error.code === 'NOT_FOUND' || error.code === 'INVALID_INPUT';

/** `POST …/follow`: 202 asks the visitor to look for the confirmation mail (the same text whether or not the address followed). */
export async function requestFollow(proposalId: number, body: FollowRequest, send: Call = call): Promise<Outcome> {
  const { error } = await attempt(() => send('follow', { params: { proposalId }, body }));
  if (error === null) return { ok: true, feedback: success('follow.form.pending') };
  if (error.code === 'INVALID_INPUT') return { ok: false, feedback: failure('follow.errors.badAddress') };
  if (error.code === 'NOT_FOUND') return { ok: false, feedback: failure('follow.errors.gone') };
  return otherwise(error);
}

/** `already`: the link was used before (a vote's confirmation says so instead of failing). */
export type Confirmed = { ok: true; proposalId: number; already?: boolean } | Failed;

/** `POST /api/follow/confirm`: only a click on the page's button calls it, never the link itself. */
export async function confirmFollow(token: string, send: Call = call): Promise<Confirmed> {
  const { answer, error } = await attempt(() => send('followConfirm', { body: { token } }));
  if (error === null) return { ok: true, proposalId: answer.proposalId };
  if (invalidToken(error)) return { ok: false, feedback: failure('follow.confirm.invalid') };
  return otherwise(error);
}

/** `POST /api/follow/unsubscribe?token=…[&all=1]` with a JSON body (mail clients send the RFC 8058 form instead). */
export async function unsubscribe(token: string, all: boolean, send: Call = call): Promise<Outcome> {
  const { error } = await attempt(() => send('followUnsubscribe', { query: all ? { token, all: '1' } : { token } }));
  if (error === null) return { ok: true, feedback: success(all ? 'follow.unsubscribe.doneAll' : 'follow.unsubscribe.done') };
  if (invalidToken(error)) return { ok: false, feedback: failure('follow.unsubscribe.invalid') };
  return otherwise(error);
}

/** `POST …/watch` or `…/unwatch`: this browser follows without e-mail. */
export async function setWatching(proposalId: number, watching: boolean, send: Call = call): Promise<Outcome> {
  const { answer, error } = await attempt(() => send(watching ? 'watch' : 'unwatch', { params: { proposalId } }));
  if (error === null) return { ok: true, feedback: success(answer.watching ? 'follow.watch.on' : 'follow.watch.off') };
  if (error.code === 'NOT_FOUND') return { ok: false, feedback: failure('follow.errors.gone') };
  return otherwise(error);
}

/** `GET /api/mine`; a failure is thrown (the page shows it), a malformed answer too. */
export const fetchMine = (send: Call = call): Promise<Mine> => send('mine');
