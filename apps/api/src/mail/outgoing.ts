// What every message builder makes and reads: one message as the transports take it, the
// settings the messages need, and how a visitor's own words are quoted in a mail.
import { fill, MAIL_TEXTS } from './texts.js';

/** One message as the transports take it (the mayor's, or a follower's with its HTML and List-Unsubscribe headers). */
export type OutgoingMail = {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where an answer goes (an accessibility feedback's sender, when they gave an address). */
  replyTo?: string;
  headers?: Record<string, string>;
};
/** feedbackEmail gets accessibility feedback; staffEmail the mayor's office's replies and vote alerts (site profile). */
export type MailSettings = {
  publicUrl: string;
  mailFrom: string;
  mayorEmail: string;
  feedbackEmail: string;
  staffEmail: string;
  /** The site's name (subjects, signatures) and the city's, per language: the city profile's. */
  product: string;
  city: { de: string; en: string };
  /** The city's time zone (IANA): the dates a mail writes out. */
  timeZone: string;
};

/**
 * A visitor's text in a mail to a visitor: quoted and marked as typed by someone on the
 * map, never in the subject, so a spammer's proposal name cannot pass for our words.
 */
export function visitorText(lang: 'de' | 'en', text: string): string {
  return fill(MAIL_TEXTS[lang].visitorText, { text });
}
