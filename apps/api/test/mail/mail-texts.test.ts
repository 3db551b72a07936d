// The mails' words (src/mail/texts/<lang>.json): both languages have the same texts with the same
// placeholders, and filling them leaves no placeholder behind and refuses a missing value.
import { describe, expect, it } from 'vitest';
import { fill, fillLines, MAIL_TEXTS, plural } from '../../src/mail/texts.js';

/** Every text by its path, lists' items by index. */
function texts(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (Array.isArray(value)) value.forEach((v, i) => texts(v, `${path}[${i}]`).forEach((t, p) => out.set(p, t)));
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) texts(v, path ? `${path}.${k}` : k).forEach((t, p) => out.set(p, t));
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('mail texts', () => {
  const de = texts(MAIL_TEXTS.de);
  const en = texts(MAIL_TEXTS.en);

  it('German and English have the same texts, each with the same placeholders', () => {
    expect(de.size).toBeGreaterThan(80);
    expect([...en.keys()].filter((k) => !de.has(k))).toEqual([]);
    expect([...de.keys()].filter((k) => !en.has(k) && !/\.lines\[/.test(k))).toEqual([]);
    const single = [...de].filter(([k]) => !/\.lines\[/.test(k));
    const differ = single.filter(([k, t]) => placeholders(t).join() !== placeholders(en.get(k) ?? '').join());
    expect(differ.map(([k]) => k)).toEqual([]);
    // A mail's lines: the same placeholders in all, except where the English half of a staff mail
    // is a one-sentence summary of the German (the correction and the accessibility feedback).
    const linesOf = (all: Map<string, string>, mail: string) =>
      [...new Set([...all].filter(([k]) => k.startsWith(`${mail}.lines[`)).flatMap(([, t]) => placeholders(t)))].sort();
    const mails = [...new Set([...de.keys()].filter((k) => k.includes('.lines[')).map((k) => k.split('.lines[')[0]!))];
    expect(mails.length).toBeGreaterThan(8);
    const summaries = ['correction', 'feedback'];
    expect(mails.filter((m) => !summaries.includes(m) && linesOf(de, m).join() !== linesOf(en, m).join())).toEqual([]);
  });

  it('no text is empty unless it is a blank line of a mail', () => {
    const empty = [...de, ...en].filter(([k, t]) => t.trim() === '' && !/\.lines\[\d+\]$/.test(k)).map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('fills placeholders, expands a list into lines, and refuses a missing value', () => {
    expect(fill('{{a}} und {{b}}', { a: 1, b: 'zwei' })).toBe('1 und zwei');
    expect(fillLines(['vor', '{{list}}', 'nach {{x}}'], { list: ['a', 'b'], x: 'X' })).toEqual(['vor', 'a', 'b', 'nach X']);
    expect(fillLines(['{{list}}'], { list: [] })).toEqual([]);
    expect(() => fill('{{missing}}', {})).toThrow(/no value for \{\{missing\}\}/);
    expect(plural(MAIL_TEXTS.de.origin.votes, 1)).toBe('1 Stimme');
    expect(plural(MAIL_TEXTS.en.origin.votes, 10)).toBe('10 votes');
  });
});
