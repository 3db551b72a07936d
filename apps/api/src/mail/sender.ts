// The loop that drains the outbox inside the API process: woken by a vote that queued a
// notification (or a change that queued follower mails) and by a poll timer; the clock is
// injectable so retry delays and leases can be tested. The mayor's mails go out as they come;
// followers' mails in batches, at most `follow.perMinute` attempts a minute.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { announceChange } from '../domain/read-cache.js';
import { composeFeedbackMail } from './feedback-message.js';
import { claimDuePlacedMails, composePlacedMail, type PlacedMail } from './placed-message.js';
import { composeFollowerMail } from './follow-message.js';
import { composeMayorMail } from './mayor-message.js';
import type { MailSettings } from './outgoing.js';
import { composeAlertMail, composeVoteConfirmMail } from './vote-message.js';
import { claimDue, markFailed, markRetry, markSent, type Notification } from './outbox.js';
import {
  claimDueAlertMails,
  claimDueFeedback,
  claimDueFollowerMails,
  claimDueVoterMails,
  type AlertMail,
  type FeedbackMail,
  type FollowerMail,
  type VoterMail,
} from './outbox-mails.js';
import { describeError, isPermanent, type MailTransport } from './transport.js';

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

const MINUTE = 60_000;
/** Follower mails claimed at once (fewer when the minute's rate leaves less room). */
const FOLLOWER_BATCH = 20;
/** 1, 2, 4, ... minutes after each failed attempt, at most 6 hours apart. */
export function retryDelayMs(attempt: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, Math.min(attempt - 1, 20)), 360 * MINUTE);
}

export type OutboxSenderOptions = {
  database: Database;
  transport: MailTransport;
  settings: MailSettings;
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  clock?: Clock;
  leaseMs: number;
  /** Temporary failures are retried this long after the threshold was reached. */
  retryMs: number;
  /** 0 turns the poll timer off (tests drive the loop themselves). */
  pollMs: number;
  /** How long stop() waits for a delivery under way. */
  stopWaitMs?: number;
  /** Followers' mails: the secret their links' tokens derive from, and the rate. Without it only the mayor's go out. */
  follow?: { secret: string; perMinute: number };
};

type Claimed = Notification | FollowerMail | VoterMail | AlertMail | FeedbackMail | PlacedMail;

/** What a mail is, for the log: its row and what it is about. */
function describe(n: Claimed): { about: Record<string, unknown>; what: string; since: Date } {
  switch (n.box) {
    case 'mayor':
      return {
        about: { notification: n.id, proposalId: n.proposalId, attempt: n.attempt },
        what: 'mayor e-mail',
        since: n.reachedAt,
      };
    case 'follower':
      return {
        about: { followerMail: n.id, kind: n.kind, proposalId: n.proposal.id, attempt: n.attempt },
        what: 'follower e-mail',
        since: n.queuedAt,
      };
    case 'voter':
      return {
        about: { voteConfirmMail: n.id, proposalId: n.proposal.id, attempt: n.attempt },
        what: 'vote confirmation e-mail',
        since: n.queuedAt,
      };
    case 'alert':
      return {
        about: { alertMail: n.id, proposalId: n.proposal.id, attempt: n.attempt },
        what: 'staff alert e-mail',
        since: n.queuedAt,
      };
    case 'feedback':
      return {
        about: { accessibilityFeedback: n.id, attempt: n.attempt },
        what: 'accessibility feedback e-mail',
        since: n.receivedAt,
      };
    case 'placed':
      return {
        about: { placeSuggestion: n.id, monumentId: n.monument.id, attempt: n.attempt },
        what: 'placed e-mail',
        since: n.decidedAt,
      };
  }
}

/** Sends what the outbox holds, of every kind (sender.ts's loop). */
export type OutboxSender = {
  /** Starts the poll timer and a first round (rows left over from before a restart). */
  start(): void;
  /** Asks for a round soon; never waits for it. */
  wake(): void;
  /** Runs a round after any under way; resolves to the number of notifications handled. */
  runOnce(): Promise<number>;
  /** Resolves when the rounds queued so far are done. */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

export function createOutboxSender(o: OutboxSenderOptions): OutboxSender {
  const clock = o.clock ?? systemClock;
  let queue: Promise<void> = Promise.resolve();
  let wakeQueued = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let later: NodeJS.Timeout | undefined;
  /** When the follower mails of the last minute were attempted (clock time, ms), oldest first. */
  const attempts: number[] = [];

  /** Follower mails that may be attempted now; when none, a round is set for when the oldest leaves the minute. */
  function followerRoom(now: number): number {
    if (!o.follow) return 0;
    while (attempts.length > 0 && (attempts[0] ?? 0) <= now - MINUTE) attempts.shift();
    const room = Math.max(0, o.follow.perMinute - attempts.length);
    if (room === 0 && !later && !stopped) {
      const wait = Math.max(10, (attempts[0] ?? now) + MINUTE - now);
      later = setTimeout(() => {
        later = undefined;
        mailer.wake();
      }, wait).unref();
    }
    return Math.min(room, FOLLOWER_BATCH);
  }

  // The mail is out: recording that must not be lost to a short database hiccup, or the lease
  // would expire and the message be sent again.
  function compose(n: Claimed) {
    const secret = o.follow?.secret ?? '';
    switch (n.box) {
      case 'mayor':
        return composeMayorMail(n, o.settings);
      case 'follower':
        return composeFollowerMail(n, { ...o.settings, secret });
      case 'voter':
        return composeVoteConfirmMail(n, { ...o.settings, secret });
      case 'alert':
        return composeAlertMail(n, o.settings);
      case 'feedback':
        return composeFeedbackMail(n, o.settings);
      case 'placed':
        return composePlacedMail(n, o.settings);
    }
  }

  async function recordSent(n: Claimed) {
    for (let i = 0; ; i++) {
      try {
        // The mayor's mail shows on the proposal (mayorNotifiedAt); a follower's changes no public list.
        const sent = await markSent(o.database, n, clock.now());
        if (sent && n.box === 'mayor') await announceChange(o.database, 'proposals', undefined, [n.proposalId]).catch(() => {});
        return;
      } catch (err) {
        if (i >= 5) throw err;
        await sleep(500 * 2 ** i);
      }
    }
  }

  async function deliver(n: Claimed) {
    const { about, what, since } = describe(n);
    let file: string | undefined;
    try {
      ({ file } = await o.transport.send(compose(n)));
    } catch (err) {
      const error = describeError(err);
      const now = clock.now();
      if (isPermanent(err)) {
        await markFailed(o.database, n, error);
        o.log.error({ ...about, error }, `${what} refused permanently; marked failed`);
      } else if (now.getTime() - since.getTime() >= o.retryMs) {
        await markFailed(o.database, n, error);
        o.log.error({ ...about, error }, `${what} still not sent after the retry period; marked failed`);
      } else {
        const next = new Date(now.getTime() + retryDelayMs(n.attempt));
        await markRetry(o.database, n, next, error);
        o.log.warn({ ...about, error, nextAttemptAt: next.toISOString() }, `${what} not sent yet; will retry`);
      }
      return;
    }
    await recordSent(n);
    if (file) o.log.info({ ...about, file }, `${what} written to ${file} (no SMTP_URL set)`);
    else o.log.info(about, `${what} sent`);
  }

  async function round(): Promise<number> {
    let handled = 0;
    while (!stopped) {
      const batch = await claimDue(o.database, clock.now(), o.leaseMs, 5);
      const now = clock.now();
      const followerMails = await claimDueFollowerMails(o.database, now, o.leaseMs, followerRoom(now.getTime()));
      // Vote confirmations share the followers' rate; alerts go to staff only when an address is set.
      const voterMails = await claimDueVoterMails(o.database, now, o.leaseMs, followerRoom(now.getTime()) - followerMails.length);
      const alerts = await claimDueAlertMails(o.database, now, o.leaseMs, 5);
      const feedback = await claimDueFeedback(o.database, now, o.leaseMs);
      const placed = await claimDuePlacedMails(o.database, now, o.leaseMs);
      const followers = [...followerMails, ...voterMails];
      if (batch.length === 0 && followers.length === 0 && alerts.length === 0 && feedback.length === 0 && placed.length === 0)
        break;
      for (const a of alerts) await deliver(a);
      for (const f of feedback) await deliver(f);
      for (const p of placed) await deliver(p);
      // A claimed batch is finished even when stopping, so no claim waits for its lease needlessly.
      for (const n of batch) await deliver(n);
      // A batch of follower mails goes out together (one SMTP connection each), then the next is claimed.
      for (const _ of followers) attempts.push(clock.now().getTime());
      await Promise.all(followers.map(deliver));
      handled += batch.length + followers.length + alerts.length + feedback.length + placed.length;
    }
    // Lets tests wait for whole polls ("nothing else arrives in three more") instead of sleeping.
    o.log.debug({ handled }, 'mayor mail round done');
    return handled;
  }

  const logFailure = (err: unknown) => o.log.error({ error: describeError(err) }, 'mayor mail round failed');

  const mailer: OutboxSender = {
    start() {
      if (o.pollMs > 0) timer = setInterval(() => mailer.wake(), o.pollMs).unref();
      mailer.wake();
    },
    wake() {
      if (stopped || wakeQueued) return;
      wakeQueued = true;
      queue = queue.then(() => {
        wakeQueued = false;
        return round().then(() => {}, logFailure);
      });
    },
    runOnce() {
      const run = queue.then(round);
      queue = run.then(() => {}, logFailure);
      return run;
    },
    idle: () => queue,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(later);
      await Promise.race([queue, sleep(o.stopWaitMs ?? 5_000, undefined, { ref: false })]);
      o.transport.close();
    },
  };
  return mailer;
}
