// The word screen (docs/screening.md): a new proposal's or monument's name that contains a listed
// word is held for staff instead of published. Words match whole (a listed phrase: its words in a
// row) after folding case, accents (NFKD, marks dropped, ß -> ss) and common digit-for-letter swaps.
import { sql } from 'drizzle-orm';
import type { ScreenHit, ScreenWord, ScreenWordList } from '@linz/contract';
import type { Database, Db } from '../db/client.js';
import { audit, SYSTEM_ACTOR } from './audit.js';

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

/** A word of a text: letters, marks, digits and the swapped symbols. */
const WORD = /[\p{L}\p{M}\p{N}@$]+/gu;
/** A token with more ambiguous characters than this is only tried with the first reading. */
const MAX_AMBIGUOUS = 6;

/** Case and accents folded (digits kept). */
function foldLetters(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

/** Every reading of a folded token with its digit/symbol swaps applied (a few, at most 2^6). */
function readings(token: string): string[] {
  let out = [''];
  let ambiguous = 0;
  for (const ch of token) {
    const swap = SWAPS[ch];
    if (swap === undefined) {
      out = out.map((o) => o + ch);
    } else if (swap.length > 1 && ambiguous++ < MAX_AMBIGUOUS) {
      out = out.flatMap((o) => swap.map((c) => o + c));
    } else {
      out = out.map((o) => o + (swap[0] ?? ch));
    }
  }
  return out;
}

/** A listed word or phrase as the folded words it is made of. */
export function foldEntry(entry: string): string[] {
  return [...foldLetters(entry).matchAll(WORD)].map((m) => readings(m[0])[0] ?? '').filter((w) => w !== '');
}

type Token = { start: number; end: number; forms: Set<string> };

function tokens(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    forms: new Set(readings(foldLetters(m[0]))),
  }));
}

/** Every match of the listed words in `text`, in text order: where (in `text`) and which word. */
export function screenText(text: string, words: readonly string[]): ScreenHit[] {
  const toks = tokens(text);
  const hits: ScreenHit[] = [];
  for (const word of words) {
    const parts = foldEntry(word);
    if (parts.length === 0) continue;
    for (let i = 0; i + parts.length <= toks.length; i++) {
      if (parts.every((p, k) => toks[i + k]?.forms.has(p))) {
        hits.push({ word, start: toks[i]?.start ?? 0, end: toks[i + parts.length - 1]?.end ?? 0 });
      }
    }
  }
  return hits.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Every listed word of every language (each text is checked against all lists). */
export async function screenWords(database: Database, tx: Db = database.db): Promise<string[]> {
  const rows = await database.rows<{ word: string }>(sql`SELECT DISTINCT word FROM screen_words ORDER BY word`, tx);
  return rows.map((r) => r.word);
}

/** The listed words that `text` contains (empty: publish as the mode says). */
export async function screen(database: Database, tx: Db, text: string): Promise<ScreenHit[]> {
  return screenText(text, await screenWords(database, tx));
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

export async function admission(database: Database, tx: Db, mode: 'post' | 'pre', text: string): Promise<Admission> {
  const hits = await screen(database, tx, text);
  return { moderation: hits.length > 0 ? 'held' : mode === 'pre' ? 'pending' : 'visible', hits };
}

/** The automatic hold goes into the audit log (actor "system") with the words that matched. */
export async function auditHold(
  database: Database,
  tx: Db,
  item: { kind: 'monument'; id: string } | { kind: 'intervention'; id: number },
  name: string,
  hits: ScreenHit[],
): Promise<void> {
  await audit(database, tx, {
    actor: SYSTEM_ACTOR,
    action: item.kind === 'monument' ? 'monument.hold' : 'intervention.hold',
    itemKind: item.kind,
    itemId: item.id,
    before: null,
    after: { moderation: 'held', name, words: [...new Set(hits.map((h) => h.word))] },
  });
}
