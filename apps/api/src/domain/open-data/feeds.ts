// Atom 1.0 feeds (RFC 4287): new public proposals, and the proposals that reached the mayor's
// threshold with the city's answers. Every text goes through `xml()`: nothing a visitor typed can
// become markup.
import { sql } from 'drizzle-orm';
import { PATHS, type ProposalStatus } from '@linz/contract';
import type { City } from '../../city/profile.js';
import { mapLinkPath } from '@linz/contract/facts';
import type { Database } from '../../db/client.js';
import { fill, MAIL_TEXTS } from '../../mail/texts.js';
import { historyLine, STATUS_WORDS } from '../proposals/status-words.js';
import { proposalIsPublic } from '../moderation/visibility.js';

/** The feeds' words: German, the city's language (the server's texts, `feeds`). */
const WORDS = MAIL_TEXTS.de.feeds;

/** Entries per feed, newest first. */
export const FEED_ENTRIES = 50;

/** Characters XML 1.0 does not allow (C0 controls but tab and line breaks, U+FFFE/F, lone surrogates). */
export const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are what it removes
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text or attribute value for XML 1.0: the five special characters escaped, characters XML forbids dropped. */
export function xml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

type Entry = { id: string; title: string; updated: Date; link: string; summary: string };
type Feed = { path: string; product: string; title: string; subtitle: string; entries: Entry[] };

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');
/** The map opened at the monument's popup (the web app reads `monument`). */
export const monumentLink = (publicUrl: string, monumentId: string) =>
  `${base(publicUrl)}${mapLinkPath({ monument: monumentId })}`;

function atom(publicUrl: string, feed: Feed): string {
  const self = `${base(publicUrl)}${feed.path}`;
  // With no entries yet, `updated` is fixed (not the clock), so the ETag stays the same.
  const updated = (feed.entries[0]?.updated ?? new Date(0)).toISOString();
  const entry = (e: Entry) => `  <entry>
    <id>${xml(e.id)}</id>
    <title>${xml(e.title)}</title>
    <updated>${e.updated.toISOString()}</updated>
    <link rel="alternate" type="text/html" href="${xml(e.link)}"/>
    <summary>${xml(e.summary)}</summary>
  </entry>
`;
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="de">
  <id>${xml(self)}</id>
  <title>${xml(feed.title)}</title>
  <subtitle>${xml(feed.subtitle)}</subtitle>
  <updated>${updated}</updated>
  <link rel="self" type="application/atom+xml" href="${xml(self)}"/>
  <link rel="alternate" type="text/html" href="${xml(`${base(publicUrl)}/interventions`)}"/>
  <link rel="license" href="https://creativecommons.org/licenses/by/4.0/"/>
  <author><name>${xml(feed.product)}</name></author>
  <rights>CC BY 4.0 – ${xml(feed.product)} and its contributors</rights>
${feed.entries.map(entry).join('')}</feed>
`;
}

type Row = { id: number; monument_id: string; monument: string; name: string; at: Date | string };

export async function proposalsAtom(database: Database, publicUrl: string, city: City): Promise<string> {
  const rows = await database.rows<Row>(sql`
    SELECT i.id, i.monument_id, m.name AS monument, i.name, i.created_at AS at
    FROM proposals i JOIN monuments m ON m.id = i.monument_id
    WHERE ${proposalIsPublic('i', 'm')} ORDER BY i.created_at DESC, i.id DESC LIMIT ${FEED_ENTRIES}`);
  return atom(publicUrl, {
    path: PATHS.feedProposals,
    product: city.productName,
    title: fill(WORDS.proposals.title, { product: city.productName }),
    subtitle: fill(WORDS.proposals.subtitle, { city: city.name.de }),
    entries: rows.map((r) => {
      const link = monumentLink(publicUrl, r.monument_id);
      return {
        id: `${link}#proposal-${r.id}`,
        title: r.name,
        updated: new Date(r.at),
        link,
        summary: fill(WORDS.proposals.summary, { monument: r.monument, name: r.name }),
      };
    }),
  });
}

type AnswerRow = Row & {
  kind: 'reached' | 'step';
  status: ProposalStatus;
  note: string | null;
  answer_de: string | null;
  answer_en: string | null;
};

/**
 * Proposals that reached the threshold, and every step of their status history: the
 * step's day written out, its note, and with the step that came with the current answer, the
 * city's statement (in German, English, or both).
 */
export async function answersFeed(database: Database, publicUrl: string, city: City): Promise<string> {
  const threshold = city.voteThreshold;
  const rows = await database.rows<AnswerRow>(sql`
    SELECT * FROM (
      SELECT 'reached' AS kind, i.id, i.monument_id, m.name AS monument, i.name, n.reached_at AS at,
        i.status, NULL AS note, NULL AS answer_de, NULL AS answer_en
      FROM mayor_notifications n JOIN proposals i ON i.id = n.proposal_id JOIN monuments m ON m.id = i.monument_id
      WHERE ${proposalIsPublic('i', 'm')} AND n.kind = 'threshold' AND n.status <> 'held'
      UNION ALL
      SELECT 'step', i.id, i.monument_id, m.name, i.name, h.at, h.status, h.note,
        CASE WHEN h.at = i.answered_at THEN i.answer_de END, CASE WHEN h.at = i.answered_at THEN i.answer_en END
      FROM status_history h JOIN proposals i ON i.id = h.proposal_id JOIN monuments m ON m.id = i.monument_id
      WHERE ${proposalIsPublic('i', 'm')}
    ) x ORDER BY at DESC, id DESC, kind DESC LIMIT ${FEED_ENTRIES}`);
  return atom(publicUrl, {
    path: PATHS.feedAnswers,
    product: city.productName,
    title: fill(WORDS.answers.title, { product: city.productName }),
    subtitle: fill(WORDS.answers.subtitle, { threshold, city: city.name.de }),
    entries: rows.map((r) => {
      const link = monumentLink(publicUrl, r.monument_id);
      if (r.kind === 'reached') {
        return {
          id: `${link}#proposal-${r.id}-reached`,
          title: fill(WORDS.answers.reachedTitle, { name: r.name, threshold }),
          updated: new Date(r.at),
          link,
          summary: fill(WORDS.answers.reachedSummary, { name: r.name, monument: r.monument, threshold }),
        };
      }
      const statement = [
        r.answer_de ? fill(WORDS.answers.answer, { answer: r.answer_de }) : '',
        r.answer_en ? fill(WORDS.answers.otherAnswer, { answer: r.answer_en }) : '',
        r.answer_de === null && r.answer_en !== null ? WORDS.answers.onlyOther : '',
      ].filter(Boolean);
      return {
        id: `${link}#proposal-${r.id}-answer-${new Date(r.at).getTime()}`,
        title: fill(WORDS.answers.answerTitle, { name: r.name, status: STATUS_WORDS.de[r.status] }),
        updated: new Date(r.at),
        link,
        summary: [
          fill(WORDS.answers.step, {
            history: historyLine({ status: r.status, at: new Date(r.at).toISOString(), note: r.note }, 'de', city.timeZone),
            monument: r.monument,
          }),
          ...statement,
        ].join('\n\n'),
      };
    }),
  });
}
