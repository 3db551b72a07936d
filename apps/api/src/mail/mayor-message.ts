// The mayor's e-mail for one notification: German first (the mayor's language), then English.
// Written to be acted on: what the monument is and whom it commemorates, the proposal's
// full text, how far the votes can be trusted in one sentence, a link to the staff answer form, a
// map link that selects the proposal, and a Reply-To that reaches the city's staff. The plain text
// and the HTML alternative are rendered from the same blocks; in the HTML every text is escaped, so
// nothing a visitor typed becomes markup, and nothing typed ever becomes a header.
import { monumentViewPath, staffAnswerPath } from '@linz/contract/facts';
import type { Notification } from './outbox.js';
import { placeOf } from '../db/answer-columns.js';
import type { MailSettings, OutgoingMail } from './outgoing.js';
import { fill, fillLines, MAIL_TEXTS, MAYOR_HTML as HTML, plural } from './texts.js';
import { escapeHtml, oneLine } from '../domain/visitor-text.js';

const coord = (x: number) => x.toFixed(6);

/** Fixed per notification, so a resend after a crash carries the same id and can be recognised. */
export function messageIdOf(n: Notification, publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  const kind = n.kind === 'correction' ? 'correction-' : '';
  return `<mayor-${kind}${n.proposalId}-${n.reachedAt.getTime()}@${host}>`;
}

/** After staff invalidated votes of a proposal whose mail had gone: the corrected count, once. */
function composeCorrection(n: Notification, s: MailSettings, proposal: string, monument: string): OutgoingMail {
  const origin = voteOrigin(n.votes);
  const values = (lang: Lang) => ({
    votes: n.votes.counted,
    proposal,
    monument,
    when: when(n.reachedAt, MAIL_TEXTS[lang].locale, s.timeZone),
    origin: origin[lang],
    map: mapLinkOf(s.publicUrl, n),
    id: n.proposalId,
  });
  const text = [
    ...fillLines(MAIL_TEXTS.de.correction.lines, values('de')),
    '',
    '-- English --',
    '',
    ...fillLines(MAIL_TEXTS.en.correction.lines, values('en')),
    '',
  ].join('\n');
  return {
    messageId: messageIdOf(n, s.publicUrl),
    from: s.mailFrom,
    to: s.mayorEmail,
    subject: `${s.product}: ${fill(MAIL_TEXTS.de.correction.subject, values('de'))}`,
    text,
    replyTo: s.staffEmail,
  };
}

/** Opens the proposal in its monument's view (a small map, and a link to the big one): /monuments/<id>?proposal=<id>. */
export function mapLinkOf(publicUrl: string, n: Pick<Notification, 'monument' | 'proposalId'>): string {
  return `${publicUrl}${monumentViewPath(n.monument.id, n.proposalId)}`;
}

export function osmLinkOf(m: Notification['monument']): string {
  const { geoLocX, geoLocY } = placeOf(m);
  return `https://www.openstreetmap.org/?mlat=${coord(geoLocX)}&mlon=${coord(geoLocY)}#map=18/${coord(geoLocX)}/${coord(geoLocY)}`;
}

/** The moment in the city's time zone, named, with UTC beside it: "12. März 2027 um 14:05 (Europe/Vienna; 2027-03-12T13:05:00.000Z)". */
function when(t: Date, locale: string, timeZone: string): string {
  const local = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(t);
  return `${local} (${timeZone}; ${t.toISOString()})`;
}

type Lang = 'de' | 'en';

/**
 * The votes' credibility in one sentence a clerk understands, from the figures the mail has:
 * "10 Stimmen aus 8 verschiedenen Netzen (höchstens 3 aus demselben), 6 davon per E-Mail bestätigt."
 */
export function voteOrigin(v: Notification['votes']): Record<Lang, string> {
  const sentence = (lang: Lang) => {
    const w = MAIL_TEXTS[lang].origin;
    if (v.counted === 0) return w.none;
    return fill(w.sentence, {
      votes: plural(w.votes, v.counted),
      from: v.networks <= 1 ? w.oneNetwork : fill(w.networks, { networks: v.networks, largest: v.largestNetwork }),
      // Honest about the wider networks: ten /56s of one /48 are not ten households' votes.
      areas:
        v.networks <= 1 || v.areas >= v.networks
          ? ''
          : v.areas <= 1
            ? w.oneArea
            : fill(w.areas, { areas: v.areas, largest: v.largestArea }),
      domains: v.confirmed === 0 ? '' : v.domains <= 1 ? w.oneDomain : fill(w.domains, { domains: v.domains }),
      confirmed:
        v.confirmed === 0
          ? w.noneConfirmed
          : v.confirmed >= v.counted
            ? w.allConfirmed
            : fill(w.someConfirmed, { count: v.confirmed }),
    });
  };
  return { de: sentence('de'), en: sentence('en') };
}

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

/** The blocks as HTML, in the layout of mail/texts/mayor-html.json; every value escaped. */
function asHtml(blocks: Block[]): string {
  const e = escapeHtml;
  return blocks
    .map((b) => {
      if ('p' in b) return fill(HTML.paragraph, { text: e(b.p) });
      if ('h' in b) return fill(HTML.heading, { text: e(b.h) });
      if ('action' in b) return fill(HTML.action, { href: e(b.href), text: e(b.action) });
      const rows = b.fields.map((f) => {
        const value = f.href ? fill(HTML.link, { href: e(f.href), text: e(f.value) }) : e(f.value);
        return fill(HTML.row, { label: e(f.label), value });
      });
      return fill(HTML.facts, { rows: rows.join('') });
    })
    .join('\n');
}

export function composeMayorMail(n: Notification, s: MailSettings): OutgoingMail {
  const proposal = oneLine(n.proposal.name);
  const monument = oneLine(n.monument.name);
  if (n.kind === 'correction') return composeCorrection(n, s, proposal, monument);
  const summaryEn = n.proposal.shortDescription_en ? oneLine(n.proposal.shortDescription_en) : null;
  const place = placeOf(n.monument);
  const coords = `${coord(place.geoLocX)}, ${coord(place.geoLocY)}`;
  const map = mapLinkOf(s.publicUrl, n);
  const osm = osmLinkOf(n.monument);
  const answer = `${s.publicUrl}${staffAnswerPath(n.proposalId)}`;
  const origin = voteOrigin(n.votes);
  const sexes = MAIL_TEXTS.de.mayor.sexes;
  const sex = n.monument.sex in sexes ? (n.monument.sex as keyof typeof sexes) : 'unspecified';
  const description = { de: oneLine(n.monument.shortDescription), en: oneLine(n.monument.shortDescription_en) };

  /** The mail's half in one language: German first, the mayor's language, then English. */
  const half = (lang: Lang): Block[] => {
    const w = MAIL_TEXTS[lang].mayor;
    const values = {
      product: s.product,
      votes: n.voteCount,
      staffEmail: s.staffEmail,
      when: when(n.reachedAt, MAIL_TEXTS[lang].locale, s.timeZone),
    };
    const other = lang === 'de' ? description.en : description.de;
    return [
      { p: w.greeting },
      { p: fill(w.intro, values) },
      { action: w.answer, href: answer },
      { p: fill(w.questions, values) },
      { h: w.proposalTitle },
      {
        fields: [
          { label: w.proposal, value: proposal },
          ...(lang === 'en' && summaryEn ? [{ label: w.inEnglish, value: summaryEn }] : []),
          { label: w.number, value: String(n.proposalId) },
          { label: w.supports, value: fill(w.supportsValue, values) },
          { label: w.origin, value: origin[lang] },
          { label: w.followers, value: plural(w.people, n.followers) },
          { label: w.onMap, value: w.openOnMap, href: map },
        ],
      },
      { h: w.monumentTitle },
      {
        fields: [
          { label: w.monument, value: lang === 'en' && n.monument.name_en ? oneLine(n.monument.name_en) : monument },
          {
            label: w.description,
            value:
              description[lang] || (lang === 'en' && other ? fill(w.otherDescription, { description: other }) : w.noDescription),
          },
          { label: w.commemorates, value: w.sexes[sex] },
          { label: w.coordinates, value: coords },
          { label: w.osm, value: w.openOsm, href: osm },
        ],
      },
      { p: w.note },
      { p: w.automatic },
    ];
  };
  const de = half('de');
  const en = half('en');
  const text = [...asText(de), '-- English --', '', ...asText(en)].join('\n');
  const html = fillLines(HTML.page, { title: escapeHtml(s.product), de: asHtml(de), en: asHtml(en) }).join('\n');
  return {
    messageId: messageIdOf(n, s.publicUrl),
    from: s.mailFrom,
    to: s.mayorEmail,
    replyTo: s.staffEmail,
    // The proposal's number, never its or the monument's name: a visitor's words in the mayor's subject could pass for ours.
    subject: `${s.product}: ${fill(MAIL_TEXTS.de.mayor.subject, { id: n.proposalId, votes: n.voteCount })}`,
    text,
    html,
  };
}
