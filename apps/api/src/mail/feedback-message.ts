// The staff mail for one accessibility feedback message: German first, then English,
// plain text only, so nothing the sender typed becomes markup or a header. An answer goes to the
// sender's address when they gave one (Reply-To).
import { APP_PATHS } from '@linz/contract';
import type { MailSettings, OutgoingMail } from './message.js';
import type { FeedbackMail } from './outbox.js';
import { oneBlock, oneLine } from '../domain/visitor-text.js';

export function composeFeedbackMail(f: FeedbackMail, s: MailSettings): OutgoingMail {
  const host = new URL(s.publicUrl).hostname || 'localhost';
  const admin = `${s.publicUrl}${APP_PATHS.admin}`;
  const page = f.page ? oneLine(f.page) : '–';
  const text = [
    'Eine Rückmeldung zur Barrierefreiheit ist eingegangen.',
    '',
    `Seite: ${page}`,
    `Eingegangen: ${f.receivedAt.toISOString()}`,
    f.email ? `Antwort erbeten an: ${f.email} (Antworten auf diese E-Mail gehen dorthin)` : 'Keine E-Mail-Adresse angegeben.',
    `In der Verwaltung: ${admin}`,
    '',
    '-- Nachricht / Message --',
    oneBlock(f.message),
    '-- --',
    '',
    `An accessibility feedback message arrived (page: ${page}). ${f.email ? 'Replying to this e-mail answers the sender.' : 'The sender gave no address.'}`,
    '',
  ].join('\n');
  return {
    messageId: `<accessibility-feedback-${f.id}-${f.receivedAt.getTime()}@${host}>`,
    from: s.mailFrom,
    to: s.feedbackEmail,
    ...(f.email ? { replyTo: f.email } : {}),
    subject: `Barrierefreiheit: Rückmeldung Nr. ${f.id}${f.page ? ` zu ${page.slice(0, 80)}` : ''}`,
    text,
  };
}
