// Product title, pretitle and subtitle (from branding), the language selector and the nav icons.
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { branding } from '../branding';
import { langOf } from '../i18n/languages';
import { CloseIcon, InfoIcon, ListIcon } from '../layout/icons';
import { LanguageSelector } from './LanguageSelector';

export function Header() {
  const { t, i18n } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  const lang = langOf(i18n.resolvedLanguage);
  const onInfoPage = pathname === '/about' || pathname === '/add';
  const onList = pathname === '/interventions';
  const close = (
    <Link to="/" className="icon-button header__nav" aria-label={t('header.close')}>
      <CloseIcon />
    </Link>
  );
  return (
    <header className="header">
      <Link to="/" className="header__brand">
        <span className="header__pretitle">{branding.pretitle[lang]}</span>
        <span className="header__title">{branding.title}</span>
        <span className="header__subtitle">{branding.subtitle[lang]}</span>
      </Link>
      <nav className="header__actions" aria-label={t('header.navigation')}>
        <LanguageSelector />
        {onInfoPage ? (
          close
        ) : (
          <Link to="/about" className="icon-button header__nav" aria-label={t('header.about')}>
            <InfoIcon />
          </Link>
        )}
        {onList ? (
          close
        ) : (
          <Link to="/interventions" className="icon-button header__nav" aria-label={t('header.interventions')}>
            <ListIcon />
          </Link>
        )}
      </nav>
    </header>
  );
}
