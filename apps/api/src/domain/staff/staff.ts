// Staff members, their access tokens and their sessions. A token is 256 random bits (base64url),
// shown once; only its sha256 is stored. A session id is the same kind of secret, kept in the
// staff_session cookie; only its sha256 is stored. Revoking a member ends their sessions at once
// (every request checks the member is not revoked).
import { createHash, randomBytes } from 'node:crypto';
import { STAFF_SESSION_HOURS } from '@linz/contract/facts';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { audit, SYSTEM_ACTOR } from './audit.js';
import { Conflict, Invalid, LimitReached, NotFound, Unauthorized } from '../errors.js';

export type StaffMember = { id: number; name: string };

/** Failed sign-ins per address hash within the window before every attempt is refused (LimitReached). */
export const SIGN_IN_LIMIT = 10;
export const SIGN_IN_WINDOW_MINUTES = 15;

export const newSecret = () => randomBytes(32).toString('base64url');
export const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

type MemberRow = { id: number; name: string };
const member = (r: MemberRow): StaffMember => ({ id: Number(r.id), name: r.name });

/** The member whose (unrevoked) token this is, or null. */
export async function staffByToken(database: Database, token: string): Promise<StaffMember | null> {
  const [row] = await database.rows<MemberRow>(
    sql`SELECT id, name FROM staff WHERE token_hash = ${sha256(token)} AND revoked_at IS NULL`,
  );
  return row ? member(row) : null;
}

/** The member of a live session (not ended, not expired, member not revoked), or null. */
export async function staffBySession(database: Database, sessionId: string): Promise<StaffMember | null> {
  const [row] = await database.rows<MemberRow>(
    sql`SELECT s.id, s.name FROM staff_sessions x JOIN staff s ON s.id = x.staff_id
        WHERE x.id_hash = ${sha256(sessionId)} AND x.ended_at IS NULL AND x.expires_at > now() AND s.revoked_at IS NULL`,
  );
  return row ? member(row) : null;
}

/**
 * Signs in with a token: a new session (its id is returned, to go into the cookie). Failed
 * attempts are counted per address hash; past the limit every attempt is refused (LimitReached) until
 * the window has passed, so a token cannot be guessed from one address.
 */
export async function signIn(
  database: Database,
  token: string,
  ipHash: string,
): Promise<{ member: StaffMember; sessionId: string }> {
  const [recent] = await database.rows<{ n: number; oldest: Date | string | null }>(
    sql`SELECT count(*)::int AS n, min(at) AS oldest FROM sign_in_attempts
        WHERE ip_hash = ${ipHash} AND at > now() - make_interval(mins => ${SIGN_IN_WINDOW_MINUTES})`,
  );
  if (Number(recent?.n ?? 0) >= SIGN_IN_LIMIT) {
    const oldest = recent?.oldest ? new Date(recent.oldest).getTime() : Date.now();
    const retry = Math.max(1, Math.ceil((oldest + SIGN_IN_WINDOW_MINUTES * 60_000 - Date.now()) / 1000));
    throw new LimitReached('Too many sign-in attempts from your connection; please wait.', retry);
  }
  const found = await staffByToken(database, token);
  if (!found) {
    await database.rows(sql`DELETE FROM sign_in_attempts WHERE at < now() - interval '1 day'`);
    await database.rows(sql`INSERT INTO sign_in_attempts (ip_hash) VALUES (${ipHash})`);
    throw new Unauthorized('Unknown or revoked access token.');
  }
  return { member: found, sessionId: await startSession(database, found.id) };
}

/** A new session of a member; its id (for the cookie) is returned, only its sha256 stored. */
async function startSession(database: Database, staffId: number, tx?: Db): Promise<string> {
  const sessionId = newSecret();
  await database.rows(
    sql`INSERT INTO staff_sessions (id_hash, staff_id, expires_at)
        VALUES (${sha256(sessionId)}, ${staffId}, now() + make_interval(hours => ${STAFF_SESSION_HOURS}))`,
    tx,
  );
  return sessionId;
}

/** An account at the city's identity provider, as its verified ID token names it. */
export type ProviderAccount = { issuer: string; subject: string; name: string };

/** Names tried for a new member when the account's name is taken already: "Name", "Name (2)", … */
const NAME_TRIES = 20;

/**
 * Signs in with an account of the city's identity provider (already checked to be staff): its
 * member, made on the first sign-in (audited), then a new session. A revoked member stays
 * revoked: Unauthorized, and nothing is written.
 */
export async function accountSignIn(
  database: Database,
  account: ProviderAccount,
): Promise<{ member: StaffMember; sessionId: string; created: boolean }> {
  const base = cleanName(account.name).slice(0, 110);
  return database.db.transaction(async (tx) => {
    const find = async () =>
      (
        await database.rows<MemberRow & { revoked_at: unknown }>(
          sql`SELECT id, name, revoked_at FROM staff WHERE oidc_issuer = ${account.issuer} AND oidc_subject = ${account.subject}`,
          tx,
        )
      )[0];
    let row = await find();
    let created = false;
    for (let n = 1; !row && n <= NAME_TRIES; n++) {
      const name = n === 1 ? base : `${base} (${n})`;
      // DO NOTHING on either unique key: a taken name tries the next; the same account signing
      // in at the same moment elsewhere is found by the lookup below.
      const [inserted] = await database.rows<MemberRow>(
        sql`INSERT INTO staff (name, oidc_issuer, oidc_subject) VALUES (${name}, ${account.issuer}, ${account.subject})
            ON CONFLICT DO NOTHING RETURNING id, name`,
        tx,
      );
      if (inserted) {
        created = true;
        row = { ...inserted, revoked_at: null };
        await audit(database, tx, {
          actor: SYSTEM_ACTOR,
          action: 'staff.add',
          itemKind: 'staff',
          itemId: name,
          before: null,
          after: { name, signIn: 'oidc', issuer: account.issuer },
        });
      } else {
        row = await find();
      }
    }
    if (!row) throw new Conflict('No free staff name for this account.');
    if (row.revoked_at !== null) throw new Unauthorized('This staff member is revoked.');
    return { member: member(row), sessionId: await startSession(database, Number(row.id), tx), created };
  });
}

/** A name from the provider as a staff name: no control characters, single spaces, not "system". */
function cleanName(raw: string): string {
  const name = raw
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return name === '' || name === SYSTEM_ACTOR ? 'Konto der Stadt' : name;
}

export async function signOut(database: Database, sessionId: string): Promise<void> {
  await database.rows(sql`UPDATE staff_sessions SET ended_at = now() WHERE id_hash = ${sha256(sessionId)} AND ended_at IS NULL`);
}

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const NAME = /^[^\u0000-\u001f\u007f-\u009f]{1,120}$/;

/** Adds a member; returns the token (shown once, never stored). */
export async function addStaff(database: Database, rawName: string, actor = SYSTEM_ACTOR): Promise<string> {
  const name = rawName.trim();
  if (!NAME.test(name) || name === SYSTEM_ACTOR) throw new Invalid('A staff name has 1..120 characters and is not "system".');
  const token = newSecret();
  await database.db.transaction(async (tx) => {
    const rows = await database.rows<{ id: number }>(
      sql`INSERT INTO staff (name, token_hash) VALUES (${name}, ${sha256(token)}) ON CONFLICT DO NOTHING RETURNING id`,
      tx,
    );
    if (!rows[0]) throw new Conflict(`A staff member named "${name}" exists already.`);
    await audit(database, tx, { actor, action: 'staff.add', itemKind: 'staff', itemId: name, before: null, after: { name } });
  });
  return token;
}

export type StaffListEntry = { name: string; createdAt: string; revokedAt: string | null; activeSessions: number };

export async function listStaff(database: Database): Promise<StaffListEntry[]> {
  const rows = await database.rows<{ name: string; created_at: Date | string; revoked_at: Date | string | null; n: number }>(
    sql`SELECT s.name, s.created_at, s.revoked_at,
          (SELECT count(*)::int FROM staff_sessions x WHERE x.staff_id = s.id AND x.ended_at IS NULL AND x.expires_at > now()) AS n
        FROM staff s ORDER BY s.name`,
  );
  return rows.map((r) => ({
    name: r.name,
    createdAt: new Date(r.created_at).toISOString(),
    revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at).toISOString(),
    activeSessions: Number(r.n),
  }));
}

/** Revokes a member's token and ends their sessions, in one transaction. */
export async function revokeStaff(database: Database, name: string, actor = SYSTEM_ACTOR): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [row] = await database.rows<{ id: number }>(
      sql`UPDATE staff SET revoked_at = now() WHERE name = ${name} AND revoked_at IS NULL RETURNING id`,
      tx,
    );
    if (!row) throw new NotFound(`No active staff member named "${name}".`);
    const ended = await database.rows(
      sql`UPDATE staff_sessions SET ended_at = now() WHERE staff_id = ${row.id} AND ended_at IS NULL RETURNING id_hash`,
      tx,
    );
    await audit(database, tx, {
      actor,
      action: 'staff.revoke',
      itemKind: 'staff',
      itemId: name,
      before: { name, revoked: false },
      after: { name, revoked: true, endedSessions: ended.length },
    });
  });
}
