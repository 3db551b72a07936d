import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { answering, type Answer } from '../api/testing';
import { confirmVoteToken, requestVoteConfirmation } from './voteConfirmApi';

function fake(answer: Answer | Error) {
  const server = answering(answer);
  return { send: server.call, sent: server.sent };
}

describe('requestVoteConfirmation', () => {
  it('posts address and language to the vote’s confirm path; 202 asks to look for the mail', async () => {
    const { send, sent } = fake({ status: 202, json: { pending: true } });
    const outcome = await requestVoteConfirmation(7, { email: 'a@b.at', lang: 'de' }, send);
    expect(sent).toEqual([
      { route: 'confirmVote', options: { params: { proposalId: 7 }, body: { email: 'a@b.at', lang: 'de' } } },
    ]);
    expect(outcome).toEqual({ ok: true, feedback: { kind: 'success', key: 'votes.form.pending' } });
  });

  it.each([
    [400, 'INVALID_INPUT', 'follow.errors.badAddress'],
    [404, 'NOT_FOUND', 'votes.form.notVoted'],
    [429, 'TOO_MANY_REQUESTS', 'follow.errors.tooMany'],
    [500, 'INTERNAL', 'errors.server'],
  ])('%i %s is told as %s', async (status, code, key) => {
    const { send } = fake({ status, json: { code, message: 'x' } });
    expect(await requestVoteConfirmation(7, { email: 'a@b.at', lang: 'en' }, send)).toEqual({
      ok: false,
      feedback: { kind: 'error', key },
    });
  });

  it('no connection is told as such', async () => {
    const { send } = fake(new ApiError('NETWORK'));
    expect((await requestVoteConfirmation(7, { email: 'a@b.at', lang: 'en' }, send)).feedback.key).toBe('follow.errors.network');
  });
});

describe('confirmVoteToken', () => {
  it('posts the token; 200 names the proposal', async () => {
    const { send, sent } = fake({ status: 200, json: { confirmed: true, proposalId: 7, already: false } });
    expect(await confirmVoteToken('tok', send)).toEqual({ ok: true, proposalId: 7, already: false });
    expect(sent).toEqual([{ route: 'votesConfirm', options: { body: { token: 'tok' } } }]);
  });

  it('a used link: 200 with already, so the page says the vote is confirmed already', async () => {
    const { send } = fake({ status: 200, json: { confirmed: true, proposalId: 7, already: true } });
    expect(await confirmVoteToken('tok', send)).toEqual({ ok: true, proposalId: 7, already: true });
  });

  it('NOT_FOUND (wrong or expired) says so', async () => {
    const { send } = fake({ status: 404, json: { code: 'NOT_FOUND', message: 'gone' } });
    expect(await confirmVoteToken('tok', send)).toEqual({ ok: false, feedback: { kind: 'error', key: 'votes.confirm.invalid' } });
  });
});
