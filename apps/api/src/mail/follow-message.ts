// The mails a follower gets, in German or English: the confirmation of a follow, and
// for confirmed followers one mail per event. Plain text first, a small HTML alternative (every
// visitor's text escaped), the reason the person gets the mail, a link to the proposal on the map
// and RFC 8058 one-click unsubscribe headers. The texts live here, as the mayor's do in message.ts.
// German mails say "du", as every page a citizen sees does (the follow dialog promises "Wir schreiben
// dir"); only the city's side (/admin, the mayor's mail) says "Sie".
import { PRODUCT_NAME, APP_PATHS, monumentViewPath, PATHS, type MailLang, type StatusEntry } from '@linz/contract';
import { historyLine, STATUS_WORDS } from '../domain/proposals/status-words.js';
import { confirmTokenOf, unsubscribeTokenOf } from '../domain/follows/follows.js';
import { visitorText, type MailSettings, type OutgoingMail } from './message.js';
import type { FollowerMail } from './outbox.js';
import { escapeHtml, oneBlock, oneLine } from '../domain/visitor-text.js';

/** A payload field as text (payloads are JSON written by domain/follows/follows.ts). */
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);

export type FollowMailSettings = MailSettings & { secret: string };

/** The proposal in its monument's view, selected there. */
export function proposalLinkOf(publicUrl: string, monumentId: string, interventionId: number): string {
  return `${publicUrl}${monumentViewPath(monumentId, interventionId)}`;
}

/** The history a status mail carries (mails queued before status histories were kept carry none). */
const historyOfPayload = (v: unknown): StatusEntry[] =>
  Array.isArray(v) ? v.filter((e): e is StatusEntry => typeof e === 'object' && e !== null && 'status' in e && 'at' in e) : [];

/** The statement in the mail's language, or the other one with a line that says so (one language is enough). */
function statementLines(p: Record<string, unknown>, lang: MailLang): string[] {
  const own = str(lang === 'de' ? p.de : p.en);
  if (own) return [statementBlock(own)];
  const other = statementBlock(str(lang === 'de' ? p.en : p.de));
  return [lang === 'de' ? '(Die Stadt hat nur auf Englisch geantwortet.)' : '(The city answered in German only.)', other];
}

type Texts = {
  subject: string;
  lines: string[];
  /** Why the person gets this mail. */
  reason: string;
};

function texts(m: FollowerMail, lang: MailLang, links: { proposal: string; confirm: string; into: string }): Texts {
  const proposal = oneLine(m.kind === 'merged' ? str(m.payload.fromName, m.intervention.name) : m.intervention.name);
  const monument = oneLine(lang === 'en' && m.monument.nameEn ? m.monument.nameEn : m.monument.name);
  const de = lang === 'de';
  const p = m.payload;
  // The first mention of the proposal in the body is marked as a visitor's text; subjects have our words only.
  const named = visitorText(lang, proposal);
  switch (m.kind) {
    case 'confirm':
      return de
        ? {
            subject: 'Bitte bestätigen: Du möchtest einem Vorschlag folgen',
            lines: [
              `Du (oder jemand mit deiner Adresse) möchtest dem Vorschlag ${named} für „${monument}“ auf der Karte ${PRODUCT_NAME} folgen.`,
              '',
              'Bitte bestätige das innerhalb von 48 Stunden auf dieser Seite (ein Klick auf den Knopf dort):',
              links.confirm,
              '',
              'Ohne Bestätigung bekommst du keine weitere Nachricht, und deine Adresse wird nach 48 Stunden gelöscht.',
              '',
              `Der Vorschlag auf der Karte: ${links.proposal}`,
            ],
            reason: `Du bekommst diese Nachricht, weil auf der Karte ${PRODUCT_NAME} diese Adresse zum Folgen eingegeben wurde.`,
          }
        : {
            subject: 'Please confirm: you want to follow a proposal',
            lines: [
              `You (or someone with your address) asked to follow the proposal ${named} for “${monument}” on the ${PRODUCT_NAME} map.`,
              '',
              'Please confirm within 48 hours on this page (one click on its button):',
              links.confirm,
              '',
              'Without confirmation you get no further message, and your address is deleted after 48 hours.',
              '',
              `The proposal on the map: ${links.proposal}`,
            ],
            reason: `You get this message because this address was entered on the ${PRODUCT_NAME} map to follow a proposal.`,
          };
    case 'threshold':
      return de
        ? {
            subject: `Ein Vorschlag, dem du folgst, hat ${m.intervention.votes} Stimmen und ging an das Büro des Bürgermeisters`,
            lines: [
              `Der Vorschlag ${named} für „${monument}“ hat die Schwelle erreicht und wurde per E-Mail an das Büro des Bürgermeisters geschickt.`,
              '',
              `Der Vorschlag auf der Karte: ${links.proposal}`,
            ],
            reason: followReason(de, proposal),
          }
        : {
            subject: `A proposal you follow reached ${m.intervention.votes} votes and was sent to the mayor's office`,
            lines: [
              `The proposal ${named} for “${monument}” reached the threshold and was sent by e-mail to the mayor's office.`,
              '',
              `The proposal on the map: ${links.proposal}`,
            ],
            reason: followReason(de, proposal),
          };
    case 'status': {
      const status = (STATUS_WORDS[lang] as Record<string, string>)[str(p.status)] ?? str(p.status);
      const statement = statementLines(p, lang);
      const history = historyOfPayload(p.history).map((e) => `- ${historyLine(e, lang)}`);
      return de
        ? {
            subject: `Die Stadt hat zu einem Vorschlag geantwortet, dem du folgst: ${status}`,
            lines: [
              `Die Stadt Linz hat den Stand des Vorschlags ${named} für „${monument}“ gesetzt: ${status}.`,
              '',
              'Stellungnahme der Stadt:',
              ...statement,
              ...(history.length > 0 ? ['', 'Bisheriger Verlauf:', ...history] : []),
              '',
              `Der Vorschlag auf der Karte: ${links.proposal}`,
            ],
            reason: followReason(de, proposal),
          }
        : {
            subject: `The city answered a proposal you follow: ${status}`,
            lines: [
              `The City of Linz set the status of the proposal ${named} for “${monument}”: ${status}.`,
              '',
              "The city's statement:",
              ...statement,
              ...(history.length > 0 ? ['', 'What happened so far:', ...history] : []),
              '',
              `The proposal on the map: ${links.proposal}`,
            ],
            reason: followReason(de, proposal),
          };
    }
    case 'merged': {
      const into = oneLine(str(p.intoName));
      return de
        ? {
            subject: 'Ein Vorschlag, dem du folgst, wird unter anderem Namen weitergeführt',
            lines: [
              `Der Vorschlag ${named} wurde mit dem gleichartigen Vorschlag ${visitorText(lang, into)} für „${monument}“ zusammengeführt; die Stimmen zählen dort.`,
              'Du folgst ab jetzt diesem Vorschlag.',
              '',
              `Der Vorschlag auf der Karte: ${links.into}`,
            ],
            reason: followReason(de, proposal),
          }
        : {
            subject: 'A proposal you follow continues under another name',
            lines: [
              `The proposal ${named} was merged into the similar proposal ${visitorText(lang, into)} for “${monument}”; its votes count there.`,
              'From now on you follow that proposal.',
              '',
              `The proposal on the map: ${links.into}`,
            ],
            reason: followReason(de, proposal),
          };
    }
    case 'removed':
      return de
        ? {
            subject: 'Ein Vorschlag, dem du folgst, wurde entfernt',
            lines: [
              `Der Vorschlag ${named} für „${monument}“ wurde von der Moderation von ${PRODUCT_NAME} entfernt und ist nicht mehr öffentlich.`,
              'Du bekommst dazu keine weiteren Nachrichten.',
            ],
            reason: followReason(de, proposal),
          }
        : {
            subject: 'A proposal you follow was removed',
            lines: [
              `The proposal ${named} for “${monument}” was removed by ${PRODUCT_NAME}'s moderators and is no longer public.`,
              'You will get no further messages about it.',
            ],
            reason: followReason(de, proposal),
          };
  }
}

const followReason = (de: boolean, proposal: string) =>
  de
    ? `Du bekommst diese Nachricht, weil du dem Vorschlag „${proposal}“ auf der Karte ${PRODUCT_NAME} folgst.`
    : `You get this message because you follow the proposal “${proposal}” on the ${PRODUCT_NAME} map.`;

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
    proposal: proposalLinkOf(s.publicUrl, m.monument.id, m.intervention.id),
    into: proposalLinkOf(s.publicUrl, m.monument.id, Number(m.payload.intoId ?? m.intervention.id)),
    confirm: `${s.publicUrl}${APP_PATHS.followConfirm}?token=${confirmTokenOf(s.secret, m.follow.tokenSeed, str(m.payload.seed))}`,
  };
  const t = texts(m, lang, links);
  const stop =
    lang === 'de'
      ? [`Nicht mehr folgen (ein Klick): ${unsubscribePage}`, `Allen Vorschlägen nicht mehr folgen: ${unsubscribePage}&all=1`]
      : [`Stop following (one click): ${unsubscribePage}`, `Stop following every proposal: ${unsubscribePage}&all=1`];
  const footer = ['', '--', t.reason, ...stop, '', PRODUCT_NAME, ''];
  const text = [...t.lines, ...footer].join('\n');
  const html = `<!doctype html><html lang="${lang}"><body>${[...t.lines, ...footer].map(htmlLine).join('')}</body></html>`;
  return {
    messageId: followMessageIdOf(m, s.publicUrl),
    from: s.mailFrom,
    to: m.follow.email,
    subject: `${PRODUCT_NAME}: ${t.subject}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
