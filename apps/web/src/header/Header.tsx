// Product title (the city profile's, through the texts' {{product}}; the link home), pretitle and subtitle (texts), the language selector
// and the nav icons.
import { APP_PATHS } from '@linz/contract/facts';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ChartIcon, CloseIcon, InfoIcon, ListIcon, MonumentsIcon, PersonIcon } from '../layout/icons';
import { LanguageSelector } from './LanguageSelector';

export function Header() {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  const onInfoPage = pathname === APP_PATHS.about || pathname === APP_PATHS.add;
  const onList = pathname === APP_PATHS.proposals;
  const onMonuments = pathname === APP_PATHS.monuments;
  const onStats = pathname === APP_PATHS.stats;
  const onMine = pathname === APP_PATHS.mine;
  const close = (
    <Link to="/" className="icon-button header__nav" aria-label={t('header.close')}>
      <CloseIcon />
    </Link>
  );
  return (
    <header className="header">
      {/* Three items of the header's grid, not one block: on a phone the pretitle and subtitle
          take the header's whole width, above and below the title's row of controls. */}
      <span className="header__pretitle">{t('header.pretitle')}</span>
      <Link to="/" className="header__title">
        {t('sharePreview.siteName')}
      </Link>
      <span className="header__subtitle">{t('header.subtitle')}</span>
      <nav className="header__actions" aria-label={t('header.navigation')}>
        <LanguageSelector />
        {onInfoPage ? (
          close
        ) : (
          <Link to="/about" className="icon-button header__nav" aria-label={t('header.about')}>
            <InfoIcon />
          </Link>
        )}
        {onMonuments ? (
          close
        ) : (
          <Link to="/monuments" className="icon-button header__nav" aria-label={t('finder.list.headline')}>
            <MonumentsIcon />
          </Link>
        )}
        {onList ? (
          close
        ) : (
          <Link to="/interventions" className="icon-button header__nav" aria-label={t('header.proposals')}>
            <ListIcon />
          </Link>
        )}
        {onStats ? (
          close
        ) : (
          <Link to="/stats" className="icon-button header__nav" aria-label={t('stats.headerLink')}>
            <ChartIcon />
          </Link>
        )}
        {onMine ? (
          close
        ) : (
          <Link to="/mine" className="icon-button header__nav" aria-label={t('follow.mine.headline')}>
            <PersonIcon />
          </Link>
        )}
      </nav>
    </header>
  );
}
