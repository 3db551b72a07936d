// The privacy page's table: each kind of data the app keeps, why, and for how long. The rows'
// texts live in the locale files (dataRetention.rows.<key>); the durations are the server's
// (GET /api/site: the numbers its retention job and rules enforce), interpolated into them. On a
// phone each row is a block, its cells labelled (the column headers are then out of sight).
import type { RetentionFacts } from '@linz/contract';
import { useTranslation } from 'react-i18next';

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

export function DataRetention({ facts }: { facts: RetentionFacts }) {
  const { t } = useTranslation();
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
              <td>
                <span className="data-retention__label">{t('dataRetention.why')}</span>
                {t(`dataRetention.rows.${key}.why`)}
              </td>
              <td>
                <span className="data-retention__label">{t('dataRetention.howLong')}</span>
                {t(`dataRetention.rows.${key}.howLong`, facts)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
