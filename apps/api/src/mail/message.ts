// The mayor's e-mail for one notification: German first (the mayor's language), then English.
// Written to be acted on: what the monument is and whom it commemorates, the proposal's
// full text, how far the votes can be trusted in one sentence, a link to the staff answer form, a
// map link that selects the proposal, and a Reply-To that reaches the city's staff. The plain text
// and the HTML alternative are rendered from the same blocks; in the HTML every text is escaped, so
// nothing a visitor typed becomes markup, and nothing typed ever becomes a header.
import { PRODUCT_NAME, monumentViewPath, staffAnswerPath, type Sex } from '@linz/contract/facts';
import type { Notification } from './outbox.js';
import { escapeHtml, oneLine } from '../domain/visitor-text.js';

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
/** feedbackEmail gets accessibility feedback; staffEmail the mayor's office's replies and vote alerts (site profile). */
export type MailSettings = { publicUrl: string; mailFrom: string; mayorEmail: string; feedbackEmail: string; staffEmail: string };

const coord = (x: number) => x.toFixed(6);

/**
 * A visitor's text in a mail to a visitor: quoted and marked as typed by someone on the
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
    `der Vorschlag liegt nun unter der Schwelle. Stand: ${origin.de}`,
    `Auf der Karte: ${mapLinkOf(s.publicUrl, n)}`,
    '',
    'Diese Nachricht wurde automatisch versandt.',
    '',
    '-- English --',
    '',
    `Correction after review: ${n.votes.counted} votes.`,
    `Staff invalidated votes of the proposal “${proposal}”; it is now below the threshold. Now: ${origin.en}`,
    '',
  ].join('\n');
  return {
    messageId: messageIdOf(n, s.publicUrl),
    from: s.mailFrom,
    to: s.mayorEmail,
    subject: `${PRODUCT_NAME}: Korrektur nach Prüfung: ${n.votes.counted} Stimmen für „${proposal}“`,
    text,
    replyTo: s.staffEmail,
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

type Lang = 'de' | 'en';

/** Plural by count: "1 Stimme", "10 Stimmen". */
const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The votes' credibility in one sentence a clerk understands, from the figures the mail has:
 * "10 Stimmen aus 8 verschiedenen Netzen (höchstens 3 aus demselben), 6 davon per E-Mail bestätigt."
 */
export function voteOrigin(v: Notification['votes']): Record<Lang, string> {
  if (v.counted === 0) return { de: 'Keine gezählten Stimmen.', en: 'No counted votes.' };
  const all = v.confirmed >= v.counted;
  const de = {
    votes: counted(v.counted, 'Stimme', 'Stimmen'),
    from:
      v.networks <= 1
        ? 'aus einem einzigen Netz'
        : `aus ${v.networks} verschiedenen Netzen (höchstens ${v.largestNetwork} aus demselben)`,
    confirmed: v.confirmed === 0 ? 'keine davon' : all ? 'alle' : `${v.confirmed} davon`,
  };
  const en = {
    votes: counted(v.counted, 'vote', 'votes'),
    from:
      v.networks <= 1
        ? 'from one single network'
        : `from ${v.networks} different networks (at most ${v.largestNetwork} from the same one)`,
    confirmed: v.confirmed === 0 ? 'none of them' : all ? 'all of them' : `${v.confirmed} of them`,
  };
  return {
    de: `${de.votes} ${de.from}, ${de.confirmed} per E-Mail bestätigt.`,
    en: `${en.votes} ${en.from}, ${en.confirmed} confirmed by e-mail.`,
  };
}

/** Whom a monument commemorates (the site's "Erinnert an"), as a clause of the mail. */
const COMMEMORATES: Record<Sex, Record<Lang, string>> = {
  female: { de: 'eine Frau oder Frauen', en: 'a woman or women' },
  male: { de: 'einen Mann oder Männer', en: 'a man or men' },
  mixed: { de: 'Frauen und Männer', en: 'women and men' },
  none: { de: 'keine Person', en: 'no person' },
  unspecified: { de: 'noch nicht bestimmt', en: 'not known yet' },
};

/** A row of a table of facts; with `href` its value is a link (the text part shows the address). */
type Field = { label: string; value: string; href?: string };
/** The mail's parts, written once and rendered as plain text and as HTML. */
type Block = { p: string } | { h: string } | { fields: Field[] } | { action: string; href: string };

function asText(blocks: Block[]): string[] {
  return blocks.flatMap((b) => {
    if ('p' in b) return [b.p, ''];
    if ('h' in b) return [b.h.toUpperCase(), ''];
    if ('action' in b) return [`${b.action}:`, b.href, ''];
    return [...b.fields.map((f) => `${f.label}: ${f.href ?? f.value}`), ''];
  });
}

// Inline styles, as mail programs keep them; long words (addresses, a visitor's unbroken text)
// wrap rather than widen the mail on a phone. The one <style> rule puts a label above its value on
// a narrow screen; a program that drops it shows the table, which still fits.
const NARROW =
  '@media (max-width: 32em) { .facts th, .facts td { display: block; padding: 0 } .facts th { padding-top: 0.75em } }';
const CELL = 'padding:0.25em 0.75em 0.25em 0;vertical-align:top;text-align:left;overflow-wrap:anywhere;word-break:break-word';

function asHtml(blocks: Block[]): string {
  return blocks
    .map((b) => {
      if ('p' in b) return `<p>${escapeHtml(b.p)}</p>`;
      if ('h' in b) return `<h2 style="font-size:1.15em;margin:1.5em 0 0.5em">${escapeHtml(b.h)}</h2>`;
      if ('action' in b) {
        return `<p><a href="${escapeHtml(b.href)}" style="display:inline-block;padding:0.6em 1em;background:#0b5394;color:#ffffff;border-radius:4px;font-weight:bold;text-decoration:none">${escapeHtml(b.action)}</a></p>`;
      }
      const rows = b.fields.map((f) => {
        const value = f.href ? `<a href="${escapeHtml(f.href)}">${escapeHtml(f.value)}</a>` : escapeHtml(f.value);
        return `<tr><th scope="row" style="${CELL};font-weight:bold;white-space:nowrap">${escapeHtml(f.label)}</th><td style="${CELL}">${value}</td></tr>`;
      });
      return `<table class="facts" role="presentation" style="border-collapse:collapse">${rows.join('')}</table>`;
    })
    .join('\n');
}

export function composeMayorMail(n: Notification, s: MailSettings): MayorMail {
  const proposal = oneLine(n.intervention.name);
  const monument = oneLine(n.monument.name);
  if (n.kind === 'correction') return composeCorrection(n, s, proposal, monument);
  const monumentEn = n.monument.nameEn ? oneLine(n.monument.nameEn) : monument;
  const summaryEn = n.intervention.descriptionEn ? oneLine(n.intervention.descriptionEn) : null;
  const description = { de: oneLine(n.monument.description.de), en: oneLine(n.monument.description.en) };
  const coords = `${coord(n.monument.lat)}, ${coord(n.monument.lng)}`;
  const map = mapLinkOf(s.publicUrl, n);
  const osm = osmLinkOf(n.monument);
  const answer = `${s.publicUrl}${staffAnswerPath(n.interventionId)}`;
  const origin = voteOrigin(n.votes);
  const sex = COMMEMORATES[n.monument.sex] ?? COMMEMORATES.unspecified;

  const de: Block[] = [
    { p: 'Sehr geehrte Damen und Herren,' },
    {
      p: `ein Vorschlag auf der Karte ${PRODUCT_NAME} hat ${n.voteCount} Unterstützungen erreicht. Die Stadt kann ihn öffentlich beantworten: Die Antwort erscheint beim Vorschlag auf der Karte, und wer ihm per E-Mail folgt, bekommt sie zugeschickt.`,
    },
    { action: 'Antwort der Stadt verfassen (Anmeldung für Mitarbeiterinnen und Mitarbeiter)', href: answer },
    { p: `Für Rückfragen antworten Sie einfach auf diese E-Mail; sie geht an das Team der Karte (${s.staffEmail}).` },
    { h: 'Der Vorschlag' },
    {
      fields: [
        { label: 'Vorschlag', value: proposal },
        { label: 'Nummer', value: String(n.interventionId) },
        { label: 'Unterstützungen', value: `${n.voteCount}, erreicht am ${when(n.reachedAt, 'de-AT')}` },
        { label: 'Herkunft', value: origin.de },
        { label: 'Folgen per E-Mail', value: counted(n.followers, 'Person', 'Personen') },
        { label: 'Auf der Karte', value: 'Vorschlag auf der Karte öffnen', href: map },
      ],
    },
    { h: 'Das Denkmal' },
    {
      fields: [
        { label: 'Denkmal', value: monument },
        { label: 'Beschreibung', value: description.de || 'noch keine' },
        { label: 'Erinnert an', value: sex.de },
        { label: 'Koordinaten', value: coords },
        { label: 'OpenStreetMap', value: 'Ort auf OpenStreetMap öffnen', href: osm },
      ],
    },
    {
      p: 'Bitte beachten Sie: Die Unterstützungen sind anonym. Gezählt wird höchstens eine pro Browser; es handelt sich nicht um überprüfte Personen. Per E-Mail bestätigt wird höchstens eine pro Adresse. Ein Netz ist ein Block benachbarter Internetadressen, etwa ein Haushalt oder ein Büro; auffällige Häufungen aus einem Netz prüfen unsere Mitarbeiterinnen und Mitarbeiter, bevor sie zählen.',
    },
    { p: 'Diese Nachricht wurde automatisch versandt.' },
  ];
  const en: Block[] = [
    {
      p: `A proposal on the ${PRODUCT_NAME} map has reached ${n.voteCount} supports. The city can answer it in public: the answer appears with the proposal on the map and is mailed to those who follow it by e-mail.`,
    },
    { action: "Write the city's answer (for staff, after signing in)", href: answer },
    { p: `For questions, simply reply to this e-mail; it goes to the map's team (${s.staffEmail}).` },
    { h: 'The proposal' },
    {
      fields: [
        { label: 'Proposal', value: proposal },
        ...(summaryEn ? [{ label: 'In English', value: summaryEn }] : []),
        { label: 'Number', value: String(n.interventionId) },
        { label: 'Supports', value: `${n.voteCount}, reached on ${when(n.reachedAt, 'en-GB')}` },
        { label: 'Origin', value: origin.en },
        { label: 'Following by e-mail', value: counted(n.followers, 'person', 'people') },
        { label: 'On the map', value: 'Open the proposal on the map', href: map },
      ],
    },
    { h: 'The monument' },
    {
      fields: [
        { label: 'Monument', value: monumentEn },
        { label: 'Description', value: description.en || (description.de ? `${description.de} (in German)` : 'none yet') },
        { label: 'Commemorates', value: sex.en },
        { label: 'Coordinates', value: coords },
        { label: 'OpenStreetMap', value: 'Open the place on OpenStreetMap', href: osm },
      ],
    },
    {
      p: 'Please note: the supports are anonymous, at most one per browser; they are not verified persons. At most one per address is confirmed by e-mail. A network is a block of neighbouring internet addresses, such as a household or an office; unusual bursts from one network are checked by staff before they count.',
    },
    { p: 'This message was sent automatically.' },
  ];
  const text = [...asText(de), '-- English --', '', ...asText(en)].join('\n');
  const html = [
    '<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(PRODUCT_NAME)}</title><style>${NARROW}</style></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;max-width:42em;margin:0 auto;padding:1em">',
    asHtml(de),
    '<hr style="margin:2em 0">',
    `<div lang="en">${asHtml(en)}</div>`,
    '</body></html>',
  ].join('\n');
  return {
    messageId: messageIdOf(n, s.publicUrl),
    from: s.mailFrom,
    to: s.mayorEmail,
    replyTo: s.staffEmail,
    subject: `${PRODUCT_NAME}: Vorschlag „${proposal}“ für „${monument}“ hat ${n.voteCount} Unterstützungen`,
    text,
    html,
  };
}
