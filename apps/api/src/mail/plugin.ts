// Wires the mayor's mail into the app: picks the transport from the config, lets a queuing vote
// wake the sender, and stops the sender when the app closes.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { createMayorMailer, type Clock, type MayorMailer } from './sender.js';
import { fileTransport, smtpTransport, type MailTransport } from './transport.js';

export type MailOptions = { clock?: Clock; transport?: MailTransport; pollMs?: number };

declare module 'fastify' {
  interface FastifyInstance {
    mayorMail: MayorMailer;
  }
}

export function mayorMail(app: FastifyInstance, services: Services, opts: MailOptions = {}): MayorMailer {
  const { config, database } = services;
  const leaseMs = config.mailLeaseSeconds * 1000;
  const mailDir = path.join(config.dataDir, 'mail');
  const transport = opts.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, leaseMs) : fileTransport(mailDir));
  const mailer = createMayorMailer({
    database,
    transport,
    settings: {
      publicUrl: config.publicUrl,
      mailFrom: config.mailFrom,
      mayorEmail: config.mayorEmail,
      feedbackEmail: config.site.accessibility.feedbackEmail,
    },
    log: app.log,
    clock: opts.clock,
    leaseMs,
    retryMs: config.mailRetryDays * 24 * 3600 * 1000,
    pollMs: opts.pollMs ?? config.mailPollSeconds * 1000,
    follow: { secret: services.followSecret, perMinute: config.mailPerMinute },
    staffEmail: config.staffEmail,
  });
  if (!config.smtpUrl && !opts.transport) app.log.info(`No SMTP_URL set: the mayor's e-mails are written to ${mailDir}`);
  services.mailQueued = () => mailer.wake();
  app.decorate('mayorMail', mailer);
  app.addHook('onClose', () => mailer.stop());
  mailer.start();
  return mailer;
}
