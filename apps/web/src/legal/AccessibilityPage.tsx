// /barrierefreiheit: the model accessibility statement of Implementing Decision (EU) 2018/1523 in
// its five parts (compliance status, non-accessible content, preparation, feedback, enforcement),
// the operator's facts and dates from the site profile.
import type { SiteInfo } from '@linz/contract';
import { APP_PATHS } from '@linz/contract/facts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccessibilityFeedbackForm } from './AccessibilityFeedbackForm';
import { LegalPage, Section } from './LegalPage';
import { formatDay, localised } from '../api/queries/site';

function Body({ site }: { site: SiteInfo }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { operator, accessibility: a } = site.profile;
  const office = a.complaintOffice;
  const law = localised(office.law, lang);
  return (
    <>
      <p>{t('legal.accessibility.intro', { operator: operator.name, law, site: window.location.host })}</p>
      <Section id="a11y-status" headline={t('legal.accessibility.status')}>
        <p>{t(`legal.accessibility.statusText.${a.conformance}`)}</p>
      </Section>
      <Section id="a11y-non-accessible" headline={t('legal.accessibility.nonAccessible')}>
        <ul>
          <li>
            {t('legal.accessibility.mapExempt')} <Link to={APP_PATHS.monuments}>{t('legal.accessibility.mapMonuments')}</Link>,{' '}
            <Link to={APP_PATHS.proposals}>{t('legal.accessibility.mapProposals')}</Link>.
          </li>
          <li>{t('legal.accessibility.markers')}</li>
          <li>{t('legal.accessibility.userContent')}</li>
        </ul>
      </Section>
      <Section id="a11y-preparation" headline={t('legal.accessibility.preparation')}>
        <p>{t('legal.accessibility.prepared', { date: formatDay(a.preparedOn, t) })}</p>
        <p>{t('legal.accessibility.method')}</p>
        <p>{t('legal.accessibility.reviewed', { date: formatDay(a.reviewedOn, t) })}</p>
      </Section>
      <Section id="feedback" headline={t('legal.accessibility.feedback')}>
        <p>{t('legal.accessibility.feedbackIntro', { email: a.feedbackEmail })}</p>
        <AccessibilityFeedbackForm contactEmail={a.feedbackEmail} emailDays={site.retention.feedbackEmailDays} />
      </Section>
      <Section id="a11y-enforcement" headline={t('legal.accessibility.enforcement')}>
        <p>{t('legal.accessibility.enforcementText', { law })}</p>
        <address>
          {office.name}
          <br />
          {office.address}
          <br />
          <a href={`mailto:${office.email}`}>{office.email}</a>
          {office.phone && (
            <>
              <br />
              {office.phone}
            </>
          )}
          <br />
          <a href={office.url} rel="noopener noreferrer">
            {office.url}
          </a>
        </address>
      </Section>
    </>
  );
}

export function AccessibilityPage() {
  const { t } = useTranslation();
  return (
    <LegalPage className="accessibility" headline={t('legal.accessibility.headline')}>
      {(site) => <Body site={site} />}
    </LegalPage>
  );
}
