// /datenschutz: every item of Art. 13 GDPR: controller, data-protection officer, purposes and legal
// bases, recipients, retention per datum (the server's numbers), the rights of Art. 15-21 and the
// complaint to the Datenschutzbehörde. It absorbs /about's former privacy sections.
import type { SiteInfo } from '@linz/contract';
import { useTranslation } from 'react-i18next';
import { DataRetention } from './DataRetention';
import { LegalPage, Section } from './LegalPage';
import { formatDay, localised } from './siteQuery';

const PURPOSES = ['votes', 'content', 'limits', 'reports', 'follows', 'feedback', 'staff'] as const;
const RIGHTS = ['access', 'rectification', 'erasure', 'restriction', 'notification', 'portability', 'objection'] as const;
const FOLLOW_RULES = ['intro', 'unconfirmed', 'ends', 'unsubscribe', 'hashes', 'logs'] as const;

function Purposes({ publicBody }: { publicBody: boolean }) {
  const { t } = useTranslation();
  const basis = (p: (typeof PURPOSES)[number]) => (p === 'follows' ? 'consent' : publicBody ? 'task' : 'interest');
  return (
    <ul>
      {PURPOSES.map((p) => (
        <li key={p}>
          {t(`legal.privacy.purpose.${p}`)} {t(`legal.privacy.basis.${basis(p)}`)}
        </li>
      ))}
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
      <p>{t('legal.privacy.updated', { date: formatDay(profile.privacyUpdatedOn, lang) })}</p>
      <Section id="privacy-controller" headline={t('legal.privacy.controller')}>
        <address>
          {operator.name}, {operator.address.street}, {operator.address.postalCode} {operator.address.city},{' '}
          {localised(operator.address.country, lang)}
          <br />
          <a href={`mailto:${operator.email}`}>{operator.email}</a>, {operator.phone}
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
        <Purposes publicBody={profile.publicBody} />
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
        </ul>
        <p>{t('legal.privacy.mayor')}</p>
      </Section>
      <DataRetention facts={retention} />
      <Section id="privacy-follow" headline={t('follow.privacy.headline')}>
        {FOLLOW_RULES.map((key) => (
          <p key={key}>{t(`follow.privacy.${key}`, retention)}</p>
        ))}
      </Section>
      {/* Vote checking and photos: each feature's rules are described here. */}
      <Section id="privacy-checks" headline={t('legal.privacy.checks')}>
        <p>{t('legal.privacy.checksVotes')}</p>
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
