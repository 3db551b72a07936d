// The row under every page (the map's attribution included): help, contact and the three legal
// pages, in the same place and order everywhere (WCAG 3.2.6). Its height (one line, two on a
// narrow phone) is the CSS variable --legal-links-height, so the offline panel stands above it.
import { APP_PATHS } from '@linz/contract/facts';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HELP_ID } from '../about/help';

export function LegalLinks() {
  const { t } = useTranslation();
  const row = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = row.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--legal-links-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <footer className="legal-links" ref={row}>
      <nav aria-label={t('legal.links.label')}>
        <ul>
          <li>
            <Link to={APP_PATHS.about} hash={HELP_ID}>
              {t('legal.links.help')}
            </Link>
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
