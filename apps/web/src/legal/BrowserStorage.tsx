// The privacy page's cookies and browser storage. The cookies' names and lifetimes are the
// contract's COOKIES, the facts the server sets them by; what each is for, and what the app keeps
// in the browser itself (storage/keys.ts, the language, the offline queue and cache), is in the
// locale files (legal.privacy.cookies).
import { COOKIES, type CookieUse } from '@linz/contract/facts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Section } from './LegalPage';

const USES = Object.keys(COOKIES) as CookieUse[];
const UNITS = [
  ['years', 365 * 24 * 3600],
  ['days', 24 * 3600],
  ['hours', 3600],
  ['minutes', 60],
  ['seconds', 1],
] as const;
const STORAGE = ['local', 'session', 'offline'] as const;

/** A lifetime in its largest whole unit: "1 Jahr", "12 Stunden", "2 Sekunden". */
export function lifetime(seconds: number, t: TFunction): string {
  const [unit, size] = UNITS.find(([, size]) => seconds % size === 0) ?? (['seconds', 1] as const);
  return t(`legal.privacy.cookies.lifetime.${unit}`, { count: seconds / size });
}

export function BrowserStorage() {
  const { t } = useTranslation();
  return (
    <Section id="privacy-cookies" headline={t('legal.privacy.cookies.headline')}>
      <p>{t('legal.privacy.cookies.intro')}</p>
      <table className="data-retention">
        <caption>{t('legal.privacy.cookies.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('legal.privacy.cookies.name')}</th>
            <th scope="col">{t('legal.privacy.cookies.why')}</th>
            <th scope="col" className="cookie-lifetime">
              {t('legal.privacy.cookies.howLong')}
            </th>
          </tr>
        </thead>
        <tbody>
          {USES.map((use) => (
            <tr key={use}>
              <th scope="row">
                <code>{COOKIES[use].name}</code>
              </th>
              <td data-label={t('legal.privacy.cookies.why')}>{t(`legal.privacy.cookies.use.${use}`)}</td>
              <td className="cookie-lifetime" data-label={t('legal.privacy.cookies.howLong')}>
                {lifetime(COOKIES[use].seconds, t)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('legal.privacy.cookies.storageIntro')}</p>
      <ul>
        {STORAGE.map((key) => (
          <li key={key}>{t(`legal.privacy.cookies.storage.${key}`)}</li>
        ))}
      </ul>
    </Section>
  );
}
