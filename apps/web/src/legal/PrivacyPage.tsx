// /datenschutz: every item of Art. 13 GDPR: controller, data-protection officer, purposes and legal
// bases, recipients, retention per datum (the server's numbers), the rights of Art. 15-21 and the
// complaint to the Datenschutzbehörde. It absorbs /about's former privacy sections.
import type { RetentionFacts, SiteInfo } from '@linz/contract';
import { useTranslation } from 'react-i18next';
import { BrowserStorage } from './BrowserStorage';
import { DataRetention } from './DataRetention';
import { LegalPage, Section } from './LegalPage';
import { formatDay, localised } from '../api/queries/site';

/**
 * Each purpose and its legal basis (Art. 6(1) GDPR). `public`: what the site is for, a task in the
 * public interest (e) for a public body, legitimate interests (f) otherwise (Art. 6(1) sentence 2
 * keeps (f) from public bodies); `consent` (a): only where the person asks for the mail; `contract`
 * (b): the team works for the controller.
 */
const PURPOSES = [
  ['votes', 'public'],
  ['content', 'public'],
  ['reports', 'public'],
  ['limits', 'public'],
  ['logs', 'public'],
  ['backups', 'public'],
  ['feedback', 'public'],
  ['feedbackReply', 'consent'],
  ['follows', 'consent'],
  ['voteConfirm', 'consent'],
  ['staff', 'contract'],
  ['audit', 'public'],
] as const;
const RIGHTS = ['access', 'rectification', 'erasure', 'restriction', 'notification', 'portability', 'objection'] as const;
const FOLLOW_RULES = ['intro', 'unconfirmed', 'ends', 'unsubscribe', 'hashes', 'logs'] as const;

function Purposes({ publicBody, retention }: { publicBody: boolean; retention: RetentionFacts }) {
  const { t } = useTranslation();
  return (
    <ul className="privacy__purposes">
      {PURPOSES.map(([p, kind]) => {
        // Legitimate interests name the interest, consent says how it is withdrawn.
        const basis =
          kind === 'public' && publicBody
            ? t('legal.privacy.basis.task')
            : kind === 'public'
              ? t('legal.privacy.basis.interest', { interest: t(`legal.privacy.purpose.${p}.interest`) })
              : kind === 'consent'
                ? t('legal.privacy.basis.consent', { withdraw: t(`legal.privacy.purpose.${p}.withdraw`, retention) })
                : t('legal.privacy.basis.contract');
        return (
          <li key={p}>
            {t(`legal.privacy.purpose.${p}.what`)}{' '}
            <span className="privacy__basis">
              <strong>{t('legal.privacy.basisLabel')}</strong> {basis}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Body({ site }: { site: SiteInfo }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { profile, retention } = site;
  const { operator, dataProtectionOfficer: dpo } = profile;
  return (
    <>
      <p>{t('legal.privacy.intro')}</p>
      <p>{t('legal.privacy.updated', { date: formatDay(profile.privacyUpdatedOn, t) })}</p>
      <Section id="privacy-controller" headline={t('legal.privacy.controller')}>
        {/* The operator of the site profile, as on /impressum: it decides why and how data is processed. */}
        <address>
          {operator.name}
          <br />
          {operator.address.street}, {operator.address.postalCode} {operator.address.city},{' '}
          {localised(operator.address.country, lang)}
          <br />
          <a href={`mailto:${operator.email}`}>{operator.email}</a>
          <br />
          <a href={`tel:${operator.phone.replace(/[^+\d]/g, '')}`} className="legal__phone">
            {operator.phone}
          </a>
        </address>
      </Section>
      <Section id="privacy-dpo" headline={t('legal.privacy.dpo')}>
        <address>
          {dpo.name}
          {dpo.address ? `, ${dpo.address}` : ''}
          <br />
          <a href={`mailto:${dpo.email}`}>{dpo.email}</a>
        </address>
      </Section>
      <Section id="privacy-purposes" headline={t('legal.privacy.purposes')}>
        <p>{t('legal.privacy.purposesIntro')}</p>
        <Purposes publicBody={profile.publicBody} retention={retention} />
        <p>{t('legal.privacy.obligation')}</p>
      </Section>
      <Section id="privacy-recipients" headline={t('legal.privacy.recipients')}>
        <p>{t('legal.privacy.recipientsIntro')}</p>
        <ul>
          {(['hosting', 'mail', 'tiles'] as const).map((key) => {
            const r = profile.recipients[key];
            return (
              <li key={key}>
                <strong>{r.name}</strong>:{' '}
                {t('legal.privacy.recipientLine', { purpose: localised(r.purpose, lang), location: localised(r.location, lang) })}
              </li>
            );
          })}
          {/* The controller keeping its own backups is no recipient; anyone else is one. */}
          {profile.backups.keeper !== operator.name && (
            <li>
              <strong>{profile.backups.keeper}</strong>:{' '}
              {t('legal.privacy.recipientLine', {
                purpose: t('legal.privacy.backupsPurpose'),
                location: localised(profile.backups.location, lang),
              })}
            </li>
          )}
        </ul>
        <p>{t('legal.privacy.mayor')}</p>
      </Section>
      <DataRetention facts={retention} backups={profile.backups} />
      <BrowserStorage />
      <Section id="privacy-follow" headline={t('follow.privacy.headline')}>
        {FOLLOW_RULES.map((key) => (
          <p key={key}>{t(`follow.privacy.${key}`, retention)}</p>
        ))}
      </Section>
      {/* Vote checking and photos: each feature's rules are described here. */}
      <Section id="privacy-checks" headline={t('legal.privacy.checks')}>
        <p>
          {t('legal.privacy.checksVotes', { article: t(`legal.privacy.article.${profile.publicBody ? 'task' : 'interest'}`) })}
        </p>
        <p>{t('legal.privacy.checksPhotos')}</p>
      </Section>
      <Section id="privacy-rights" headline={t('legal.privacy.rights')}>
        <p>{t('legal.privacy.rightsIntro')}</p>
        <ul>
          {RIGHTS.map((r) => (
            <li key={r}>{t(`legal.privacy.right.${r}`)}</li>
          ))}
        </ul>
        <p>{t('legal.privacy.rightsNote')}</p>
      </Section>
      <Section id="privacy-complaint" headline={t('legal.privacy.complaint')}>
        <p>{t('legal.privacy.complaintText')}</p>
      </Section>
    </>
  );
}

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <LegalPage className="privacy" headline={t('legal.privacy.headline')}>
      {(site) => <Body site={site} />}
    </LegalPage>
  );
}
