// The vote mails: a vote's confirmation (to the voter, in her language) and an alert about
// a proposal's votes (to staff). Plain text only: nothing a visitor typed becomes markup or a header.
// The words are in mail/texts/<lang>.json.
import { APP_PATHS } from '@linz/contract';
import { voteConfirmTokenOf } from '../domain/votes/vote-confirm.js';
import { oneLine } from '../domain/visitor-text.js';
import { visitorText, type MailSettings, type OutgoingMail } from './outgoing.js';
import type { AlertMail, VoterMail } from './outbox-mails.js';
import { fill, fillLines, MAIL_TEXTS } from './texts.js';

const hostOf = (publicUrl: string) => new URL(publicUrl).hostname || 'localhost';

export function composeVoteConfirmMail(m: VoterMail, s: MailSettings & { secret: string }): OutgoingMail {
  const words = MAIL_TEXTS[m.lang].voteConfirm;
  const proposal = oneLine(m.proposal.name);
  const values = {
    product: s.product,
    named: visitorText(m.lang, proposal),
    monument: oneLine(m.lang === 'en' && m.monument.name_en ? m.monument.name_en : m.monument.name),
    link: `${s.publicUrl}${APP_PATHS.voteConfirm}?token=${voteConfirmTokenOf(s.secret, m.tokenSeed)}`,
  };
  return {
    messageId: `<vote-confirm-${m.id}-${m.queuedAt.getTime()}@${hostOf(s.publicUrl)}>`,
    from: s.mailFrom,
    to: m.email,
    // Our words only: the proposal's name (a visitor's text) is in the body.
    subject: `${s.product}: ${words.subject}`,
    text: fillLines(words.lines, values).join('\n'),
  };
}

/** To the site's staff address (the site profile's staffEmail): German, then English. */
export function composeAlertMail(m: AlertMail, s: MailSettings): OutgoingMail {
  const proposal = oneLine(m.proposal.name);
  const values = (lang: 'de' | 'en') => ({
    kind: MAIL_TEXTS[lang].voteAlert.kinds[m.kind],
    votes: m.votes,
    proposal,
    id: m.proposal.id,
    review: `${s.publicUrl}${APP_PATHS.admin}`,
  });
  const text = [
    ...fillLines(MAIL_TEXTS.de.voteAlert.lines, values('de')),
    '',
    '-- English --',
    ...fillLines(MAIL_TEXTS.en.voteAlert.lines, values('en')),
    '',
  ].join('\n');
  return {
    messageId: `<vote-alert-${m.id}-${m.queuedAt.getTime()}@${hostOf(s.publicUrl)}>`,
    from: s.mailFrom,
    to: s.staffEmail,
    subject: `${s.product}: ${fill(MAIL_TEXTS.de.voteAlert.subject, values('de'))}`,
    text,
  };
}
