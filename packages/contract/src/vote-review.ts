// Staff's check of the votes: where a proposal's votes came from, the alerts, and
// releasing or invalidating a set of votes by filter. Networks are keyed hashes of an IPv4 /24 or
// an IPv6 /64, shown as "Netz A", "Netz B", …: never an address.
import { z } from 'zod';
import { ProposalId } from './proposal.js';
import { OutboxEntry } from './staff.js';

/** counted: in the public count; held: over a network limit, waits for staff; invalidated: set aside by staff. */
export const VOTE_STATES = ['counted', 'held', 'invalidated'] as const;
export type VoteState = (typeof VOTE_STATES)[number];

/**
 * burst: many votes from one network in an hour; regular: near-regular intervals; few_networks: the
 * threshold came from few networks (/56); few_areas: from few wider networks (/48, where one
 * tunnel broker's or hoster's customer gets 256 /56s); quick: the threshold's votes came within
 * minutes; few_domains: the confirmed votes that reached it came from few mail domains.
 */
export const VOTE_ALERT_KINDS = ['burst', 'regular', 'few_networks', 'few_areas', 'quick', 'few_domains'] as const;

/** A network as staff see it: an opaque key (for filters) and a label by order of its first vote. */
export const NetworkKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'invalid network key' });

export const VoteAlert = z.object({
  id: z.number().int(),
  proposalId: ProposalId,
  proposalName: z.string(),
  kind: z.enum(VOTE_ALERT_KINDS),
  /** The network's label in this proposal's review ("Netz A"), for a burst. */
  network: z.string().nullable(),
  votes: z.number().int(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type VoteAlert = z.infer<typeof VoteAlert>;
export const VoteAlertList = z.array(VoteAlert);

const tally = { counted: z.number().int(), held: z.number().int(), invalidated: z.number().int(), confirmed: z.number().int() };

/** `GET /api/staff/interventions/:proposalId/votes`. */
export const VoteReview = z.object({
  proposalId: ProposalId,
  name: z.string(),
  votes: z.number().int(),
  confirmedVotes: z.number().int(),
  held: z.number().int(),
  invalidated: z.number().int(),
  /** Confirmed share of the counted votes, 0 to 1. */
  confirmedShare: z.number(),
  networks: z.array(z.object({ key: z.string(), label: z.string(), ...tally })),
  /** Votes per hour (ISO start of the hour, UTC), oldest first, hours with votes only. */
  hours: z.array(z.object({ hour: z.string(), ...tally })),
  /** Domains of the confirming addresses, most first. */
  mailDomains: z.array(z.object({ domain: z.string(), votes: z.number().int() })),
  alerts: VoteAlertList,
  /** The mayor's e-mails of this proposal (threshold, correction). */
  mails: z.array(OutboxEntry),
});
export type VoteReview = z.infer<typeof VoteReview>;

const isoTime = z.iso.datetime({ offset: true, message: 'an ISO 8601 time with an offset' });

/** Which votes of the proposal: all of them, or those of one network, a time range, confirmed or not, in a state. */
export const VoteFilter = z.strictObject({
  network: NetworkKey.optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  confirmed: z.boolean().optional(),
  status: z.enum(VOTE_STATES).optional(),
});
export type VoteFilter = z.infer<typeof VoteFilter>;

/** release: held or invalidated votes count again; invalidate: counted or held votes are set aside. */
export const VOTE_ACTIONS = ['release', 'invalidate'] as const;
export const VotePreviewRequest = z.strictObject({ filter: VoteFilter, action: z.enum(VOTE_ACTIONS) });
export type VotePreviewRequest = z.infer<typeof VotePreviewRequest>;
export const VoteDecision = VotePreviewRequest.extend({ reason: z.string().trim().min(3).max(500) });
export type VoteDecision = z.infer<typeof VoteDecision>;

/** A preview (nothing changed) or a decision's effect: how many votes it changes and the counts after. */
export const VoteDecisionAnswer = z.object({
  changes: z.number().int(),
  votesAfter: z.number().int(),
  confirmedVotesAfter: z.number().int(),
  applied: z.boolean(),
});
export type VoteDecisionAnswer = z.infer<typeof VoteDecisionAnswer>;
