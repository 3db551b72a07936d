// The follow requests (e-mail follow, confirm, unsubscribe, this browser's watch, "mine"), free of
// React so each outcome can be tested on its own. Every outcome names the text the visitor sees;
// the follow answer never tells whether the address already followed (the server answers 202 alike).
import type { FollowRequest, Mine, MineHidden, MineItem, MineMonument } from '@linz/contract';
import { PATHS, pathOf } from '@linz/contract/facts';
import { arrayOf, isBoolean, isInteger, isNumber, isRecord, isString, shape, type Check } from '../api/checks';
import { isIntervention, withProposalDefaults } from '../api/answers';
import { fetchJson, serverMessageOf } from '../api/client';
import { failure, serverText, success, type Feedback } from '../feedback/feedback';

export type Answer = { status: number; json: unknown };
/** One JSON request; tests pass their own. Throws only when the network fails. */
export type Request = (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<Answer>;

export const request: Request = async (method, url, body) => {
  const { status, json } = await fetchJson(method, url, { json: body });
  return { status, json };
};

export type Outcome = { ok: boolean; feedback: Feedback };
export type Failed = { ok: false; feedback: Feedback };

export async function attempt(run: () => Promise<Answer>): Promise<Answer | null> {
  try {
    return await run();
  } catch {
    return null;
  }
}

/** The shared tail of every outcome: 429 and other failures, with the server's own words when it sent some. */
export function otherwise(answer: Answer | null): Failed {
  if (answer === null) return { ok: false, feedback: failure('follow.errors.network') };
  if (answer.status === 429) return { ok: false, feedback: failure('follow.errors.tooMany') };
  const message = answer.status < 500 ? serverMessageOf(answer.json) : undefined;
  return { ok: false, feedback: message !== undefined ? serverText(message) : failure('errors.server') };
}

/** `POST …/follow`: 202 asks the visitor to look for the confirmation mail (the same text whether or not the address followed). */
export async function requestFollow(interventionId: number, body: FollowRequest, send: Request = request): Promise<Outcome> {
  const answer = await attempt(() => send('POST', pathOf(PATHS.follow, { interventionId }), body));
  if (answer?.status === 202) return { ok: true, feedback: success('follow.form.pending') };
  if (answer?.status === 400) return { ok: false, feedback: failure('follow.errors.badAddress') };
  if (answer?.status === 404) return { ok: false, feedback: failure('follow.errors.gone') };
  return otherwise(answer);
}

/** `already`: the link was used before (a vote's confirmation says so instead of failing). */
export type Confirmed = { ok: true; interventionId: number; already?: boolean } | Failed;

/** `POST /api/follow/confirm`: only a click on the page's button calls it, never the link itself. */
export async function confirmFollow(token: string, send: Request = request): Promise<Confirmed> {
  const answer = await attempt(() => send('POST', PATHS.followConfirm, { token }));
  if (answer?.status === 200 && isRecord(answer.json) && isInteger(answer.json.interventionId))
    return { ok: true, interventionId: answer.json.interventionId };
  if (answer?.status === 404 || answer?.status === 400) return { ok: false, feedback: failure('follow.confirm.invalid') };
  return otherwise(answer);
}

/** `POST /api/follow/unsubscribe?token=…[&all=1]` with a JSON body (mail clients send the RFC 8058 form instead). */
export async function unsubscribe(token: string, all: boolean, send: Request = request): Promise<Outcome> {
  const query = new URLSearchParams(all ? { token, all: '1' } : { token });
  const answer = await attempt(() => send('POST', `${PATHS.followUnsubscribe}?${query.toString()}`, {}));
  if (answer?.status === 200)
    return { ok: true, feedback: success(all ? 'follow.unsubscribe.doneAll' : 'follow.unsubscribe.done') };
  if (answer?.status === 404 || answer?.status === 400) return { ok: false, feedback: failure('follow.unsubscribe.invalid') };
  return otherwise(answer);
}

/** `POST …/watch` or `…/unwatch`: this browser follows without e-mail. */
export async function setWatching(interventionId: number, watching: boolean, send: Request = request): Promise<Outcome> {
  const path = watching ? PATHS.watch : PATHS.unwatch;
  const answer = await attempt(() => send('POST', pathOf(path, { interventionId }), {}));
  if (answer?.status === 200 && isRecord(answer.json) && isBoolean(answer.json.watching))
    return { ok: true, feedback: success(answer.json.watching ? 'follow.watch.on' : 'follow.watch.off') };
  if (answer?.status === 404) return { ok: false, feedback: failure('follow.errors.gone') };
  return otherwise(answer);
}

const isMineItem: Check<MineItem> = (v): v is MineItem =>
  isRecord(v) &&
  isIntervention(withProposalDefaults(v.intervention)) &&
  shape<MineItem['monument']>({ id: isString, name: isString, nameEn: (n): n is string | null => n === null || isString(n) })(
    v.monument,
  ) &&
  (v.underReview === undefined || isBoolean(v.underReview));
const isMineMonument = shape<MineMonument>({ id: isString, name: isString, geoLocX: isNumber, geoLocY: isNumber });
/** An older server sends no `reviewing` (then none are under review). */
const reviewingOk = (v: unknown) => isRecord(v) && (v.reviewing === undefined || arrayOf(isMineMonument)(v.reviewing));
const isMineHidden = shape<MineHidden>({
  kind: (k): k is MineHidden['kind'] => k === 'monument' || k === 'intervention',
  name: isString,
  monumentId: isString,
  monumentName: isString,
  reason: shape<MineHidden['reason']>({ de: isString, en: isString }),
});
/** An older server sends no `hidden` (then staff hid nothing with a reason). */
const hiddenOk = (v: unknown) => isRecord(v) && (v.hidden === undefined || arrayOf(isMineHidden)(v.hidden));
const isSeen = shape<Mine['seen'][number]>({ id: isInteger, votes: isInteger, confirmedVotes: isInteger });
/** An older server sends no `seen` (then every count is the public one). */
const seenOk = (v: unknown) => isRecord(v) && (v.seen === undefined || arrayOf(isSeen)(v.seen));
const isMine = (v: unknown): v is Mine =>
  reviewingOk(v) &&
  hiddenOk(v) &&
  seenOk(v) &&
  shape<Omit<Mine, 'reviewing' | 'hidden' | 'seen'>>({
    proposed: arrayOf(isMineItem),
    voted: arrayOf(isMineItem),
    following: arrayOf(isMineItem),
  })(v);

/** `GET /api/mine`; a failure is thrown (the page shows it), a malformed answer too. */
export async function fetchMine(send: Request = request): Promise<Mine> {
  const answer = await send('GET', PATHS.mine);
  if (answer.status !== 200 || !isMine(answer.json)) throw new Error(`mine: ${answer.status}`);
  const json = answer.json;
  const fill = (items: MineItem[]) =>
    items.map((item) => ({
      ...item,
      intervention: withProposalDefaults(item.intervention) as MineItem['intervention'],
      // An older server has no review before publication: everything it lists is public.
      underReview: item.underReview ?? false,
    }));
  const reviewing = (json.reviewing as Mine['reviewing'] | undefined) ?? [];
  const hidden = (json.hidden as Mine['hidden'] | undefined) ?? [];
  const seen = (json.seen as Mine['seen'] | undefined) ?? [];
  return { proposed: fill(json.proposed), voted: fill(json.voted), following: fill(json.following), reviewing, hidden, seen };
}
