// The vote flow of spec section 4, free of React so it can be tested on its own.
import { call } from '../api/client';
import { apiErrorOf } from '../api/errors';
import { failure, refusal, success, type Feedback } from '../feedback/feedback';
import { votedList } from '../storage/keys';
import type { QueuedAction } from '../offline/queue';
import { retriedImport } from '../layout/retriedImport';

export type VoteOutcome =
  /** mayorNotified: this vote reached the threshold (confetti); `mayor` says what happened then. */
  | { type: 'recorded'; newVoteCount: number; mayorNotified: boolean; mayor: 'mailed' | 'checked' | null; feedback: Feedback }
  | { type: 'rejected'; feedback: Feedback }
  /** No connection: kept in the offline queue, sent (with the same key) when it returns. */
  | { type: 'queued'; feedback: Feedback };

type Target = { monumentId: string; proposalId: number; name: string };

export type VoteDeps = {
  call: typeof call;
  voted: typeof votedList;
  /** Keeps the vote for later (offline/queue.ts; loaded only when needed). */
  enqueue?: (action: QueuedAction, key: string) => Promise<void>;
};

const enqueueLater = async (action: QueuedAction, key: string) =>
  (await retriedImport(() => import('../offline/queue'))).enqueue(action, key);

/** The message of a second vote for one proposal (the spec's text). */
export const ALREADY_VOTED = 'errors.alreadyVoted';
const alreadyVoted: VoteOutcome = { type: 'rejected', feedback: failure(ALREADY_VOTED) };

export async function castVote(target: Target, deps: VoteDeps = { call, voted: votedList }): Promise<VoteOutcome> {
  const { monumentId, proposalId, name } = target;
  if (deps.voted.read(monumentId).includes(proposalId)) return alreadyVoted;

  // Made now, when the visitor votes: a resend of this vote (from the queue) is the same vote.
  const key = crypto.randomUUID();
  const queue = async (): Promise<VoteOutcome> => {
    await (deps.enqueue ?? enqueueLater)({ kind: 'vote', monumentId, proposalId, label: name }, key);
    return { type: 'queued', feedback: success('offline.queued.vote') };
  };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return queue();
  let newVoteCount: number;
  let mayorAnswer: 'mailed' | 'checked' | undefined;
  try {
    ({ newVoteCount, mayor: mayorAnswer } = await deps.call('castVote', {
      params: { proposalId },
      body: { monumentId, action: 'vote' },
      idempotencyKey: key,
    }));
  } catch (thrown) {
    const error = apiErrorOf(thrown);
    switch (error.code) {
      // No answer: it may or may not have arrived; the queue sends it again with the same key.
      case 'NETWORK':
        return queue();
      case 'ALREADY_VOTED':
        // The server remembers the vote (cookie): remember it here too, so we stop asking.
        deps.voted.add(monumentId, proposalId);
        return alreadyVoted;
      case 'TOO_MANY_REQUESTS':
        return { type: 'rejected', feedback: failure('errors.tooManyRequests') };
      default:
        return { type: 'rejected', feedback: refusal(error) };
    }
  }

  deps.voted.add(monumentId, proposalId);
  // The server says what happened at the city's threshold, on the vote that reached it (issue 56):
  // the spec's message only when the mayor's office was e-mailed; when the votes are checked first, that.
  const mayor = mayorAnswer ?? null;
  return {
    type: 'recorded',
    newVoteCount,
    mayorNotified: mayor !== null,
    mayor,
    feedback:
      mayor === 'mailed'
        ? success('success.mayorNotified', { name })
        : mayor === 'checked'
          ? success('success.mayorReview', { name })
          : success('success.voteRecorded'),
  };
}
