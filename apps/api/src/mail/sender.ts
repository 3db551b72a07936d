// The loop that drains the mayor's outbox inside the API process: woken by a vote that queued a
// notification and by a poll timer; the clock is injectable so retry delays and leases can be tested.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { announceChange } from '../domain/read-cache.js';
import { composeMayorMail, type MailSettings } from './message.js';
import { claimDue, markFailed, markRetry, markSent, type Notification } from './outbox.js';
import { describeError, isPermanent, type MailTransport } from './transport.js';

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

const MINUTE = 60_000;
/** 1, 2, 4, ... minutes after each failed attempt, at most 6 hours apart. */
export function retryDelayMs(attempt: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, Math.min(attempt - 1, 20)), 360 * MINUTE);
}

export type MayorMailerOptions = {
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
};

export type MayorMailer = {
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

export function createMayorMailer(o: MayorMailerOptions): MayorMailer {
  const clock = o.clock ?? systemClock;
  let queue: Promise<void> = Promise.resolve();
  let wakeQueued = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  // The mail is out: recording that must not be lost to a short database hiccup, or the lease
  // would expire and the message be sent again.
  async function recordSent(n: Notification) {
    for (let i = 0; ; i++) {
      try {
        if (await markSent(o.database, n, clock.now())) await announceChange(o.database, 'interventions').catch(() => {});
        return;
      } catch (err) {
        if (i >= 5) throw err;
        await sleep(500 * 2 ** i);
      }
    }
  }

  async function deliver(n: Notification) {
    const about = { notification: n.id, interventionId: n.interventionId, attempt: n.attempt };
    let file: string | undefined;
    try {
      ({ file } = await o.transport.send(composeMayorMail(n, o.settings)));
    } catch (err) {
      const error = describeError(err);
      const now = clock.now();
      if (isPermanent(err)) {
        await markFailed(o.database, n, error);
        o.log.error({ ...about, error }, 'mayor e-mail refused permanently; notification marked failed');
      } else if (now.getTime() - n.reachedAt.getTime() >= o.retryMs) {
        await markFailed(o.database, n, error);
        o.log.error({ ...about, error }, 'mayor e-mail still not sent after the retry period; notification marked failed');
      } else {
        const next = new Date(now.getTime() + retryDelayMs(n.attempt));
        await markRetry(o.database, n, next, error);
        o.log.warn({ ...about, error, nextAttemptAt: next.toISOString() }, 'mayor e-mail not sent yet; will retry');
      }
      return;
    }
    await recordSent(n);
    if (file) o.log.info({ ...about, file }, `mayor e-mail written to ${file} (no SMTP_URL set)`);
    else o.log.info(about, 'mayor e-mail sent');
  }

  async function round(): Promise<number> {
    let handled = 0;
    while (!stopped) {
      const batch = await claimDue(o.database, clock.now(), o.leaseMs, 5);
      if (batch.length === 0) break;
      // A claimed batch is finished even when stopping, so no claim waits for its lease needlessly.
      for (const n of batch) await deliver(n);
      handled += batch.length;
    }
    // Lets tests wait for whole polls ("nothing else arrives in three more") instead of sleeping.
    o.log.debug({ handled }, 'mayor mail round done');
    return handled;
  }

  const logFailure = (err: unknown) => o.log.error({ error: describeError(err) }, 'mayor mail round failed');

  const mailer: MayorMailer = {
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
      await Promise.race([queue, sleep(o.stopWaitMs ?? 5_000, undefined, { ref: false })]);
      o.transport.close();
    },
  };
  return mailer;
}
