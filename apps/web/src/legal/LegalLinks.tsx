// The row under every page (the map's attribution included): help, contact and the three legal
// pages, in the same place and order everywhere (WCAG 3.2.6).
import { APP_PATHS } from '@linz/contract/facts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <footer className="legal-links">
      <nav aria-label={t('legal.links.label')}>
        <ul>
          <li>
            <Link to={APP_PATHS.about}>{t('legal.links.help')}</Link>
          </li>
          <li>
            <Link to={APP_PATHS.impressum} hash="kontakt">
              {t('legal.links.contact')}
            </Link>
          </li>
          <li>
            <Link to={APP_PATHS.impressum}>{t('legal.links.impressum')}</Link>
          </li>
          <li>
            <Link to={APP_PATHS.privacy}>{t('legal.links.privacy')}</Link>
          </li>
          <li>
            <Link to={APP_PATHS.accessibility}>{t('legal.links.accessibility')}</Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
