// The link row at the foot of every page, the map and /admin included: help and contact always in
// the same place (WCAG 3.2.6 Consistent Help). The legal pages' links belong in this row too.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.label')}>
        <ul className="site-footer__links">
          <li>
            <Link to="/about" hash="about-contact">
              {t('footer.help')}
            </Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
