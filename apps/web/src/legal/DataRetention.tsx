// The privacy page's table: each kind of data the app keeps, why, and for how long. The rows'
// texts live in the locale files (dataRetention.rows.<key>); the durations are the server's
// (GET /api/site: the numbers its retention job and rules enforce), interpolated into them, and the
// backups' keeper and schedule are the site profile's.
import type { RetentionFacts, SiteProfile } from '@linz/contract';
import { useTranslation } from 'react-i18next';
import { localised } from '../api/queries/site';

const ROWS = [
  'voterCookie',
  'votes',
  'addressHashes',
  'ipKeys',
  'requestLimits',
  'proposals',
  'photos',
  'reports',
  'staff',
  'staffSessions',
  'signInFailures',
  'audit',
  'outbox',
  'follows',
  'idempotency',
  'accessibilityFeedback',
  'backups',
] as const;

export function DataRetention({ facts, backups }: { facts: RetentionFacts; backups: SiteProfile['backups'] }) {
  const { t, i18n } = useTranslation();
  // Backups are the operator's: who keeps them, where and how long come from the site profile.
  const values = {
    ...facts,
    keeper: backups.keeper,
    location: localised(backups.location, i18n.language),
    retention: localised(backups.retention, i18n.language),
  };
  return (
    <section aria-labelledby="privacy-retention">
      <h2 id="privacy-retention">{t('dataRetention.headline')}</h2>
      <p>{t('dataRetention.intro')}</p>
      <table className="data-retention">
        <caption>{t('dataRetention.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dataRetention.what')}</th>
            <th scope="col">{t('dataRetention.why')}</th>
            <th scope="col">{t('dataRetention.howLong')}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((key) => (
            <tr key={key}>
              <th scope="row">{t(`dataRetention.rows.${key}.what`)}</th>
              <td data-label={t('dataRetention.why')}>{t(`dataRetention.rows.${key}.why`)}</td>
              <td data-label={t('dataRetention.howLong')}>{t(`dataRetention.rows.${key}.howLong`, values)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
