// Photos of monuments and sketches of proposals: stored in the database (so every
// instance, backup and restore have them), public only once staff approved them, served by the
// hash of their bytes. Staff actions are one transaction each with their audit entry.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { mediaUrl, PHOTO_RULES, type Photo, type PhotoFields, type PhotoStatus, type StaffPhoto } from '@linz/contract';
import type { Database, Db } from '../../db/client.js';
import { audit } from '../staff/audit.js';
import { Conflict, LimitReached, NotFound } from '../errors.js';
import { rotatePhoto, type ProcessedPhoto } from './photo-image.js';
import { visiblePhoto } from '../moderation/visibility.js';

export const ANONYMOUS = 'anonym';
const DAY_SECONDS = 86_400;

export type PhotoSubject = { kind: 'monument'; monumentId: string } | { kind: 'proposal'; proposalId: number };
export type Uploader = { voterHash: string; ipHash: string; netHash: string } | { staff: true };
export type PhotoLimits = { perBrowserPerDay: number; perNetworkPerDay: number; pendingPerNetwork: number };

type Row = {
  id: string;
  monument_id: string;
  proposal_id: number | null;
  status: PhotoStatus;
  alt: string;
  credit: string | null;
  licence: string;
  hash: string;
  width: number;
  height: number;
  created_at: Date | string;
  reviewed_at: Date | string | null;
  reject_reason: string | null;
  monument_name: string;
  proposal_name: string | null;
};

const columns = sql`p.id, p.monument_id, p.proposal_id, p.status, p.alt, p.credit, p.licence, p.hash, p.width,
  p.height, p.created_at, p.reviewed_at, p.reject_reason, m.name AS monument_name, i.name AS proposal_name`;
const from = sql`photos p JOIN monuments m ON m.id = p.monument_id LEFT JOIN proposals i ON i.id = p.proposal_id`;

export function toPhoto(r: Row): Photo {
  return {
    id: r.id,
    monumentId: r.monument_id,
    proposalId: r.proposal_id === null ? null : Number(r.proposal_id),
    status: r.status,
    alt: r.alt,
    credit: r.credit ?? ANONYMOUS,
    licence: PHOTO_RULES.licence,
    url: mediaUrl(r.hash),
    thumbUrl: mediaUrl(r.hash, true),
    width: Number(r.width),
    height: Number(r.height),
  };
}

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

function toStaffPhoto(r: Row): StaffPhoto {
  return {
    ...toPhoto(r),
    createdAt: new Date(r.created_at).toISOString(),
    reviewedAt: iso(r.reviewed_at),
    rejectReason: r.reject_reason,
    monumentName: r.monument_name,
    proposalName: r.proposal_name,
  };
}

/** The public subject's monument id (and proposal id), or NotFound. */
async function subjectOf(database: Database, tx: Db, subject: PhotoSubject) {
  if (subject.kind === 'monument') {
    const [m] = await database.rows<{ id: string }>(
      sql`SELECT m.id FROM monuments m WHERE m.id = ${subject.monumentId} AND m.moderation = 'visible' AND m.merged_into IS NULL`,
      tx,
    );
    if (!m) throw new NotFound('Unknown monument.');
    return { monumentId: m.id, proposalId: null };
  }
  const [i] = await database.rows<{ monument_id: string }>(
    sql`SELECT i.monument_id FROM proposals i JOIN monuments m ON m.id = i.monument_id
        WHERE i.id = ${subject.proposalId} AND i.moderation = 'visible' AND m.moderation = 'visible' AND m.merged_into IS NULL`,
    tx,
  );
  if (!i) throw new NotFound('Unknown proposal.');
  return { monumentId: i.monument_id, proposalId: subject.proposalId };
}

/**
 * Refuses an upload over the browser's or the connection's daily limit (LimitReached, with the seconds until the
 * oldest counted upload leaves the 24 hours). Checked before the bytes are processed, and again
 * under a lock when the photo is stored.
 */
export async function checkPhotoLimits(database: Database, uploader: Uploader, limits: PhotoLimits, tx?: Db) {
  if ('staff' in uploader) return;
  const window = sql`now() - interval '1 day'`;
  const [row] = await database.rows<{
    by_voter: number | string;
    by_ip: number | string;
    voter_wait: number | string | null;
    ip_wait: number | string | null;
  }>(
    sql`SELECT
      (SELECT count(*) FROM photos WHERE uploader_voter_hash = ${uploader.voterHash} AND created_at > ${window}) AS by_voter,
      (SELECT count(*) FROM photos WHERE uploader_ip_hash = ${uploader.ipHash} AND created_at > ${window}) AS by_ip,
      (SELECT extract(epoch FROM min(created_at) + interval '1 day' - now()) FROM photos
         WHERE uploader_voter_hash = ${uploader.voterHash} AND created_at > ${window}) AS voter_wait,
      (SELECT extract(epoch FROM min(created_at) + interval '1 day' - now()) FROM photos
         WHERE uploader_ip_hash = ${uploader.ipHash} AND created_at > ${window}) AS ip_wait`,
    tx,
  );
  const wait = (s: number | string | null | undefined) => Math.max(1, Math.min(DAY_SECONDS, Math.ceil(Number(s ?? DAY_SECONDS))));
  if (Number(row?.by_voter ?? 0) >= limits.perBrowserPerDay) {
    throw new LimitReached('Too many photos from this browser today. Please try again later.', wait(row?.voter_wait));
  }
  if (Number(row?.by_ip ?? 0) >= limits.perNetworkPerDay) {
    throw new LimitReached('Too many photos from your connection today. Please try again later.', wait(row?.ip_wait));
  }
}

/** Stores a processed photo as pending (approved at once when staff upload it). */
export async function addPhoto(
  database: Database,
  input: { subject: PhotoSubject; fields: PhotoFields; photo: ProcessedPhoto; uploader: Uploader; limits: PhotoLimits },
): Promise<{ id: string; status: PhotoStatus }> {
  const { subject, fields, photo, uploader, limits } = input;
  return database.db.transaction(async (tx) => {
    const staff = 'staff' in uploader;
    if (!staff) await database.rows(sql`SELECT pg_advisory_xact_lock(hashtext(${`photo:${uploader.ipHash}`}))`, tx);
    const where = await subjectOf(database, tx, subject);
    if (!staff) {
      await checkPhotoLimits(database, uploader, limits, tx);
      // One network's photos waiting for review are capped, wherever they are: one person's junk
      // queue stops at its own network and never takes the slots of a monument from anyone else.
      const [waiting] = await database.rows<{ n: number | string }>(
        sql`SELECT count(*) AS n FROM photos WHERE uploader_net_hash = ${uploader.netHash} AND status = 'pending'`,
        tx,
      );
      if (Number(waiting?.n ?? 0) >= limits.pendingPerNetwork) {
        throw new Conflict(
          'Photos from your connection are waiting for review already. Please try again once staff have looked at them.',
        );
      }
      // Citizens: one photo per proposal, three per monument; approved ones count, and pending ones
      // only this network's own (others' pending photos never block an upload; staff decide on them).
      const same =
        where.proposalId === null
          ? sql`monument_id = ${where.monumentId} AND proposal_id IS NULL`
          : sql`proposal_id = ${where.proposalId}`;
      const [n] = await database.rows<{ n: number | string }>(
        sql`SELECT count(*) AS n FROM photos WHERE ${same} AND NOT by_staff
              AND (status = 'approved' OR (status = 'pending' AND uploader_net_hash = ${uploader.netHash}))`,
        tx,
      );
      const cap = where.proposalId === null ? PHOTO_RULES.perMonument : PHOTO_RULES.perProposal;
      if (Number(n?.n ?? 0) >= cap) {
        throw new Conflict(
          where.proposalId === null
            ? `This monument has ${cap} photos from visitors already.`
            : 'This proposal has a picture already.',
        );
      }
    }
    const id = randomUUID();
    const status: PhotoStatus = staff ? 'approved' : 'pending';
    await database.rows(
      sql`INSERT INTO photos (id, monument_id, proposal_id, status, alt, credit, licence, hash, width, height, image, thumb,
            uploader_voter_hash, uploader_ip_hash, uploader_net_hash, by_staff, reviewed_at)
          VALUES (${id}, ${where.monumentId}, ${where.proposalId}, ${status}, ${fields.alt}, ${fields.credit ?? null},
            ${fields.licence}, ${photo.hash}, ${photo.width}, ${photo.height}, ${photo.image}, ${photo.thumb},
            ${staff ? null : uploader.voterHash}, ${staff ? null : uploader.ipHash},
            ${staff ? null : uploader.netHash}, ${staff}, ${staff ? sql`now()` : null})`,
      tx,
    );
    return { id, status };
  });
}

/** One photo's metadata as this viewer (voter hash or null) may see it; NotFound otherwise. */
export async function getPhoto(database: Database, id: string, viewer: string | null): Promise<Photo> {
  const [row] = await database.rows<Row>(
    sql`SELECT ${columns} FROM ${from} WHERE p.id = ${id} AND ${visiblePhoto('p', 'm', 'i', viewer)}`,
  );
  if (!row) throw new NotFound('Unknown photo.');
  return toPhoto(row);
}

/** The photos this viewer may see of some monuments (and their proposals), oldest first. */
export async function photosOfMonuments(database: Database, monumentIds: string[], viewer: string | null): Promise<Photo[]> {
  if (monumentIds.length === 0) return [];
  const rows = await database.rows<Row>(
    sql`SELECT ${columns} FROM ${from}
        WHERE p.monument_id IN (${sql.join(
          monumentIds.map((m) => sql`${m}`),
          sql`, `,
        )}) AND ${visiblePhoto('p', 'm', 'i', viewer)}
        ORDER BY p.created_at, p.id`,
  );
  return rows.map(toPhoto);
}

/** Every approved, public photo (the exports and the lists). */
export async function publicPhotos(database: Database): Promise<Photo[]> {
  const rows = await database.rows<Row>(
    sql`SELECT ${columns} FROM ${from} WHERE ${visiblePhoto('p', 'm', 'i', null)} ORDER BY p.created_at, p.id`,
  );
  return rows.map(toPhoto);
}

export type Media = { bytes: Buffer; public: boolean };

const bufferOf = (v: Buffer | Uint8Array): Buffer => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));

/**
 * The bytes behind `/media/<hash>(-480).webp` for this viewer: an approved public photo for
 * anyone, a pending one for its uploader's browser, any for staff. Read from the database on
 * every request, so a removed photo is gone at once on every instance.
 */
export async function mediaOf(
  database: Database,
  hash: string,
  thumb: boolean,
  viewer: string | null,
  staff: boolean,
): Promise<Media | undefined> {
  const [row] = await database.rows<{ bytes: Buffer | Uint8Array; public: boolean }>(
    sql`SELECT ${thumb ? sql`p.thumb` : sql`p.image`} AS bytes, ${visiblePhoto('p', 'm', 'i', null)} AS public
        FROM ${from}
        WHERE p.hash = ${hash} AND (${staff ? sql`TRUE` : visiblePhoto('p', 'm', 'i', viewer)})
        ORDER BY 2 DESC LIMIT 1`,
  );
  return row ? { bytes: bufferOf(row.bytes), public: row.public === true } : undefined;
}

/** The photo a proposal's share preview shows: its own approved picture, else its monument's first photo. */
export async function sharePhoto(database: Database, proposalId: number): Promise<string | undefined> {
  const [row] = await database.rows<{ hash: string }>(
    sql`SELECT p.hash FROM ${from}
        WHERE (p.proposal_id = ${proposalId}
               OR (p.proposal_id IS NULL AND p.monument_id = (SELECT monument_id FROM proposals WHERE id = ${proposalId})))
          AND ${visiblePhoto('p', 'm', 'i', null)}
        ORDER BY (p.proposal_id IS NULL), p.created_at, p.id LIMIT 1`,
  );
  return row?.hash;
}

// Staff.

export async function listStaffPhotos(database: Database, status: PhotoStatus): Promise<StaffPhoto[]> {
  const rows = await database.rows<Row>(
    sql`SELECT ${columns} FROM ${from} WHERE p.status = ${status} ORDER BY p.created_at, p.id LIMIT 500`,
  );
  return rows.map(toStaffPhoto);
}

async function loadLocked(database: Database, tx: Db, id: string): Promise<Row> {
  const [row] = await database.rows<Row>(sql`SELECT ${columns} FROM ${from} WHERE p.id = ${id} FOR UPDATE OF p`, tx);
  if (!row) throw new NotFound('Unknown photo.');
  return row;
}

/** What the audit log keeps of a photo: its facts, not its bytes. */
const facts = (r: Row) => {
  const { monumentName: _m, proposalName: _i, ...rest } = toStaffPhoto(r);
  return rest;
};

async function onPhoto(
  database: Database,
  actor: string,
  id: string,
  action: 'photo.approve' | 'photo.reject' | 'photo.rotate',
  change: (tx: Db, before: Row) => Promise<void>,
): Promise<StaffPhoto> {
  return database.db.transaction(async (tx) => {
    const before = await loadLocked(database, tx, id);
    await change(tx, before);
    const after = await loadLocked(database, tx, id);
    await audit(database, tx, { actor, action, itemKind: 'photo', itemId: id, before: facts(before), after: facts(after) });
    return toStaffPhoto(after);
  });
}

export const approvePhoto = (database: Database, actor: string, id: string) =>
  onPhoto(database, actor, id, 'photo.approve', async (tx) => {
    await database.rows(
      sql`UPDATE photos SET status = 'approved', reject_reason = NULL, reviewed_at = now() WHERE id = ${id}`,
      tx,
    );
  });

export const rejectPhoto = (database: Database, actor: string, id: string, reason: string) =>
  onPhoto(database, actor, id, 'photo.reject', async (tx) => {
    await database.rows(
      sql`UPDATE photos SET status = 'rejected', reject_reason = ${reason}, reviewed_at = now() WHERE id = ${id}`,
      tx,
    );
  });

/** Turned by 90°: new bytes, so a new hash and new URLs (the old ones are gone; caches never see stale bytes). */
export const rotateStoredPhoto = (database: Database, actor: string, id: string, degrees: 90 | -90) =>
  onPhoto(database, actor, id, 'photo.rotate', async (tx) => {
    const [row] = await database.rows<{ image: Buffer | Uint8Array }>(sql`SELECT image FROM photos WHERE id = ${id}`, tx);
    if (!row) throw new NotFound('Unknown photo.');
    const turned = await rotatePhoto(bufferOf(row.image), degrees);
    await database.rows(
      sql`UPDATE photos SET image = ${turned.image}, thumb = ${turned.thumb}, hash = ${turned.hash},
            width = ${turned.width}, height = ${turned.height} WHERE id = ${id}`,
      tx,
    );
  });

/** Deleted with its bytes; the audit log keeps its facts. */
export async function removePhoto(database: Database, actor: string, id: string): Promise<{ removed: true }> {
  return database.db.transaction(async (tx) => {
    const before = await loadLocked(database, tx, id);
    await database.rows(sql`DELETE FROM photos WHERE id = ${id}`, tx);
    await audit(database, tx, {
      actor,
      action: 'photo.remove',
      itemKind: 'photo',
      itemId: id,
      before: facts(before),
      after: null,
    });
    return { removed: true as const };
  });
}
