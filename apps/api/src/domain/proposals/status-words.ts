// A proposal's status and its history in words, for what the server writes itself (follower mails,
// the Atom feed), in the server's texts; the web app has its own in its translation files.
import type { MailLang, ProposalStatus, StatusEntry } from '@linz/contract';
import { MAIL_TEXTS } from '../../mail/texts.js';
import { oneLine } from '../visitor-text.js';

/** The status words of the server's texts (mail/texts/<lang>.json, `status`). */
export const STATUS_WORDS: Record<MailLang, Record<ProposalStatus, string>> = {
  de: MAIL_TEXTS.de.status,
  en: MAIL_TEXTS.en.status,
};

/** The day written out ("12. März 2027", "12 March 2027"), in the city's time zone. */
export const dayOf = (iso: string | Date, lang: MailLang, timeZone: string): string =>
  new Intl.DateTimeFormat(MAIL_TEXTS[lang].locale, { dateStyle: 'long', timeZone }).format(new Date(iso));

/** One step of the history as a line: "12. März 2027: in Prüfung – Im Kulturausschuss beraten". */
export const historyLine = (e: StatusEntry, lang: MailLang, timeZone: string): string =>
  `${dayOf(e.at, lang, timeZone)}: ${STATUS_WORDS[lang][e.status]}${e.note ? ` – ${oneLine(e.note)}` : ''}`;
