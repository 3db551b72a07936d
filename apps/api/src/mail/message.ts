// The mayor's e-mail for one notification: German first (the mayor's language), then English.
// Plain text only, so nothing a visitor typed can become markup or a header.
import { PRODUCT_NAME, monumentViewPath } from '@linz/contract/facts';
import type { Notification } from './outbox.js';

/** One message as the transports take it (the mayor's, or a follower's with its HTML and List-Unsubscribe headers). */
export type OutgoingMail = {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where an answer goes (an accessibility feedback's sender, when they gave an address). */
  replyTo?: string;
  headers?: Record<string, string>;
};
export type MayorMail = OutgoingMail;
export type MailSettings = { publicUrl: string; mailFrom: string; mayorEmail: string; feedbackEmail: string };

/** Visitor text on one line: control characters (line breaks included) become spaces. */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
const coord = (x: number) => x.toFixed(6);

/**
 * A visitor's text in a mail to a visitor (issue 37): quoted and marked as typed by someone on the
 * map, never in the subject, so a spammer's proposal name cannot pass for our words.
 */
export function visitorText(lang: 'de' | 'en', text: string): string {
  return lang === 'de' ? `„${text}“ (so von jemandem auf der Karte eingegeben)` : `“${text}” (as someone entered it on the map)`;
}

/** Fixed per notification, so a resend after a crash carries the same id and can be recognised. */
export function messageIdOf(n: Notification, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  const kind = n.kind === 'correction' ? 'correction-' : '';
  return `<mayor-${kind}${n.interventionId}-${n.reachedAt.getTime()}@${host}>`;
}

/** Where the counted votes came from, in both languages ("10 Stimmen, davon 7 per E-Mail bestätigt, aus 6 Netzen; größtes Netz: 3"). */
export function voteOrigin(v: Notification['votes']): { de: string; en: string } {
  return {
    de: `${v.counted} Stimmen, davon ${v.confirmed} per E-Mail bestätigt, aus ${v.networks} Netzen; größtes Netz: ${v.largestNetwork}`,
    en: `${v.counted} votes, ${v.confirmed} of them confirmed by e-mail, from ${v.networks} networks; largest network: ${v.largestNetwork}`,
  };
}

/** After staff invalidated votes of a proposal whose mail had gone: the corrected count, once. */
function composeCorrection(n: Notification, s: MailSettings, proposal: string, monument: string): MayorMail {
  const origin = voteOrigin(n.votes);
  const text = [
    'Sehr geehrte Damen und Herren,',
    '',
    `Korrektur nach Prüfung: ${n.votes.counted} Stimmen.`,
    '',
    `Zum Vorschlag „${proposal}“ („${monument}“) haben wir Ihnen am ${when(n.reachedAt, 'de-AT')} das Erreichen der Schwelle gemeldet.`,
    'Bei der Prüfung der Stimmen haben unsere Mitarbeiterinnen und Mitarbeiter Stimmen für ungültig erklärt;',
    `der Vorschlag liegt nun unter der Schwelle. Stand: ${origin.de}.`,
    `Auf der Karte: ${mapLinkOf(s.publicUrl, n)}`,
    '',
    'Diese Nachricht wurde automatisch versandt.',
    '',
    '-- English --',
    '',
    `Correction after review: ${n.votes.counted} votes.`,
    `Staff invalidated votes of the proposal “${proposal}”; it is now below the threshold. Now: ${origin.en}.`,
    '',
  ].join('\n');
  return {
    messageId: messageIdOf(n, s.publicUrl),
    from: s.mailFrom,
    to: s.mayorEmail,
    subject: `${PRODUCT_NAME}: Korrektur nach Prüfung: ${n.votes.counted} Stimmen für „${proposal}“`,
    text,
  };
}

/** Opens the proposal in its monument's view (a small map, and a link to the big one): /monuments/<id>?proposal=<id>. */
export function mapLinkOf(publicUrl: string, n: Pick<Notification, 'monument' | 'interventionId'>): string {
  return `${publicUrl}${monumentViewPath(n.monument.id, n.interventionId)}`;
}

export function osmLinkOf(m: Notification['monument']): string {
  return `https://www.openstreetmap.org/?mlat=${coord(m.lat)}&mlon=${coord(m.lng)}#map=18/${coord(m.lat)}/${coord(m.lng)}`;
}

function when(t: Date, locale: string): string {
  const local = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Vienna' }).format(t);
  return `${local} (Europe/Vienna; ${t.toISOString()})`;
}

export function composeMayorMail(n: Notification, s: MailSettings): MayorMail {
  const proposal = oneLine(n.intervention.name);
  const monument = oneLine(n.monument.name);
  const monumentEn = n.monument.nameEn ? oneLine(n.monument.nameEn) : monument;
  const descriptionEn = n.intervention.descriptionEn ? oneLine(n.intervention.descriptionEn) : null;
  const coords = `${coord(n.monument.lat)}, ${coord(n.monument.lng)}`;
  const map = mapLinkOf(s.publicUrl, n);
  const osm = osmLinkOf(n.monument);
  if (n.kind === 'correction') return composeCorrection(n, s, proposal, monument);
  const origin = voteOrigin(n.votes);
  const text = [
    'Sehr geehrte Damen und Herren,',
    '',
    `ein Vorschlag auf der Karte ${PRODUCT_NAME} hat ${n.voteCount} Unterstützungen erreicht.`,
    '',
    `Vorschlag: ${proposal}`,
    `Denkmal: ${monument}`,
    `Koordinaten: ${coords}`,
    `Auf der Karte: ${map}`,
    `OpenStreetMap: ${osm}`,
    `Unterstützungen: ${n.voteCount}, erreicht am ${when(n.reachedAt, 'de-AT')}`,
    `Herkunft: ${origin.de}`,
    `Personen, die dem Vorschlag per E-Mail folgen: ${n.followers}`,
    '',
    'Bitte beachten Sie: Die Unterstützungen sind anonym. Gezählt wird höchstens eine pro Browser;',
    'es handelt sich nicht um überprüfte Personen. Per E-Mail bestätigt wird höchstens eine pro Adresse;',
    'auffällige Häufungen aus einem Netz prüfen unsere Mitarbeiterinnen und Mitarbeiter, bevor sie zählen.',
    '',
    'Diese Nachricht wurde automatisch versandt.',
    '',
    '-- English --',
    '',
    `A proposal on the ${PRODUCT_NAME} map has reached ${n.voteCount} supports.`,
    '',
    `Proposal: ${proposal}`,
    ...(descriptionEn ? [`Description: ${descriptionEn}`] : []),
    `Monument: ${monumentEn}`,
    `Coordinates: ${coords}`,
    `On the map: ${map}`,
    `OpenStreetMap: ${osm}`,
    `Supports: ${n.voteCount}, reached on ${when(n.reachedAt, 'en-GB')}`,
    `Origin: ${origin.en}`,
    `People following the proposal by e-mail: ${n.followers}`,
    '',
    'Please note: the supports are anonymous, at most one per browser; they are not verified persons.',
    'At most one per address is confirmed by e-mail; unusual bursts from one network are checked by staff before they count.',
    '',
    'This message was sent automatically.',
    '',
  ].join('\n');
  return {
    messageId: messageIdOf(n, s.publicUrl),
    from: s.mailFrom,
    to: s.mayorEmail,
    subject: `${PRODUCT_NAME}: Vorschlag „${proposal}“ für „${monument}“ hat ${n.voteCount} Unterstützungen`,
    text,
  };
}
