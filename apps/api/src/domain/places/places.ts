// "Wo ist das?" (issue 54): the public commemorations without a place, citizens' suggestions where
// they stand, and staff's decision. A suggestion always waits for staff; its note is screened like
// every visitor's text. Staff confirm one (at its point or moved) and the monument is placed, marked
// as placed by citizens; suggesters who left an address are told (mail/outbox.ts: the row is its mail).
import {
  AGREEMENT_NETWORKS,
  AGREEMENT_RADIUS_M,
  distanceMeters,
  type NewPlaceSuggestion,
  type Placement,
  type StaffPlaceItem,
  type StaffPlaces,
  UnplacedItem,
} from '@linz/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { columnsOf } from '../../db/answer-columns.js';
import { m } from '../../db/aliases.js';
import type { MonumentRow } from '../monuments/monuments.js';
import { Conflict, NotFound } from '../errors.js';
import { admission } from '../moderation/screen.js';
import { unplacedMonument } from '../moderation/visibility.js';
import { audit } from '../staff/audit.js';

/** What the list shows of an item's row (db/answer-columns.ts), and the suggestions waiting for staff. */
const shownColumns = columnsOf(UnplacedItem.omit({ suggestions: true }));
const itemFields = {
  m,
  suggestions:
    sql<number>`(SELECT count(*)::int FROM place_suggestions s WHERE s.monument_id = m.id AND s.decision = 'open')`.mapWith(
      Number,
    ),
};

const jsonOf = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const toItem = (r: { m: MonumentRow; suggestions: number }): UnplacedItem => ({
  ...shownColumns(r.m),
  suggestions: r.suggestions,
});

/** Every public commemoration without a place: women first, then by name. */
export async function listUnplaced(database: Database): Promise<UnplacedItem[]> {
  const rows = await database.db
    .select(itemFields)
    .from(m)
    .where(sql`${unplacedMonument('m')}`)
    .orderBy(sql`(m.sex = 'female') DESC`, m.name, m.id);
  return rows.map(toItem);
}

export type Suggester = { ipHash: string; voterHash: string; netHash: string };

/** A citizen's suggestion for a public commemoration without a place (the caller checked the area and the limit). */
export async function suggestPlace(
  database: Database,
  tx: Db,
  monumentId: string,
  input: NewPlaceSuggestion,
  who: Suggester,
  cityNames: readonly string[],
): Promise<{ id: number; underReview: true }> {
  const [item] = await database.rows<{ id: string }>(
    sql`SELECT m.id FROM monuments m WHERE m.id = ${monumentId} AND ${unplacedMonument('m')} FOR SHARE`,
    tx,
  );
  if (!item) throw new NotFound('No commemoration without a place has this id (it may have been placed meanwhile).');
  const held = input.note
    ? (await admission(database, tx, { moderation: 'post', cityNames }, input.note)).moderation === 'held'
    : false;
  const [row] = await database.rows<{ id: number }>(
    sql`INSERT INTO place_suggestions (monument_id, lat, lng, note, email, lang, creator_ip_hash, creator_voter_hash, net_hash, moderation)
      VALUES (${monumentId}, ${input.lat}, ${input.lng}, ${input.note ?? null}, ${input.email ?? null}, ${input.lang},
        ${who.ipHash}, ${who.voterHash}, ${who.netHash}, ${held ? 'held' : 'visible'})
      RETURNING id`,
    tx,
  );
  if (!row) throw new Conflict('The suggestion could not be stored; please try again.');
  return { id: Number(row.id), underReview: true };
}

type SuggestionRow = {
  id: number;
  monument_id: string;
  lat: number;
  lng: number;
  note: string | null;
  net_hash: string;
  moderation: string;
  wants_mail: boolean;
  created_at: Date | string;
};

/** The largest group of suggestions within AGREEMENT_RADIUS_M of one of them, and its networks. */
export function agreementOf(suggestions: ReadonlyArray<{ lat: number; lng: number; net: string }>): StaffPlaceItem['agreement'] {
  let best = { suggestions: 0, networks: 0, lat: null as number | null, lng: null as number | null };
  for (const s of suggestions) {
    const near = suggestions.filter((o) => distanceMeters(s, o) <= AGREEMENT_RADIUS_M);
    const networks = new Set(near.map((o) => o.net)).size;
    if (networks > best.networks || (networks === best.networks && near.length > best.suggestions)) {
      const lat = near.reduce((x, o) => x + o.lat, 0) / near.length;
      const lng = near.reduce((x, o) => x + o.lng, 0) / near.length;
      best = { suggestions: near.length, networks, lat, lng };
    }
  }
  return { agreed: best.networks >= AGREEMENT_NETWORKS, ...best };
}

/** What staff decide on: each item with open suggestions (agreeing ones first), and the placed points, weakest first. */
export async function staffPlaces(database: Database): Promise<StaffPlaces> {
  const suggestions = await database.rows<SuggestionRow>(sql`
    SELECT s.id, s.monument_id, s.lat, s.lng, s.note, s.net_hash, s.moderation, (s.email IS NOT NULL) AS wants_mail, s.created_at
    FROM place_suggestions s WHERE s.decision = 'open' ORDER BY s.monument_id, s.created_at, s.id`);
  const ids = [...new Set(suggestions.map((s) => s.monument_id))];
  const items = ids.length === 0 ? [] : await database.db.select(itemFields).from(m).where(inArray(m.id, ids));
  const out: StaffPlaceItem[] = items.map((r) => {
    const own = suggestions.filter((s) => s.monument_id === r.m.id);
    // Networks as letters within the item: staff see which agree, never a hash.
    const letters = new Map<string, string>();
    for (const s of own) if (!letters.has(s.net_hash)) letters.set(s.net_hash, String.fromCharCode(65 + (letters.size % 26)));
    return {
      item: { ...toItem(r), source: r.m.source },
      suggestions: own.map((s) => ({
        id: Number(s.id),
        lat: Number(s.lat),
        lng: Number(s.lng),
        note: s.note,
        network: letters.get(s.net_hash) ?? '?',
        held: s.moderation === 'held',
        wantsMail: s.wants_mail === true,
        createdAt: new Date(s.created_at).toISOString(),
      })),
      agreement: agreementOf(own.map((s) => ({ lat: Number(s.lat), lng: Number(s.lng), net: s.net_hash }))),
    };
  });
  out.sort((a, b) => Number(b.agreement.agreed) - Number(a.agreement.agreed) || a.item.name.localeCompare(b.item.name));
  const points = await database.rows<{ id: string; name: string; lat: number; lng: number; placement: Placement | string }>(sql`
    SELECT m.id, m.name, m.lat, m.lng, m.placement FROM monuments m
    WHERE m.placement IS NOT NULL AND m.lat IS NOT NULL AND m.merged_into IS NULL
    ORDER BY (m.placement->>'weak')::boolean DESC, m.name`);
  return {
    items: out,
    points: points.map((p) => ({
      id: p.id,
      name: p.name,
      lat: Number(p.lat),
      lng: Number(p.lng),
      placement: jsonOf(p.placement) ?? { by: 'sources' as const, weak: false },
    })),
  };
}

/**
 * Staff confirm a suggestion (at its point, or moved to `at`): the monument is placed, marked as
 * placed by citizens; the other open suggestions are closed; every suggester who left an address is
 * told (their mails are queued). Refused when the item has a place already or the suggestion is not its open one.
 */
export async function confirmPlace(
  database: Database,
  actor: string,
  input: { monumentId: string; suggestionId: number; lat: number; lng: number },
): Promise<{ monumentId: string; placedBy: 'citizens' }> {
  return database.db.transaction(async (tx) => {
    const [item] = await database.rows<{ id: string; lat: number | null }>(
      sql`SELECT id, lat FROM monuments WHERE id = ${input.monumentId} FOR UPDATE`,
      tx,
    );
    if (!item) throw new NotFound('Unknown monument.');
    if (item.lat !== null) throw new Conflict('This commemoration has a place already.');
    const open = await database.rows<{ id: number }>(
      sql`SELECT id FROM place_suggestions WHERE monument_id = ${input.monumentId} AND decision = 'open' FOR UPDATE`,
      tx,
    );
    if (!open.some((s) => Number(s.id) === input.suggestionId))
      throw new NotFound('No open suggestion of this item has this id.');
    const placement: Placement = {
      by: 'citizens',
      weak: false,
      suggestions: open.length,
      confirmedAt: new Date().toISOString(),
    };
    await database.rows(
      sql`UPDATE monuments SET lat = ${input.lat}, lng = ${input.lng}, placement = ${JSON.stringify(placement)}::jsonb
        WHERE id = ${input.monumentId}`,
      tx,
    );
    await database.rows(
      sql`UPDATE place_suggestions SET decision = CASE WHEN id = ${input.suggestionId} THEN 'confirmed' ELSE 'closed' END,
          decided_at = now(), status = CASE WHEN email IS NULL THEN 'none' ELSE 'pending' END, next_attempt_at = now()
        WHERE monument_id = ${input.monumentId} AND decision = 'open'`,
      tx,
    );
    await audit(database, tx, {
      actor,
      action: 'monument.update',
      itemKind: 'monument',
      itemId: input.monumentId,
      before: { geoLocX: null, geoLocY: null },
      after: { geoLocX: input.lat, geoLocY: input.lng, placedBy: 'citizens', suggestion: input.suggestionId },
    });
    return { monumentId: input.monumentId, placedBy: 'citizens' as const };
  });
}

/** Staff reject every open suggestion of an item: it stays without a place; the addresses are cleared. */
export async function rejectPlaces(database: Database, monumentId: string): Promise<{ rejected: number }> {
  const rows = await database.rows<{ id: number }>(
    sql`UPDATE place_suggestions SET decision = 'rejected', decided_at = now(), email = NULL
      WHERE monument_id = ${monumentId} AND decision = 'open' RETURNING id`,
  );
  if (rows.length === 0) throw new NotFound('This item has no open suggestions.');
  return { rejected: rows.length };
}
