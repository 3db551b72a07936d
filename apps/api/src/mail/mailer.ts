// The app's outbox sender (every queued mail: the mayor's, followers', confirmations, staff alerts,
// accessibility feedback): its transport picked from the config, built before the app's Services
// (which wake it when a write queues a mail), started with the app and stopped when it closes.
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createOutboxSender, type Clock, type OutboxSender } from './sender.js';
import { fileTransport, smtpTransport, type MailTransport } from './transport.js';

export type MailOptions = { clock?: Clock; transport?: MailTransport; pollMs?: number };

declare module 'fastify' {
  interface FastifyInstance {
    outboxSender: OutboxSender;
  }
}

type MailerParts = { config: Config; database: Database; secret: string; log: FastifyBaseLogger };

/** The sender, not yet started. */
export function outboxSenderFor({ config, database, secret, log }: MailerParts, opts: MailOptions = {}): OutboxSender {
  const leaseMs = config.mailLeaseSeconds * 1000;
  const mailDir = path.join(config.dataDir, 'mail');
  const transport = opts.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, leaseMs) : fileTransport(mailDir));
  const mailer = createOutboxSender({
    database,
    transport,
    settings: {
      publicUrl: config.publicUrl,
      mailFrom: config.mailFrom,
      mayorEmail: config.mayorEmail,
      feedbackEmail: config.site.accessibility.feedbackEmail,
      staffEmail: config.site.staffEmail,
      product: config.city.productName,
      city: config.city.name,
      timeZone: config.city.timeZone,
    },
    log,
    clock: opts.clock,
    leaseMs,
    retryMs: config.mailRetryDays * 24 * 3600 * 1000,
    pollMs: opts.pollMs ?? config.mailPollSeconds * 1000,
    follow: { secret, perMinute: config.mailPerMinute },
  });
  if (!config.smtpUrl && !opts.transport) log.info(`No SMTP_URL set: the mayor's e-mails are written to ${mailDir}`);
  return mailer;
}

/** Runs the sender with the app: started now, stopped when the app closes. */
export function runOutboxSender(app: FastifyInstance, mailer: OutboxSender): void {
  app.decorate('outboxSender', mailer);
  app.addHook('onClose', () => mailer.stop());
  mailer.start();
}
