import { describe, expect, it } from 'vitest';
import { confirmFollow, fetchMine, requestFollow, setWatching, unsubscribe, type Answer, type Request } from './followApi';
import { validateTokenSearch } from './tokenSearch';

function fake(answer: Answer | Error) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const send: Request = async (method, url, body) => {
    sent.push({ method, url, body });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { send, sent };
}

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const proposal = {
  id: 7,
  monumentId: 'mon-a',
  name: 'Johanna Dohnal',
  emoji: '',
  votes: 7,
  mayorNotifiedAt: null,
  status: 'open',
  answer: null,
};
const item = { intervention: proposal, monument: { id: 'mon-a', name: 'Denkmal', nameEn: null } };

describe('requestFollow', () => {
  it('posts address and language to the proposal’s follow path; 202 asks to look for the mail', async () => {
    const { send, sent } = fake({ status: 202, json: { pending: true } });
    const outcome = await requestFollow(7, { email: 'a@b.at', lang: 'en' }, send);
    expect(sent).toEqual([{ method: 'POST', url: '/api/interventions/7/follow', body: { email: 'a@b.at', lang: 'en' } }]);
    expect(outcome).toEqual({ ok: true, feedback: { kind: 'success', key: 'follow.form.pending' } });
  });

  it.each([
    [400, 'follow.errors.badAddress'],
    [404, 'follow.errors.gone'],
    [429, 'follow.errors.tooMany'],
    [500, 'errors.server'],
  ])('%i says %s and is no success', async (status, key) => {
    const { send } = fake({ status, json: { message: 'nope' } });
    expect(await requestFollow(7, { email: 'a@b.at', lang: 'de' }, send)).toEqual({
      ok: false,
      feedback: { kind: 'error', key },
    });
  });

  it('a failed network is its own message', async () => {
    const { send } = fake(new TypeError('fetch failed'));
    expect((await requestFollow(7, { email: 'a@b.at', lang: 'de' }, send)).feedback.key).toBe('follow.errors.network');
  });

  it('another 4xx shows the server’s own words', async () => {
    const { send } = fake({ status: 413, json: { message: 'body too large' } });
    expect((await requestFollow(7, { email: 'a@b.at', lang: 'de' }, send)).feedback.text).toBe('body too large');
  });
});

describe('confirmFollow', () => {
  it('posts the token and names the proposal', async () => {
    const { send, sent } = fake({ status: 200, json: { following: true, interventionId: 7 } });
    expect(await confirmFollow(TOKEN, send)).toEqual({ ok: true, interventionId: 7 });
    expect(sent).toEqual([{ method: 'POST', url: '/api/follow/confirm', body: { token: TOKEN } }]);
  });

  it('404 (wrong, used or expired) says so', async () => {
    const { send } = fake({ status: 404, json: { message: 'unknown token' } });
    expect(await confirmFollow(TOKEN, send)).toEqual({ ok: false, feedback: { kind: 'error', key: 'follow.confirm.invalid' } });
  });

  it('a 200 without the proposal is no success', async () => {
    const { send } = fake({ status: 200, json: { following: true } });
    expect((await confirmFollow(TOKEN, send)).ok).toBe(false);
  });
});

describe('unsubscribe', () => {
  it('one follow: the token in the query, an empty JSON body', async () => {
    const { send, sent } = fake({ status: 200, json: { unsubscribed: true, all: false } });
    expect(await unsubscribe(TOKEN, false, send)).toEqual({
      ok: true,
      feedback: { kind: 'success', key: 'follow.unsubscribe.done' },
    });
    expect(sent).toEqual([{ method: 'POST', url: `/api/follow/unsubscribe?token=${TOKEN}`, body: {} }]);
  });

  it('everything adds all=1', async () => {
    const { send, sent } = fake({ status: 200, json: { unsubscribed: true, all: true } });
    expect((await unsubscribe(TOKEN, true, send)).feedback.key).toBe('follow.unsubscribe.doneAll');
    expect(sent[0]?.url).toBe(`/api/follow/unsubscribe?token=${TOKEN}&all=1`);
  });

  it('404 says the link is wrong or used', async () => {
    const { send } = fake({ status: 404, json: { message: 'unknown token' } });
    expect((await unsubscribe(TOKEN, false, send)).feedback.key).toBe('follow.unsubscribe.invalid');
  });
});

describe('setWatching', () => {
  it('watch and unwatch use their paths and report the new state', async () => {
    const on = fake({ status: 200, json: { watching: true } });
    expect((await setWatching(7, true, on.send)).feedback.key).toBe('follow.watch.on');
    expect(on.sent[0]?.url).toBe('/api/interventions/7/watch');
    const off = fake({ status: 200, json: { watching: false } });
    expect((await setWatching(7, false, off.send)).feedback.key).toBe('follow.watch.off');
    expect(off.sent[0]?.url).toBe('/api/interventions/7/unwatch');
  });
});

describe('fetchMine', () => {
  it('reads the three lists', async () => {
    const { send, sent } = fake({ status: 200, json: { proposed: [item], voted: [], following: [item] } });
    const mine = await fetchMine(send);
    expect(sent[0]).toEqual({ method: 'GET', url: '/api/mine', body: undefined });
    expect(mine.proposed[0]?.intervention.name).toBe('Johanna Dohnal');
    expect(mine.following).toHaveLength(1);
  });

  it('fills the city’s fields an older answer lacks', async () => {
    const { intervention } = item;
    const bare = { id: intervention.id, monumentId: 'mon-a', name: 'x', emoji: '', votes: 1 };
    const { send } = fake({ status: 200, json: { proposed: [{ ...item, intervention: bare }], voted: [], following: [] } });
    expect((await fetchMine(send)).proposed[0]?.intervention).toMatchObject({
      status: 'open',
      answer: null,
      mayorNotifiedAt: null,
    });
  });

  it('reads what is under review: marked proposals and monuments (an older answer has neither: none)', async () => {
    const reviewing = [{ id: 'mon-user-1', name: 'Stein', geoLocX: 48.3, geoLocY: 14.3 }];
    const answer = { proposed: [{ ...item, underReview: true }], voted: [], following: [], reviewing };
    const mine = await fetchMine(fake({ status: 200, json: answer }).send);
    expect(mine.proposed[0]?.underReview).toBe(true);
    expect(mine.reviewing).toEqual(reviewing);
    const older = await fetchMine(fake({ status: 200, json: { proposed: [item], voted: [], following: [] } }).send);
    expect(older.proposed[0]?.underReview).toBe(false);
    expect(older.reviewing).toEqual([]);
    const bad = { proposed: [], voted: [], following: [], reviewing: [{ id: 1 }] };
    await expect(fetchMine(fake({ status: 200, json: bad }).send)).rejects.toThrow();
  });

  it('a malformed answer or an error status throws (the page says it could not load)', async () => {
    await expect(fetchMine(fake({ status: 200, json: { proposed: [] } }).send)).rejects.toThrow();
    await expect(fetchMine(fake({ status: 500, json: undefined }).send)).rejects.toThrow();
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
