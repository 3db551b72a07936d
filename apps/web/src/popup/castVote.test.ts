import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { answering, type Answer } from '../api/testing';
import { castVote, type VoteDeps } from './castVote';

function deps(answer: Answer | Error, voted: number[] = []) {
  const list = [...voted];
  const server = answering(answer);
  const d: VoteDeps = { call: server.call, voted: { read: () => list, add: (_m: string, id: number) => void list.push(id) } };
  return { d, list, sent: server.sent };
}

const target = { monumentId: 'mon-a', proposalId: 7, name: 'Johanna Dohnal' };

describe('castVote (spec section 4)', () => {
  it('blocks a second vote from this browser without asking the server', async () => {
    const { d, sent } = deps({ status: 200, json: { newVoteCount: 2 } }, [7]);
    const outcome = await castVote(target, d);
    expect(outcome).toEqual({ type: 'rejected', feedback: { kind: 'error', key: 'errors.alreadyVoted' } });
    expect(sent).toHaveLength(0);
  });

  it('sends monumentId and action, takes the server count and remembers the vote', async () => {
    const { d, list, sent } = deps({ status: 200, json: { newVoteCount: 4 } });
    const outcome = await castVote(target, d);
    expect(sent[0]?.options).toMatchObject({ params: { proposalId: 7 }, body: { monumentId: 'mon-a', action: 'vote' } });
    // The Idempotency-Key made when the visitor voted.
    expect((sent[0]?.options as { idempotencyKey: string }).idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(outcome).toMatchObject({ type: 'recorded', newVoteCount: 4, mayorNotified: false });
    expect(outcome.feedback.key).toBe('success.voteRecorded');
    expect(list).toEqual([7]);
  });

  it('at exactly 10 votes says the mayor was notified, naming the proposal, when the server mailed', async () => {
    const { d } = deps({ status: 200, json: { newVoteCount: 10, mayor: 'mailed' } });
    const outcome = await castVote(target, d);
    expect(outcome).toMatchObject({ type: 'recorded', mayorNotified: true, mayor: 'mailed' });
    expect(outcome.feedback).toEqual({ kind: 'success', key: 'success.mayorNotified', values: { name: 'Johanna Dohnal' } });
  });

  it('at 10 votes that are checked first says so, not that the mayor was notified (issue 56)', async () => {
    const { d } = deps({ status: 200, json: { newVoteCount: 10, mayor: 'checked' } });
    const outcome = await castVote(target, d);
    expect(outcome).toMatchObject({ type: 'recorded', mayorNotified: true, mayor: 'checked' });
    expect(outcome.feedback).toEqual({ kind: 'success', key: 'success.mayorReview', values: { name: 'Johanna Dohnal' } });
    // Without the server's word nothing is claimed.
    const { d: silent } = deps({ status: 200, json: { newVoteCount: 10 } });
    expect((await castVote(target, silent)).feedback.key).toBe('success.voteRecorded');
  });

  it("takes the server's word at a city's own threshold (3 votes in a smaller town)", async () => {
    const { d } = deps({ status: 200, json: { newVoteCount: 3, mayor: 'mailed' } });
    expect(await castVote(target, d)).toMatchObject({ mayorNotified: true, mayor: 'mailed' });
  });

  it('does not celebrate again at 11', async () => {
    const { d } = deps({ status: 200, json: { newVoteCount: 11 } });
    expect(await castVote(target, d)).toMatchObject({ mayorNotified: false });
  });

  it('treats ALREADY_VOTED as already voted and remembers it', async () => {
    const { d, list } = deps({ status: 403, json: { code: 'ALREADY_VOTED', message: 'Already voted' } });
    expect((await castVote(target, d)).feedback.key).toBe('errors.alreadyVoted');
    expect(list).toEqual([7]);
  });

  it('does not take another refusal with the same status (a cross-site FORBIDDEN) for a vote', async () => {
    const { d, list } = deps({ status: 403, json: { code: 'FORBIDDEN', message: 'Cross-site write refused.' } });
    expect((await castVote(target, d)).feedback).toMatchObject({ kind: 'error', text: 'Cross-site write refused.' });
    expect(list).toEqual([]);
  });

  it('shows a clear message on TOO_MANY_REQUESTS, also from a proxy that sends no body', async () => {
    const { d, list } = deps({ status: 429, json: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests' } });
    expect((await castVote(target, deps({ status: 429, json: undefined }).d)).feedback.key).toBe('errors.tooManyRequests');
    expect((await castVote(target, d)).feedback.key).toBe('errors.tooManyRequests');
    expect(list).toEqual([]);
  });

  it("shows the server's text, or 'Server error.' without a body", async () => {
    const withText = deps({ status: 404, json: { code: 'NOT_FOUND', message: 'proposal not found' } });
    expect((await castVote(target, withText.d)).feedback).toMatchObject({ kind: 'error', text: 'proposal not found' });
    const noBody = deps({ status: 500, json: undefined });
    expect((await castVote(target, noBody.d)).feedback).toEqual({ kind: 'error', key: 'errors.server' });
  });

  it('keeps a vote that got no answer in the offline queue, with the key it was sent with', async () => {
    const network = deps(new ApiError('NETWORK'));
    const queued: { action: unknown; key: string }[] = [];
    network.d.enqueue = async (action, key) => void queued.push({ action, key });
    const outcome = await castVote(target, network.d);
    expect(outcome).toEqual({ type: 'queued', feedback: { kind: 'success', key: 'offline.queued.vote' } });
    expect(queued).toEqual([
      {
        action: { kind: 'vote', monumentId: 'mon-a', proposalId: 7, label: 'Johanna Dohnal' },
        key: (network.sent[0]?.options as { idempotencyKey: string }).idempotencyKey,
      },
    ]);
    expect(network.list).toEqual([]);
  });

  it("answers a malformed answer with 'Server error.'", async () => {
    const malformed = deps({ status: 200, json: { count: 'many' } });
    expect((await castVote(target, malformed.d)).feedback.key).toBe('errors.server');
    expect(malformed.list).toEqual([]);
  });
});
