// Interventions: proposals for what should stand at a monument instead.
import { sql } from 'drizzle-orm';
import type { Intervention, MonumentIntervention, NewIntervention } from '@linz/contract';
import type { Database, Db } from '../db/client.js';
import { NotFound } from './errors.js';

export const DEFAULT_EMOJI = '💡';

type Row = {
  id: number;
  monument_id: string;
  name: string;
  emoji: string;
  short_description_en: string | null;
  votes: number;
  sent_at: Date | string | null;
};

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

function toIntervention(r: Row): Intervention {
  return {
    id: Number(r.id),
    monumentId: r.monument_id,
    name: r.name,
    emoji: r.emoji,
    ...(r.short_description_en ? { shortDescription_en: r.short_description_en } : {}),
    votes: Number(r.votes),
    mayorNotifiedAt: iso(r.sent_at),
    status: 'open',
    answer: null,
  };
}

const selectInterventions = sql`
  SELECT i.id, i.monument_id, i.name, i.emoji, i.short_description_en, i.votes, n.sent_at
  FROM interventions i
  LEFT JOIN mayor_notifications n ON n.intervention_id = i.id AND n.status = 'sent'`;

export async function listAllInterventions(database: Database): Promise<Intervention[]> {
  const rows = await database.rows<Row>(sql`${selectInterventions} ORDER BY i.votes DESC, i.id DESC`);
  return rows.map(toIntervention);
}

export async function listMonumentInterventions(database: Database, monumentId: string): Promise<MonumentIntervention[]> {
  const rows = await database.rows<Row & { known: boolean }>(sql`
    SELECT m.id IS NOT NULL AS known, x.* FROM (SELECT ${monumentId}::text AS mid) q
    LEFT JOIN monuments m ON m.id = q.mid
    LEFT JOIN (${selectInterventions}) x ON x.monument_id = q.mid
    ORDER BY x.votes DESC NULLS LAST, x.id DESC`);
  if (!rows[0]?.known) throw new NotFound('Unknown monument.');
  return rows
    .filter((r) => r.id !== null)
    .map((r) => {
      const { id, name, votes, mayorNotifiedAt, status, answer } = toIntervention(r);
      return { id, name, votes, mayorNotifiedAt, status, answer };
    });
}

export async function createIntervention(
  database: Database,
  monumentId: string,
  input: NewIntervention,
  creatorIpHash: string,
  tx: Db = database.db,
): Promise<Intervention> {
  const [row] = await database.rows<Row>(
    sql`
    INSERT INTO interventions (monument_id, name, emoji, creator_ip_hash)
    SELECT id, ${input.name}, ${DEFAULT_EMOJI}, ${creatorIpHash} FROM monuments WHERE id = ${monumentId}
    RETURNING id, monument_id, name, emoji, short_description_en, votes, NULL::timestamptz AS sent_at`,
    tx,
  );
  if (!row) throw new NotFound('Unknown monument.');
  return toIntervention(row);
}
