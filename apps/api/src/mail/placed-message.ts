// The mail to a citizen whose suggestion on "Wo ist das?" led to a place (issue 54): the city placed
// the item, here is its view. In the language they used; plain text; the words in mail/texts/.
import { APP_PATHS, type MailLang } from '@linz/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { oneLine } from '../domain/visitor-text.js';
import type { MailSettings, OutgoingMail } from './outgoing.js';
import { claimRows } from './outbox-mails.js';
import { fill, fillLines, MAIL_TEXTS } from './texts.js';

/** A claimed "placed" mail: the suggester hears that the city placed the item (issue 54). */
export type PlacedMail = {
  box: 'placed';
  id: number;
  attempt: number;
  email: string;
  lang: MailLang;
  decidedAt: Date;
  monument: { id: string; name: string };
};

export async function claimDuePlacedMails(database: Database, now: Date, leaseMs: number, limit = 5): Promise<PlacedMail[]> {
  const rows = await database.rows<{
    id: number;
    attempts: number;
    email: string | null;
    lang: MailLang;
    decided_at: Date | string | null;
    monument_id: string;
    monument_name: string;
  }>(
    claimRows(
      'placed',
      now,
      leaseMs,
      limit,
      sql`SELECT c.id, c.attempts, c.email, c.lang, c.decided_at, m.id AS monument_id, m.name AS monument_name
          FROM claimed c JOIN monuments m ON m.id = c.monument_id ORDER BY c.id`,
    ),
  );
  return rows
    .filter((r) => r.email !== null)
    .map((r) => ({
      box: 'placed' as const,
      id: Number(r.id),
      attempt: Number(r.attempts),
      email: r.email ?? '',
      lang: r.lang,
      decidedAt: new Date(r.decided_at ?? now),
      monument: { id: r.monument_id, name: r.monument_name },
    }));
}

export function composePlacedMail(p: PlacedMail, s: MailSettings): OutgoingMail {
  const host = new URL(s.publicUrl).hostname || 'localhost';
  const w = MAIL_TEXTS[p.lang].placed;
  const name = oneLine(p.monument.name);
  const values = { name, link: `${s.publicUrl}${APP_PATHS.monument.replace(':monumentId', encodeURIComponent(p.monument.id))}` };
  return {
    messageId: `<placed-${p.id}-${p.decidedAt.getTime()}@${host}>`,
    from: s.mailFrom,
    to: p.email,
    subject: fill(w.subject, { name: name.slice(0, 80) }),
    text: [...fillLines(w.lines, values), ''].join('\n'),
  };
}
