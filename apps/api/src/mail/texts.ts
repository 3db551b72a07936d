// The mails' words, one file per language (mail/texts/de.json, en.json) that a translator edits
// without reading code: `{{name}}` marks what the message builders fill in. English must have
// every key German has (the typecheck) and the same placeholders in each text (mail-texts.test.ts).
import type { MailLang } from '@linz/contract';
import de from './texts/de.json' with { type: 'json' };
import en from './texts/en.json' with { type: 'json' };
import mayorHtml from './texts/mayor-html.json' with { type: 'json' };

export type MailTexts = typeof de;
export const MAIL_TEXTS: Record<MailLang, MailTexts> = { de, en };
/** The mayor's HTML mail's layout and styles (texts/mayor-html.json), in every language. */
export const MAYOR_HTML = mayorHtml;

/** A value for a placeholder; a list fills a line that holds only its placeholder, one line per item. */
type Values = Record<string, string | number | string[]>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** A text with its placeholders filled; a placeholder without a value is a mistake in a template. */
export function fill(template: string, values: Values): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined || Array.isArray(value)) throw new Error(`mail text: no value for {{${name}}} in "${template}"`);
    return String(value);
  });
}

/** Lines with their placeholders filled; a line that is one list's placeholder becomes the list's lines. */
export function fillLines(lines: readonly string[], values: Values): string[] {
  return lines.flatMap((line) => {
    const list = /^\{\{(\w+)\}\}$/.exec(line)?.[1];
    const value = list === undefined ? undefined : values[list];
    return Array.isArray(value) ? value : [fill(line, values)];
  });
}

/** "1 Stimme", "10 Stimmen": the form for the count, filled. */
export const plural = (forms: { one: string; other: string }, count: number) =>
  fill(count === 1 ? forms.one : forms.other, { count });
