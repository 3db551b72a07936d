import { describe, expect, it } from 'vitest';
import type { Answer, Request } from '../follow/followApi';
import { confirmVoteToken, requestVoteConfirmation } from './voteConfirmApi';

function fake(answer: Answer | Error) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const send: Request = async (method, url, body) => {
    sent.push({ method, url, body });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { send, sent };
}

describe('requestVoteConfirmation', () => {
  it('posts address and language to the vote’s confirm path; 202 asks to look for the mail', async () => {
    const { send, sent } = fake({ status: 202, json: { pending: true } });
    const outcome = await requestVoteConfirmation(7, { email: 'a@b.at', lang: 'de' }, send);
    expect(sent).toEqual([{ method: 'POST', url: '/api/interventions/7/vote/confirm', body: { email: 'a@b.at', lang: 'de' } }]);
    expect(outcome).toEqual({ ok: true, feedback: { kind: 'success', key: 'votes.form.pending' } });
  });

  it.each([
    [400, 'follow.errors.badAddress'],
    [404, 'votes.form.notVoted'],
    [429, 'follow.errors.tooMany'],
    [500, 'errors.server'],
  ])('%i is told as %s', async (status, key) => {
    const { send } = fake({ status, json: { message: 'x' } });
    expect(await requestVoteConfirmation(7, { email: 'a@b.at', lang: 'en' }, send)).toEqual({
      ok: false,
      feedback: { kind: 'error', key },
    });
  });

  it('no connection is told as such', async () => {
    const { send } = fake(new TypeError('offline'));
    expect((await requestVoteConfirmation(7, { email: 'a@b.at', lang: 'en' }, send)).feedback.key).toBe('follow.errors.network');
  });
});

describe('confirmVoteToken', () => {
  it('posts the token; 200 names the proposal', async () => {
    const { send, sent } = fake({ status: 200, json: { confirmed: true, interventionId: 7, already: false } });
    expect(await confirmVoteToken('tok', send)).toEqual({ ok: true, interventionId: 7, already: false });
    expect(sent).toEqual([{ method: 'POST', url: '/api/votes/confirm', body: { token: 'tok' } }]);
  });

  it('a used link: 200 with already, so the page says the vote is confirmed already', async () => {
    const { send } = fake({ status: 200, json: { confirmed: true, interventionId: 7, already: true } });
    expect(await confirmVoteToken('tok', send)).toEqual({ ok: true, interventionId: 7, already: true });
  });

  it('404 (wrong or expired) says so', async () => {
    const { send } = fake({ status: 404, json: { message: 'gone' } });
    expect(await confirmVoteToken('tok', send)).toEqual({ ok: false, feedback: { kind: 'error', key: 'votes.confirm.invalid' } });
  });
});
