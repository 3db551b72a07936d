// The welcome in a React root of its own, drawn as soon as the texts are there: a page whose code
// is a chunk of its own (a monument's view) is rendered only once that chunk has come, and on a
// first visit the welcome is the largest text on the screen, the page's LCP (docs/performance.md).
// Not on /admin: staff signing in are not greeted with it.
import { APP_PATHS } from '@linz/contract/facts';
import type { RouterHistory } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { IntroOverlay } from './IntroOverlay';
import { introOpenNow } from './introState';

function IntroHost({ history }: { history: RouterHistory }) {
  const pathname = useSyncExternalStore(history.subscribe, () => history.location.pathname);
  return pathname === APP_PATHS.admin ? null : <IntroOverlay />;
}

/** The weights the welcome is set in, waited for (they are preloaded beside the script, and come at
 * once), so that it is drawn in them from its first paint and does not re-wrap; at most a second. */
function fontsLoaded(): Promise<unknown> {
  const weights = ['400', '600', '700'].map((weight) => document.fonts.load(`${weight} 1em "Noto Sans"`));
  return Promise.race([Promise.all(weights), new Promise((resolve) => setTimeout(resolve, 1000))]);
}

export async function mountIntro(i18n: I18n, history: RouterHistory) {
  if (introOpenNow()) await fontsLoaded().catch(() => undefined);
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <IntroHost history={history} />
      </I18nextProvider>
    </StrictMode>,
  );
}
