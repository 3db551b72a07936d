// The word screen (docs/screening.md): a new proposal's or monument's name that contains a listed
// word is held for staff instead of published. It reads what people see: one
// normalisation (`normalise`) of the text and the lists: Unicode NFKC, invisible and formatting
// characters removed, look-alike letters folded to Latin by Unicode's confusables table (package
// unhomoglyph), combining marks and case folded, ß -> ss; common digit-for-letter swaps are read as
// letters. A listed word then matches a word of the text whole, inflected (a German or English
// ending) or, from COMPOUND_MIN letters on, inside a longer word (a compound); a word on the
// allow-list (place names and the like that contain a listed word innocently) never matches.
import { sql } from 'drizzle-orm';
import type { ScreenHit, ScreenWord, ScreenWordList } from '@linz/contract';
import unhomoglyph from 'unhomoglyph';
import type { Database, Db } from '../../db/client.js';
import { audit, SYSTEM_ACTOR } from '../staff/audit.js';
import { officialLookHits } from './official-look.js';

/** Characters that may stand for letters inside a word; `1` is ambiguous (i or l): both are tried. */
const SWAPS: Record<string, string[]> = {
  '0': ['o'],
  '1': ['i', 'l'],
  '3': ['e'],
  '4': ['a'],
  '5': ['s'],
  '7': ['t'],
  '@': ['a'],
  $: ['s'],
};

/**
 * Characters that show as nothing: formatting characters (\p{Cf}: zero-width space and joiners,
 * soft hyphen, word joiner, BOM, direction marks) and the Hangul fillers, which are letters that
 * draw no ink. Removed before matching, so "Arsch\u200Bloch" is "Arschloch".
 */
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;
/** A word of a text: letters, marks, digits, the swapped symbols and invisible characters inside it. */
const WORD = /[\p{L}\p{M}\p{N}\p{Cf}@$]+/gu;
/** A token with more ambiguous characters than this is only tried with the first reading. */
const MAX_AMBIGUOUS = 6;
/**
 * Listed words this long or longer also match inside a longer word (a compound: "Oberarschloch",
 * "Arschlochpartei"). Shorter ones would raise false alarms everywhere (fag: Fagott; cunt: Scunthorpe)
 * and match only whole or inflected.
 */
export const COMPOUND_MIN = 5;
/** Endings a listed word may carry: German plural and case endings, -in/-innen, and English ones. */
export const ENDINGS = ['e', 'en', 'n', 'er', 'ern', 'es', 's', 'in', 'innen', 'ed', 'ing', 'ers'];

/** Non-ASCII look-alikes as the Latin letters they imitate (ASCII stays: digits are read by SWAPS). */
const latin = (s: string) => s.replace(/[^\p{ASCII}]/gu, (ch) => unhomoglyph(ch));
const unmarked = (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, '');

/**
 * The one normalisation of the screen, for texts, listed words and allowed words alike: what a
 * reader sees, in lower-case Latin letters. Marks go first: the table maps a few precomposed
 * letters oddly (ö to Arabic ة), never their bare base letter. Look-alikes are folded before and
 * after lower-casing (Cyrillic "І" imitates "l", its lower case "і" imitates "i"); the table's own
 * accented results ("ø" -> "o" + U+0338) lose their marks after.
 */
export function normalise(text: string): string {
  const visible = text.normalize('NFKC').replace(INVISIBLE, '');
  return unmarked(latin(latin(unmarked(visible)).toLowerCase())).replace(/ß/g, 'ss');
}

/** Every reading of a normalised token with its digit/symbol swaps applied (a few, at most 2^6). */
function readings(token: string): string[] {
  let out = [''];
  let ambiguous = 0;
  for (const ch of token) {
    const swap = SWAPS[ch];
    if (swap === undefined) {
      if (/[\p{L}\p{N}]/u.test(ch)) out = out.map((o) => o + ch);
    } else if (swap.length > 1 && ambiguous++ < MAX_AMBIGUOUS) {
      out = out.flatMap((o) => swap.map((c) => o + c));
    } else {
      out = out.map((o) => o + (swap[0] ?? ch));
    }
  }
  return out;
}

/** A listed word or phrase as the normalised words it is made of. */
export function foldEntry(entry: string): string[] {
  return [...normalise(entry).matchAll(WORD)].map((m) => readings(m[0])[0] ?? '').filter((w) => w !== '');
}

type Token = { start: number; end: number; forms: string[] };

function tokens(text: string): Token[] {
  return [...text.matchAll(WORD)]
    .map((m) => ({ start: m.index, end: m.index + m[0].length, forms: [...new Set(readings(normalise(m[0])))] }))
    .filter((t) => t.forms.some((f) => f !== ''));
}

/** `form` is `word`, or `word` with one of the ENDINGS. */
const inflected = (form: string, word: string) =>
  form === word || (form.startsWith(word) && ENDINGS.includes(form.slice(word.length)));

/** How a listed word matched a word of the text (the counts in docs/screening.md are per rule). */
export type ScreenRule = 'whole' | 'inflected' | 'compound';

function ruleOf(form: string, word: string): ScreenRule | undefined {
  if (form === word) return 'whole';
  if (inflected(form, word)) return 'inflected';
  if (word.length >= COMPOUND_MIN && form.includes(word)) return 'compound';
  return undefined;
}

/** A listed single word (or a phrase written as one word) and how it matches this token, if it does. */
function matchWord(token: Token, word: string): ScreenRule | undefined {
  for (const form of token.forms) {
    const rule = ruleOf(form, word);
    if (rule) return rule;
  }
  return undefined;
}

export type RuledHit = ScreenHit & { rule: ScreenRule };

/**
 * Every match of the listed words in `text`, in text order: where (in `text`, UTF-16 offsets of the
 * original), which word and by which rule. Words of the text that are allowed (an allowed word,
 * whole or inflected) match nothing.
 */
export function screenTextRules(text: string, words: readonly string[], allowed: readonly string[] = []): RuledHit[] {
  const allow = allowed.map((a) => foldEntry(a).join('')).filter((a) => a !== '');
  const toks = tokens(text).filter((t) => !t.forms.some((f) => allow.some((a) => inflected(f, a))));
  const hits: RuledHit[] = [];
  const at = (word: string, first: Token, last: Token, rule: ScreenRule) =>
    hits.push({ word, start: first.start, end: last.end, rule });
  for (const word of words) {
    const parts = foldEntry(word);
    if (parts.length === 0) continue;
    // A phrase's words in a row, whatever lies between them; its last word may carry an ending.
    for (let i = 0; parts.length > 1 && i + parts.length <= toks.length; i++) {
      const row = toks.slice(i, i + parts.length);
      if (parts.every((p, k) => row[k]?.forms.some((f) => (k === parts.length - 1 ? inflected(f, p) : f === p)))) {
        const [first, last] = [row[0], row[row.length - 1]];
        if (first && last) at(word, first, last, 'whole');
      }
    }
    // A single word, or a phrase written as one word ("fickdich", "Fick\u200Bdich").
    const joined = parts.join('');
    for (const tok of toks) {
      const rule = matchWord(tok, joined);
      if (rule) at(word, tok, tok, rule);
    }
  }
  return hits.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Every match of the listed words in `text` (see screenTextRules), without the rule. */
export function screenText(text: string, words: readonly string[], allowed: readonly string[] = []): ScreenHit[] {
  return screenTextRules(text, words, allowed).map(({ word, start, end }) => ({ word, start, end }));
}

export type ScreenLists = { words: string[]; allowed: string[] };

/** Every listed word of every language (each text is checked against all lists) and the allow-list. */
export async function screenLists(database: Database, tx: Db = database.db): Promise<ScreenLists> {
  const words = await database.rows<{ word: string }>(sql`SELECT DISTINCT word FROM screen_words ORDER BY word`, tx);
  const allowed = await database.rows<{ word: string }>(sql`SELECT word FROM screen_allow ORDER BY word`, tx);
  return { words: words.map((r) => r.word), allowed: allowed.map((r) => r.word) };
}

/** The listed words that `text` contains (empty: publish as the mode says). */
export async function screen(database: Database, tx: Db, text: string): Promise<ScreenHit[]> {
  const { words, allowed } = await screenLists(database, tx);
  return screenText(text, words, allowed);
}

export async function listScreenWords(database: Database): Promise<ScreenWordList> {
  return database.rows<ScreenWord>(sql`SELECT lang, word FROM screen_words ORDER BY lang, word`);
}

/** Adds a word to a list (a repeat changes nothing); logged. */
export async function addScreenWord(database: Database, actor: string, entry: ScreenWord): Promise<{ changed: boolean }> {
  return database.db.transaction(async (tx) => {
    const rows = await database.rows(
      sql`INSERT INTO screen_words (lang, word) VALUES (${entry.lang}, ${entry.word}) ON CONFLICT DO NOTHING RETURNING word`,
      tx,
    );
    if (rows.length === 0) return { changed: false };
    await audit(database, tx, {
      actor,
      action: 'screen.add',
      itemKind: 'screen',
      itemId: entry.lang,
      before: null,
      after: entry,
    });
    return { changed: true };
  });
}

/** Removes a word from a list (an unknown word changes nothing); logged. */
export async function removeScreenWord(database: Database, actor: string, entry: ScreenWord): Promise<{ changed: boolean }> {
  return database.db.transaction(async (tx) => {
    const rows = await database.rows(
      sql`DELETE FROM screen_words WHERE lang = ${entry.lang} AND word = ${entry.word} RETURNING word`,
      tx,
    );
    if (rows.length === 0) return { changed: false };
    await audit(database, tx, {
      actor,
      action: 'screen.remove',
      itemKind: 'screen',
      itemId: entry.lang,
      before: entry,
      after: null,
    });
    return { changed: true };
  });
}

/** How a new item starts: held when its text matched, else pending under MODERATION=pre, else public. */
export type Admission = { moderation: 'visible' | 'pending' | 'held'; hits: ScreenHit[] };

/** What decides a new text's start: MODERATION, and the city's names (a text that speaks as the city is held). */
export type AdmissionRules = { moderation: 'post' | 'pre'; cityNames: readonly string[] };

/** The rules of a configuration: its MODERATION (or the one given) and its city's names in both languages. */
export const admissionRules = (
  config: { moderation: 'post' | 'pre'; city: { name: { de: string; en: string } } },
  moderation = config.moderation,
): AdmissionRules => ({ moderation, cityNames: [config.city.name.de, config.city.name.en] });

export async function admission(database: Database, tx: Db, rules: AdmissionRules, text: string): Promise<Admission> {
  const hits = [...(await screen(database, tx, text)), ...officialLookHits(text, rules.cityNames)];
  return { moderation: hits.length > 0 ? 'held' : rules.moderation === 'pre' ? 'pending' : 'visible', hits };
}

/** The automatic hold goes into the audit log (actor "system") with the words that matched. */
export async function auditHold(
  database: Database,
  tx: Db,
  item: { kind: 'monument'; id: string } | { kind: 'proposal'; id: number },
  name: string,
  hits: ScreenHit[],
): Promise<void> {
  await audit(database, tx, {
    actor: SYSTEM_ACTOR,
    action: item.kind === 'monument' ? 'monument.hold' : 'proposal.hold',
    itemKind: item.kind,
    itemId: item.id,
    before: null,
    after: { moderation: 'held', name, words: [...new Set(hits.map((h) => h.word))] },
  });
}

/** The allow-list: words that contain a listed word innocently (docs/screening.md). */
export async function listScreenAllow(database: Database): Promise<string[]> {
  return (await database.rows<{ word: string }>(sql`SELECT word FROM screen_allow ORDER BY word`)).map((r) => r.word);
}

/** Adds a word to the allow-list (a repeat changes nothing); logged. */
export async function addScreenAllow(database: Database, actor: string, word: string): Promise<{ changed: boolean }> {
  return database.db.transaction(async (tx) => {
    const rows = await database.rows(
      sql`INSERT INTO screen_allow (word) VALUES (${word}) ON CONFLICT DO NOTHING RETURNING word`,
      tx,
    );
    if (rows.length === 0) return { changed: false };
    await audit(database, tx, {
      actor,
      action: 'screen.allow',
      itemKind: 'screen',
      itemId: 'allow',
      before: null,
      after: { word },
    });
    return { changed: true };
  });
}

/** Removes a word from the allow-list (an unknown word changes nothing); logged. */
export async function removeScreenAllow(database: Database, actor: string, word: string): Promise<{ changed: boolean }> {
  return database.db.transaction(async (tx) => {
    const rows = await database.rows(sql`DELETE FROM screen_allow WHERE word = ${word} RETURNING word`, tx);
    if (rows.length === 0) return { changed: false };
    await audit(database, tx, {
      actor,
      action: 'screen.disallow',
      itemKind: 'screen',
      itemId: 'allow',
      before: { word },
      after: null,
    });
    return { changed: true };
  });
}
