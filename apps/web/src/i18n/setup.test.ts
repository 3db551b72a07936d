import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../public/locales/de/translation.json';
import en from '../../public/locales/en/translation.json';
import { createI18n, TRANSLATION_RETRY } from './setup';

const texts: Record<string, unknown> = { de, en };
function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.lang = '';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('name the product as the city profile does ({{product}}), in the texts and in the page the server fills in', () => {
    expect([de.sharePreview.siteName, en.sharePreview.siteName]).toEqual(['{{product}}', '{{product}}']);
    expect([de.manifest.name, en.manifest.name].map((n) => n.split(' – ')[0])).toEqual(['{{product}}', '{{product}}']);
    const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    expect(html.match(/<title>([^<]*)<\/title>/)?.[1]).toBe('{{product}}');
    const titles = [...html.matchAll(/title="([^"]*)"/g)].map((m) => m[1]);
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toMatch(/^\{\{product\}\}: /);
  });

  it('have the same keys in German and English', () => {
    expect(keysOf(de).sort()).toEqual(keysOf(en).sort());
  });

  it('show no key as a text: a profession reads as a word, in both forms (no "journalist_female")', () => {
    for (const lang of ['de', 'en'] as const) {
      const professions = texts[lang] as { commemoration: { professions: Record<string, string> } };
      for (const [key, text] of Object.entries(professions.commemoration.professions)) {
        expect(text, `${lang} ${key}`).not.toMatch(/_/);
        if (lang === 'de') expect(text, `de ${key}`).not.toBe(key);
      }
    }
  });

  it('carry the spec catalogue in both languages', () => {
    expect(en.errors).toMatchObject({
      loadProposals: 'Failed to load interventions.',
      alreadyVoted: 'You have already voted.',
      server: 'Server error.',
      addProposal: 'Failed to add intervention.',
      submission: 'Submission failed.',
      titleRequired: 'Title is required.',
      geolocationUnsupported: 'Geolocation not supported.',
      positionUnavailable: 'Could not determine position.',
    });
    expect(de.errors).toMatchObject({
      loadProposals: 'Laden der Interventionen fehlgeschlagen.',
      alreadyVoted: 'Du hast bereits schon abgestimmt.',
      server: 'Serverfehler.',
      addProposal: 'Hinzufügen der Intervention fehlgeschlagen.',
      submission: 'Übermittlung fehlgeschlagen.',
    });
    expect(en.success.voteRecorded).toBe('Your vote has been recorded!');
    expect(en.success.proposalAdded).toBe('Your proposal has been added!');
    expect(en.add.submitting).toBe('Adding...');
  });

  it('start in German with the German texts only, switch to English and set <html lang>', async () => {
    const fetch = vi.fn(async (url: string) => json(texts[url.split('/')[2] ?? '']));
    vi.stubGlobal('fetch', fetch);
    const i18n = await createI18n();
    // No fallback fetched with every page: a phone's first load is 17 KiB lighter.
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/locales/de/translation.json']);
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('errors.server')).toBe('Serverfehler.');
    await i18n.changeLanguage('en');
    expect(i18n.t('errors.server')).toBe('Server error.');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
  });

  it('write `{{count, number}}` in the language, without Intl.NumberFormat', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json(texts[url.split('/')[2] ?? ''])),
    );
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const i18n = await createI18n();
    expect(i18n.t('finder.total.monuments', { count: 50_000 })).toBe('50.000 Denkmäler');
    await i18n.changeLanguage('en');
    expect(i18n.t('finder.total.monuments', { count: 1234 })).toBe('1,234 monuments');
    expect(numberFormat).not.toHaveBeenCalled();
    numberFormat.mockRestore();
  });

  it('say no figure of nothing: the timeline of no weeks is not "the last 0 weeks"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json(texts[url.split('/')[2] ?? ''])),
    );
    const i18n = await createI18n();
    const timeline = (count: number) => i18n.t('stats.participation.timeline', { count });
    expect([timeline(0), timeline(1), timeline(12)]).toEqual([
      'Vorschläge und Stimmen pro Woche',
      'Die letzte Woche',
      'Die letzten 12 Wochen',
    ]);
    await i18n.changeLanguage('en');
    expect(timeline(0)).toBe('Proposals and votes per week');
  });

  it('remember the chosen language for the next visit', async () => {
    localStorage.setItem('lang', 'en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json(texts[url.split('/')[2] ?? ''])),
    );
    const i18n = await createI18n();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('retry a failed read up to 5 times, starting at 350 ms', async () => {
    expect(TRANSLATION_RETRY).toEqual({ maxRetries: 5, retryTimeout: 350 });
    vi.useFakeTimers();
    const calls: { url: string; at: number }[] = [];
    let failuresLeft = 3;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push({ url, at: Date.now() });
        if (url.includes('/de/') && failuresLeft-- > 0) return json({}, 503);
        return json(texts[url.split('/')[2] ?? '']);
      }),
    );
    const start = Date.now();
    const ready = createI18n();
    await vi.advanceTimersByTimeAsync(350 + 700 + 1400 + 10);
    const i18n = await ready;
    const deCalls = calls.filter((c) => c.url.includes('/de/')).map((c) => c.at - start);
    expect(deCalls).toEqual([0, 350, 1050, 2450]);
    expect(i18n.t('errors.server')).toBe('Serverfehler.');
  });

  it('give up after the fifth retry and then show the other language', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async (url: string) => (url.includes('/de/') ? json({}, 500) : json(en)));
    vi.stubGlobal('fetch', fetch);
    const ready = createI18n();
    await vi.advanceTimersByTimeAsync(350 * (1 + 2 + 4 + 8 + 16) + 100);
    const i18n = await ready;
    expect(fetch.mock.calls.filter(([url]) => url.includes('/de/'))).toHaveLength(6);
    expect(i18n.t('errors.server')).toBe('Server error.');
    // Still the visitor's language: the next visit tries German again.
    expect(i18n.language).toBe('de');
  });
});
