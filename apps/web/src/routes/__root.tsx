// The app shell: header, animated pages, the legal link row and the body class per route (the intro
// overlay has a root of its own: intro/mountIntro).
import { APP_PATHS } from '@linz/contract/facts';
import type { QueryClient } from '@tanstack/react-query';
import { Link, createRootRouteWithContext, useLocation } from '@tanstack/react-router';
import { startTransition, useEffect, useState } from 'react';
import { lazyPart, Part } from '../layout/lazyPart';
import { useTranslation } from 'react-i18next';
import { Header } from '../header/Header';
import { LegalLinks } from '../legal/LegalLinks';
import { AnimatedOutlet } from '../layout/AnimatedOutlet';
import { applyBodyClass } from '../layout/bodyClass';
import { localiseFieldMessages } from '../layout/fieldMessages';
import { watchDocumentTitle } from '../layout/documentTitle';
import { afterLoad, afterMapDrawn } from '../layout/schedule';

// The offline banner, queue and update offer, and the service worker's registration: fetched and
// mounted after the page's load, once the main thread is idle, and on the map after its first
// markers (a phone fetches nothing before them that it does not need to draw them).
const OfflinePanel = lazyPart(() => import('../offline/OfflinePanel'));

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="content">
      <h1>{t('app.notFound')}</h1>
      <Link to="/">{t('app.toMap')}</Link>
    </div>
  );
}

function RootLayout() {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  useEffect(() => applyBodyClass(pathname), [pathname]);
  useEffect(() => localiseFieldMessages(t), [t]);
  useEffect(() => {
    const main = document.getElementById('main');
    return main ? watchDocumentTitle(main) : undefined;
  }, []);
  const [offlineStarted, setOfflineStarted] = useState(false);
  const onMap = pathname === APP_PATHS.home;
  useEffect(() => {
    if (offlineStarted) return undefined;
    let cancelLoad = () => {};
    const start = () => (cancelLoad = afterLoad(() => startTransition(() => setOfflineStarted(true))));
    const cancelMap = onMap ? afterMapDrawn(start) : (start(), () => {});
    return () => {
      cancelMap();
      cancelLoad();
    };
  }, [onMap, offlineStarted]);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" className="pages" tabIndex={-1}>
        <AnimatedOutlet notFound={<NotFound />} />
      </main>
      <LegalLinks />
      {pathname !== APP_PATHS.admin && offlineStarted && (
        <Part fallback={null} quiet>
          <OfflinePanel />
        </Part>
      )}
    </>
  );
}

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});
