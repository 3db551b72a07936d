// The privacy page's table: each kind of data the app keeps, why, and for how long. The rows'
// texts live in the locale files (dataRetention.rows.<key>); the durations are those the server's
// retention job (apps/api/src/domain/retention.ts) and the follow rules enforce.
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
  'backups',
] as const;

export function DataRetention() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="about-data-retention">
      <h2 id="about-data-retention">{t('dataRetention.headline')}</h2>
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
              <td>{t(`dataRetention.rows.${key}.why`)}</td>
              <td>{t(`dataRetention.rows.${key}.howLong`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
