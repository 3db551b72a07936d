// The vote flow of spec section 4, free of React so it can be tested on its own.
import { MAYOR_THRESHOLD } from '@linz/contract/facts';
import { isVoteAnswer } from '../api/answers';
import { ApiError, send, serverMessageOf } from '../api/client';
import { failure, serverText, success, type Feedback } from '../feedback/feedback';
import { votedList } from '../storage/keys';
import type { QueuedAction } from '../offline/queue';
import { retriedImport } from '../layout/retriedImport';

export type VoteOutcome =
  | { type: 'recorded'; newVoteCount: number; mayorNotified: boolean; feedback: Feedback }
  | { type: 'rejected'; feedback: Feedback }
  /** No connection: kept in the offline queue, sent (with the same key) when it returns. */
  | { type: 'queued'; feedback: Feedback };

type Target = { monumentId: string; interventionId: number; name: string };

export type VoteDeps = {
  send: typeof send;
  voted: typeof votedList;
  /** Keeps the vote for later (offline/queue.ts; loaded only when needed). */
  enqueue?: (action: QueuedAction, key: string) => Promise<void>;
};

const enqueueLater = async (action: QueuedAction, key: string) =>
  (await retriedImport(() => import('../offline/queue'))).enqueue(action, key);

const alreadyVoted: VoteOutcome = { type: 'rejected', feedback: failure('errors.alreadyVoted') };

export async function castVote(target: Target, deps: VoteDeps = { send, voted: votedList }): Promise<VoteOutcome> {
  const { monumentId, interventionId, name } = target;
  if (deps.voted.read(monumentId).includes(interventionId)) return alreadyVoted;

  // Made now, when the visitor votes: a resend of this vote (from the queue) is the same vote.
  const key = crypto.randomUUID();
  const queue = async (): Promise<VoteOutcome> => {
    await (deps.enqueue ?? enqueueLater)({ kind: 'vote', monumentId, interventionId, label: name }, key);
    return { type: 'queued', feedback: success('offline.queued.vote') };
  };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return queue();
  let answer: Awaited<ReturnType<typeof send>>;
  try {
    answer = await deps.send('castVote', {
      params: { interventionId },
      body: { monumentId, action: 'vote' },
      idempotencyKey: key,
    });
  } catch (error) {
    // No answer: it may or may not have arrived; the queue sends it again with the same key.
    if (error instanceof ApiError && error.kind === 'network') return queue();
    if (error instanceof ApiError) return { type: 'rejected', feedback: failure('errors.server') };
    throw error;
  }

  if (answer.status === 403) {
    // The server remembers the vote (cookie): remember it here too, so we stop asking.
    deps.voted.add(monumentId, interventionId);
    return alreadyVoted;
  }
  if (answer.status === 429) return { type: 'rejected', feedback: failure('errors.tooManyRequests') };
  if (!answer.ok) {
    const message = serverMessageOf(answer.json);
    return { type: 'rejected', feedback: message !== undefined ? serverText(message) : failure('errors.server') };
  }
  if (!isVoteAnswer(answer.json)) return { type: 'rejected', feedback: failure('errors.server') };

  const { newVoteCount } = answer.json;
  deps.voted.add(monumentId, interventionId);
  const mayorNotified = newVoteCount === MAYOR_THRESHOLD;
  return {
    type: 'recorded',
    newVoteCount,
    mayorNotified,
    feedback: mayorNotified ? success('success.mayorNotified', { name }) : success('success.voteRecorded'),
  };
}
