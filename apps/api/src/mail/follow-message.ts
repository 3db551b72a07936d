// The mails a follower gets, in German or English: the confirmation of a follow, and
// for confirmed followers one mail per event. Plain text first, a small HTML alternative (every
// visitor's text escaped), the reason the person gets the mail, a link to the proposal on the map
// and RFC 8058 one-click unsubscribe headers. The words are in mail/texts/<lang>.json.
// German mails say "du", as every page a citizen sees does (the follow dialog promises "Wir schreiben
// dir"); only the city's side (/admin, the mayor's mail) says "Sie".
import { APP_PATHS, monumentViewPath, PATHS, type MailLang, type StatusEntry } from '@linz/contract';
import { historyLine, STATUS_WORDS } from '../domain/proposals/status-words.js';
import { confirmTokenOf, unsubscribeTokenOf } from '../domain/follows/follows.js';
import { visitorText, type MailSettings, type OutgoingMail } from './outgoing.js';
import { fill, fillLines, MAIL_TEXTS } from './texts.js';
import type { FollowerMail } from './outbox-mails.js';
import { escapeHtml, oneBlock, oneLine } from '../domain/visitor-text.js';

/** A payload field as text (payloads are JSON written by domain/follows/follows.ts). */
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);

export type FollowMailSettings = MailSettings & { secret: string };

/** The proposal in its monument's view, selected there. */
export function proposalLinkOf(publicUrl: string, monumentId: string, proposalId: number): string {
  return `${publicUrl}${monumentViewPath(monumentId, proposalId)}`;
}

/** The history a status mail carries (mails queued before status histories were kept carry none). */
const historyOfPayload = (v: unknown): StatusEntry[] =>
  Array.isArray(v) ? v.filter((e): e is StatusEntry => typeof e === 'object' && e !== null && 'status' in e && 'at' in e) : [];

/** The statement in the mail's language, or the other one with a line that says so (one language is enough). */
function statementLines(p: Record<string, unknown>, lang: MailLang): string[] {
  const own = str(lang === 'de' ? p.de : p.en);
  if (own) return [statementBlock(own)];
  const other = statementBlock(str(lang === 'de' ? p.en : p.de));
  return [MAIL_TEXTS[lang].follow.status.otherLanguage, other];
}

type Texts = {
  subject: string;
  lines: string[];
  /** Why the person gets this mail. */
  reason: string;
};
type Values = Parameters<typeof fillLines>[1];

const mail = (words: { subject: string; lines: string[] }, values: Values, reason: string): Texts => ({
  subject: fill(words.subject, values),
  lines: fillLines(words.lines, values),
  reason,
});

function texts(
  m: FollowerMail,
  lang: MailLang,
  links: { proposal: string; confirm: string; into: string },
  s: MailSettings,
): Texts {
  const words = MAIL_TEXTS[lang].follow;
  const proposal = oneLine(m.kind === 'merged' ? str(m.payload.fromName, m.proposal.name) : m.proposal.name);
  const p = m.payload;
  // The first mention of the proposal in the body is marked as a visitor's text; subjects have our words only.
  const values: Values = {
    product: s.product,
    city: s.city[lang],
    proposal,
    named: visitorText(lang, proposal),
    monument: oneLine(lang === 'en' && m.monument.name_en ? m.monument.name_en : m.monument.name),
    proposalLink: links.proposal,
    confirmLink: links.confirm,
    intoLink: links.into,
    votes: m.proposal.votes,
  };
  const reason = fill(words.reason, values);
  switch (m.kind) {
    case 'confirm':
      return mail(words.confirm, values, fill(words.confirm.reason, values));
    case 'threshold':
      return mail(words.threshold, values, reason);
    case 'status': {
      const history = historyOfPayload(p.history).map((e) => `- ${historyLine(e, lang, s.timeZone)}`);
      const status = (STATUS_WORDS[lang] as Record<string, string>)[str(p.status)] ?? str(p.status);
      return mail(
        words.status,
        {
          ...values,
          status,
          statement: statementLines(p, lang),
          history: history.length > 0 ? ['', words.status.historyTitle, ...history] : [],
        },
        reason,
      );
    }
    case 'merged':
      return mail(words.merged, { ...values, into: visitorText(lang, oneLine(str(p.intoName))) }, reason);
    case 'removed':
      return mail(words.removed, values, reason);
  }
}

/** A statement keeps its line breaks but no other control characters. */
const statementBlock = (s: string) => oneBlock(s).trim();

/** Fixed per row, so a resend after a crash carries the same id and can be recognised. */
export function followMessageIdOf(m: FollowerMail, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<follow-${m.id}-${m.queuedAt.getTime()}@${host}>`;
}

export function unsubscribeUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl}${PATHS.followUnsubscribe}?token=${token}`;
}

/** A line of the text as HTML: escaped, and a link that ends it (the map, the confirmation, unsubscribing) made a link. */
function htmlLine(line: string): string {
  const [, before = line, url] = /^(.*?)(https?:\/\/\S+)$/.exec(line) ?? [];
  return url ? `<p>${escapeHtml(before)}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` : `<p>${escapeHtml(line)}</p>`;
}

export function composeFollowerMail(m: FollowerMail, s: FollowMailSettings): OutgoingMail {
  const lang = m.follow.lang;
  const unsubscribe = unsubscribeUrlOf(s.publicUrl, unsubscribeTokenOf(s.secret, m.follow.tokenSeed));
  const unsubscribePage = `${s.publicUrl}${APP_PATHS.followUnsubscribe}?token=${unsubscribeTokenOf(s.secret, m.follow.tokenSeed)}`;
  const links = {
    proposal: proposalLinkOf(s.publicUrl, m.monument.id, m.proposal.id),
    into: proposalLinkOf(s.publicUrl, m.monument.id, Number(m.payload.intoId ?? m.proposal.id)),
    confirm: `${s.publicUrl}${APP_PATHS.followConfirm}?token=${confirmTokenOf(s.secret, m.follow.tokenSeed, str(m.payload.seed))}`,
  };
  const t = texts(m, lang, links, s);
  const stop = fillLines(MAIL_TEXTS[lang].follow.stop, { unsubscribe: unsubscribePage });
  const footer = ['', '--', t.reason, ...stop, '', s.product, ''];
  const text = [...t.lines, ...footer].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body>${[...t.lines, ...footer].map(htmlLine).join('')}</body></html>`;
  return {
    messageId: followMessageIdOf(m, s.publicUrl),
    from: s.mailFrom,
    to: m.follow.email,
    subject: `${s.product}: ${t.subject}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
