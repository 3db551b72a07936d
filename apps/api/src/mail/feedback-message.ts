// The staff mail for one accessibility feedback message: German first, then English,
// plain text only, so nothing the sender typed becomes markup or a header. An answer goes to the
// sender's address when they gave one (Reply-To). The words are in mail/texts/<lang>.json.
import { APP_PATHS } from '@linz/contract';
import { oneBlock, oneLine } from '../domain/visitor-text.js';
import type { MailSettings, OutgoingMail } from './outgoing.js';
import type { FeedbackMail } from './outbox-mails.js';
import { fill, fillLines, MAIL_TEXTS } from './texts.js';

export function composeFeedbackMail(f: FeedbackMail, s: MailSettings): OutgoingMail {
  const host = new URL(s.publicUrl).hostname || 'localhost';
  const page = f.page ? oneLine(f.page) : '–';
  const values = (lang: 'de' | 'en') => {
    const w = MAIL_TEXTS[lang].feedback;
    return {
      page,
      receivedAt: f.receivedAt.toISOString(),
      replyTo: f.email ? fill(w.replyTo, { email: f.email }) : w.noAddress,
      admin: `${s.publicUrl}${APP_PATHS.admin}`,
      id: f.id,
    };
  };
  const de = MAIL_TEXTS.de.feedback;
  const text = [
    ...fillLines(de.lines, values('de')),
    '',
    '-- Nachricht / Message --',
    oneBlock(f.message),
    '-- --',
    '',
    ...fillLines(MAIL_TEXTS.en.feedback.lines, values('en')),
    '',
  ].join('\n');
  return {
    messageId: `<accessibility-feedback-${f.id}-${f.receivedAt.getTime()}@${host}>`,
    from: s.mailFrom,
    to: s.feedbackEmail,
    // Typed by the sender and never verified: its display name says so in the staff's mail program.
    ...(f.email ? { replyTo: `"${de.unverified}" <${f.email}>` } : {}),
    // Nothing the sender typed (page, message) goes into the subject: the staff's inbox shows our words only.
    subject: fill(de.subject, { id: f.id }),
    text,
  };
}
