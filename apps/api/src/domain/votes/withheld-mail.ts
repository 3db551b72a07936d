// The mayor's e-mail and moderation: a queued notification goes out only for a public proposal.
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { proposalIsPublic } from '../moderation/visibility.js';

/**
 * A queued mayor's e-mail goes out only for a public proposal: one whose proposal is no longer
 * public is withheld, and goes back to pending (due now) when it is public again. Run after every
 * moderation change, in its transaction.
 */
export async function syncWithheldMail(database: Database, tx: Db): Promise<void> {
  await database.rows(
    sql`UPDATE mayor_notifications n SET status = 'withheld'
        FROM proposals i JOIN monuments m ON m.id = i.monument_id
        WHERE n.proposal_id = i.id AND n.status = 'pending' AND NOT (${proposalIsPublic('i', 'm')})`,
    tx,
  );
  await database.rows(
    sql`UPDATE mayor_notifications n SET status = 'pending', next_attempt_at = now()
        FROM proposals i JOIN monuments m ON m.id = i.monument_id
        WHERE n.proposal_id = i.id AND n.status = 'withheld' AND ${proposalIsPublic('i', 'm')}`,
    tx,
  );
}
