// The vote mails: a vote's confirmation (to the voter, in her language) and an alert about
// a proposal's votes (to staff). Plain text only: nothing a visitor typed becomes markup or a header.
import { PRODUCT_NAME, APP_PATHS } from '@linz/contract';
import { voteConfirmTokenOf } from '../domain/votes/vote-confirm.js';
import { visitorText, type MailSettings, type OutgoingMail } from './message.js';
import type { AlertMail, VoterMail } from './outbox.js';
import { oneLine } from '../domain/visitor-text.js';

const hostOf = (publicUrl: string) => new URL(publicUrl).hostname || 'localhost';

export function composeVoteConfirmMail(m: VoterMail, s: MailSettings & { secret: string }): OutgoingMail {
  const proposal = oneLine(m.intervention.name);
  const monument = oneLine(m.lang === 'en' && m.monument.nameEn ? m.monument.nameEn : m.monument.name);
  const link = `${s.publicUrl}${APP_PATHS.voteConfirm}?token=${voteConfirmTokenOf(s.secret, m.tokenSeed)}`;
  const lines =
    m.lang === 'de'
      ? [
          `Du (oder jemand mit deiner Adresse) hast auf der Karte ${PRODUCT_NAME} für den Vorschlag ${visitorText('de', proposal)} bei „${monument}“ gestimmt und möchtest die Stimme bestätigen.`,
          '',
          'Bitte bestätige sie innerhalb von 48 Stunden auf dieser Seite (ein Klick auf den Knopf dort):',
          link,
          '',
          'Eine Adresse bestätigt höchstens eine Stimme je Vorschlag. Nach der Bestätigung bewahren wir deine Adresse nicht auf,',
          'nur einen verschlüsselten Fingerabdruck davon; ohne Bestätigung wird sie nach 48 Stunden gelöscht.',
          '',
          '--',
          `Du bekommst diese Nachricht, weil auf der Karte ${PRODUCT_NAME} diese Adresse zum Bestätigen einer Stimme eingegeben wurde.`,
          PRODUCT_NAME,
          '',
        ]
      : [
          `You (or someone with your address) voted for the proposal ${visitorText('en', proposal)} at “${monument}” on the ${PRODUCT_NAME} map and asked to confirm the vote.`,
          '',
          'Please confirm it within 48 hours on this page (one click on its button):',
          link,
          '',
          'An address confirms at most one vote per proposal. Once confirmed we do not keep your address,',
          'only a keyed fingerprint of it; without confirmation it is deleted after 48 hours.',
          '',
          '--',
          `You get this message because this address was entered on the ${PRODUCT_NAME} map to confirm a vote.`,
          PRODUCT_NAME,
          '',
        ];
  return {
    messageId: `<vote-confirm-${m.id}-${m.queuedAt.getTime()}@${hostOf(s.publicUrl)}>`,
    from: s.mailFrom,
    to: m.email,
    // Our words only: the proposal's name (a visitor's text) is in the body.
    subject: `${PRODUCT_NAME}: ${m.lang === 'de' ? 'Bitte bestätige deine Stimme' : 'Please confirm your vote'}`,
    text: lines.join('\n'),
  };
}

const KIND = {
  burst: { de: 'viele Stimmen aus einem Netz in einer Stunde', en: 'many votes from one network in an hour' },
  regular: { de: 'Stimmen in fast gleichmäßigen Abständen', en: 'votes at near-regular intervals' },
  few_networks: { de: 'Schwelle aus zu wenigen Netzen erreicht', en: 'threshold reached from too few networks' },
} as const;

/** To the site's staff address (the site profile's staffEmail). */
export function composeAlertMail(m: AlertMail, s: MailSettings): OutgoingMail {
  const proposal = oneLine(m.intervention.name);
  const review = `${s.publicUrl}${APP_PATHS.admin}`;
  const text = [
    `Auffällige Stimmen: ${KIND[m.kind].de} (${m.votes}) beim Vorschlag „${proposal}“ (Nr. ${m.intervention.id}).`,
    `Bitte prüfen Sie die Stimmen in /admin („Stimmen prüfen“): ${review}`,
    'Eine Mail des Bürgermeisterbüros zu diesem Vorschlag wartet, solange die Warnung offen ist.',
    '',
    '-- English --',
    `Unusual votes: ${KIND[m.kind].en} (${m.votes}) for the proposal “${proposal}” (no. ${m.intervention.id}).`,
    `Please check the votes in /admin ("Check votes"): ${review}`,
    '',
  ].join('\n');
  return {
    messageId: `<vote-alert-${m.id}-${m.queuedAt.getTime()}@${hostOf(s.publicUrl)}>`,
    from: s.mailFrom,
    to: s.staffEmail,
    subject: `${PRODUCT_NAME}: Stimmen prüfen: „${proposal}“`,
    text,
  };
}
