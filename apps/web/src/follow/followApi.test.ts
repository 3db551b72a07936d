import { describe, expect, it } from 'vitest';
import { emptyMine } from '@linz/contract';
import { ApiError } from '../api/errors';
import { answering, type Answer } from '../api/testing';
import { confirmFollow, fetchMine, requestFollow, setWatching, unsubscribe } from './followApi';
import { validateTokenSearch } from './tokenSearch';

/** The API's call answering `answer`; `sent` lists each request's URL and body as the client sends them. */
function fake(answer: Answer | Error) {
  const server = answering(answer);
  return { send: server.call, sent: server.sent };
}

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const proposal = {
  id: 7,
  monumentId: 'mon-a',
  name: 'Johanna Dohnal',
  emoji: '',
  votes: 7,
  confirmedVotes: 0,
  mayorNotifiedAt: null,
  mayorReview: false,
  status: 'open',
  answer: null,
  history: [],
};
const item = {
  proposal: proposal,
  monument: { id: 'mon-a', name: 'Denkmal', name_en: null },
  underReview: false,
  voteConfirmed: false,
};
const mine = (lists: object) => ({ ...emptyMine(), ...lists });

describe('requestFollow', () => {
  it('posts address and language to the proposal’s follow path; 202 asks to look for the mail', async () => {
    const { send, sent } = fake({ status: 202, json: { pending: true } });
    const outcome = await requestFollow(7, { email: 'a@b.at', lang: 'en' }, send);
    expect(sent).toEqual([{ route: 'follow', options: { params: { proposalId: 7 }, body: { email: 'a@b.at', lang: 'en' } } }]);
    expect(outcome).toEqual({ ok: true, feedback: { kind: 'success', key: 'follow.form.pending' } });
  });

  it.each([
    [400, 'INVALID_INPUT', 'follow.errors.badAddress'],
    [404, 'NOT_FOUND', 'follow.errors.gone'],
    [429, 'TOO_MANY_REQUESTS', 'follow.errors.tooMany'],
    [500, 'INTERNAL', 'errors.server'],
  ])('%i %s says %s and is no success', async (status, code, key) => {
    const { send } = fake({ status, json: { code, message: 'nope' } });
    expect(await requestFollow(7, { email: 'a@b.at', lang: 'de' }, send)).toEqual({
      ok: false,
      feedback: { kind: 'error', key },
    });
  });

  it('a failed network is its own message', async () => {
    const { send } = fake(new ApiError('NETWORK'));
    expect((await requestFollow(7, { email: 'a@b.at', lang: 'de' }, send)).feedback.key).toBe('follow.errors.network');
  });

  it('another 4xx shows the server’s own words', async () => {
    const { send } = fake({ status: 413, json: { code: 'TOO_LARGE', message: 'body too large' } });
    expect((await requestFollow(7, { email: 'a@b.at', lang: 'de' }, send)).feedback.text).toBe('body too large');
  });
});

describe('confirmFollow', () => {
  it('posts the token and names the proposal', async () => {
    const { send, sent } = fake({ status: 200, json: { following: true, proposalId: 7 } });
    expect(await confirmFollow(TOKEN, send)).toEqual({ ok: true, proposalId: 7 });
    expect(sent).toEqual([{ route: 'followConfirm', options: { body: { token: TOKEN } } }]);
  });

  it('NOT_FOUND (wrong, used or expired) says so', async () => {
    const { send } = fake({ status: 404, json: { code: 'NOT_FOUND', message: 'unknown token' } });
    expect(await confirmFollow(TOKEN, send)).toEqual({ ok: false, feedback: { kind: 'error', key: 'follow.confirm.invalid' } });
  });

  it('a 200 without the proposal is no success', async () => {
    const { send } = fake({ status: 200, json: { following: true } });
    expect((await confirmFollow(TOKEN, send)).ok).toBe(false);
  });
});

describe('unsubscribe', () => {
  it('one follow: the token in the query', async () => {
    const { send, sent } = fake({ status: 200, json: { unsubscribed: true, all: false } });
    expect(await unsubscribe(TOKEN, false, send)).toEqual({
      ok: true,
      feedback: { kind: 'success', key: 'follow.unsubscribe.done' },
    });
    expect(sent).toEqual([{ route: 'followUnsubscribe', options: { query: { token: TOKEN } } }]);
  });

  it('everything adds all=1', async () => {
    const { send, sent } = fake({ status: 200, json: { unsubscribed: true, all: true } });
    expect((await unsubscribe(TOKEN, true, send)).feedback.key).toBe('follow.unsubscribe.doneAll');
    expect(sent[0]?.options).toEqual({ query: { token: TOKEN, all: '1' } });
  });

  it('NOT_FOUND says the link is wrong or used', async () => {
    const { send } = fake({ status: 404, json: { code: 'NOT_FOUND', message: 'unknown token' } });
    expect((await unsubscribe(TOKEN, false, send)).feedback.key).toBe('follow.unsubscribe.invalid');
  });
});

describe('setWatching', () => {
  it('watch and unwatch use their paths and report the new state', async () => {
    const on = fake({ status: 200, json: { watching: true } });
    expect((await setWatching(7, true, on.send)).feedback.key).toBe('follow.watch.on');
    expect(on.sent[0]).toEqual({ route: 'watch', options: { params: { proposalId: 7 } } });
    const off = fake({ status: 200, json: { watching: false } });
    expect((await setWatching(7, false, off.send)).feedback.key).toBe('follow.watch.off');
    expect(off.sent[0]).toEqual({ route: 'unwatch', options: { params: { proposalId: 7 } } });
  });
});

describe('fetchMine', () => {
  it('reads the lists, parsed with the contract', async () => {
    const added = [{ id: 'mon-user-2', name: 'Brunnen', geoLocX: 48.31, geoLocY: 14.29 }];
    const { send, sent } = fake({
      status: 200,
      json: mine({ proposed: [item], voted: [{ ...item, voteConfirmed: true }], following: [item], added }),
    });
    const answer = await fetchMine(send);
    expect(sent[0]?.route).toBe('mine');
    expect(answer.proposed[0]?.proposal.name).toBe('Johanna Dohnal');
    expect(answer.following).toHaveLength(1);
    expect(answer.voted[0]?.voteConfirmed).toBe(true);
    expect(answer.added).toEqual(added);
  });

  it('reads what is under review: marked proposals and monuments', async () => {
    const reviewing = [{ id: 'mon-user-1', name: 'Stein', geoLocX: 48.3, geoLocY: 14.3 }];
    const answer = await fetchMine(
      fake({ status: 200, json: mine({ proposed: [{ ...item, underReview: true }], reviewing }) }).send,
    );
    expect(answer.proposed[0]?.underReview).toBe(true);
    expect(answer.reviewing).toEqual(reviewing);
    await expect(fetchMine(fake({ status: 200, json: mine({ reviewing: [{ id: 1 }] }) }).send)).rejects.toThrow();
  });

  it('a malformed answer or a failure throws (the page says it could not load)', async () => {
    await expect(fetchMine(fake({ status: 200, json: { proposed: [] } }).send)).rejects.toMatchObject({ code: 'MALFORMED' });
    await expect(fetchMine(fake({ status: 500, json: undefined }).send)).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});

describe('validateTokenSearch', () => {
  it('keeps a token string and drops anything else', () => {
    expect(validateTokenSearch({ token: TOKEN, x: '1' })).toEqual({ token: TOKEN });
    expect(validateTokenSearch({ token: '' })).toEqual({});
    expect(validateTokenSearch({ token: 5 })).toEqual({});
    expect(validateTokenSearch({ token: TOKEN, all: '1' })).toEqual({ token: TOKEN, all: '1' });
    expect(validateTokenSearch({ token: TOKEN, all: 'yes' })).toEqual({ token: TOKEN });
  });
});
