// Who makes a request, as a use case needs to know them: keyed hashes of the browser, the address
// and the network, never the address, cookie or token itself (http/context.ts computes them once
// per request, and issues the voter cookie on first use). The tRPC context is an Actor.
import type { StaffMember } from './staff/staff.js';

export type Actor = {
  /** Keyed hash of this browser's anonymous voter id (issues the cookie on first use). */
  voterHash(): string;
  /** The same hash when the request carries a valid voter cookie, else null (never issues one). */
  knownVoterHash(): string | null;
  /** Keyed hash of the client address under today's key. */
  ipHash(): Promise<string>;
  /** The same under today's and yesterday's key: limits over a sliding 24 hours (identity.ts). */
  ipHashes(): Promise<{ current: string; previous: string | null }>;
  /** Keyed hash of the client's network (IPv4 /24, IPv6 /56): vote review and reports. */
  netHash(): string;
  /** Keyed hashes of the household (IPv4 address, IPv6 /56) and the wider network (IPv4 /24, IPv6 /48): write limits and the threshold's networks. */
  householdHash(): string;
  areaHash(): string;
  /** True once this request has been answered (e.g. at its deadline): its work is no longer wanted. */
  answered(): boolean;
  /** The signed-in staff member; Unauthorized otherwise. */
  staffMember(): Promise<StaffMember>;
};

/** The signed-in staff member's name, as the audit log records it (Unauthorized for anyone else). */
export const staffName = async (actor: Actor): Promise<string> => (await actor.staffMember()).name;
