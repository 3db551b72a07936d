// What a mail says of its proposal and its monument, read by the tables' keys (the same spelling
// from the table to the mail's words): one query for a claim's proposals, whatever the box.
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { i, m } from '../db/aliases.js';

const contextFields = {
  proposal: { id: i.id, name: i.name, votes: i.votes, shortDescription_en: i.shortDescription_en },
  monument: {
    id: m.id,
    name: m.name,
    name_en: m.name_en,
    lat: m.lat,
    lng: m.lng,
    shortDescription: m.shortDescription,
    shortDescription_en: m.shortDescription_en,
    sex: m.sex,
  },
};

export type MailContext = {
  proposal: { id: number; name: string; votes: number; shortDescription_en: string | null };
  monument: {
    id: string;
    name: string;
    name_en: string | null;
    lat: number | null;
    lng: number | null;
    shortDescription: string;
    shortDescription_en: string;
    sex: string;
  };
};

/** The proposals of `ids` with their monuments, by proposal id. */
async function mailContexts(database: Database, ids: readonly number[]): Promise<Map<number, MailContext>> {
  if (ids.length === 0) return new Map();
  const rows: MailContext[] = await database.db
    .select(contextFields)
    .from(i)
    .innerJoin(m, eq(m.id, i.monumentId))
    .where(inArray(i.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.proposal.id, r]));
}

/** Claimed rows made into mails with their proposal and monument; `make` may drop a row (null), as does a missing proposal. */
export async function withContexts<R extends { proposal_id: number | string }, T>(
  database: Database,
  rows: readonly R[],
  make: (row: R, context: MailContext) => T | null,
): Promise<T[]> {
  const contexts = await mailContexts(
    database,
    rows.map((r) => Number(r.proposal_id)),
  );
  return rows.flatMap((r) => {
    const context = contexts.get(Number(r.proposal_id));
    const mail = context ? make(r, context) : null;
    return mail === null ? [] : [mail];
  });
}
