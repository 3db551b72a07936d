// Entry: load the texts, then render the router inside the query client.
import './api/zodConfig';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { clientConfigQuery } from './api/queries';
import { FALLBACK_TILES } from './map/tiles';
import { nameCity } from './i18n/city';
import { createI18n } from './i18n/setup';
import { mountIntro } from './intro/mountIntro';
import { createAppRouter } from './router';
import './styles/index.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, retryDelay: 300, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/** Resolves in a task of its own (a message to ourselves: unlike a timer, not slowed in a hidden tab). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * The start in steps, each a task of its own, so that none blocks a phone's main thread for long: the
 * scripts' evaluation, then the router and the texts, then a first visit's welcome (a root of its own,
 * drawn before the page's chunk is asked for), then the route's loading. The route is matched
 * and loaded before the first render, so that render already has the whole tree: as a transition it
 * yields to the browser every few milliseconds (the router loading in an effect re-rendered everything
 * synchronously). What the page needs first is already on its way (index.html preloads the texts and
 * the config, a monument's view its monument).
 */
async function start(root: HTMLElement) {
  await nextTask();
  const router = createAppRouter(queryClient);
  // index.html preloads the config; read it now on every page, so the preloaded answer is used at once.
  // Its city names the texts ({{city}}), so the first render waits for it (preloaded: at once).
  const config = queryClient.prefetchQuery(clientConfigQuery());
  const texts = createI18n();
  await nextTask();
  const [i18n] = await Promise.all([texts, config]);
  nameCity(i18n, (queryClient.getQueryData(clientConfigQuery().queryKey) ?? FALLBACK_TILES).city);
  // A first visit's welcome is drawn now, before the page's chunk is asked for.
  await mountIntro(i18n, router.history);
  await router.load();
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <Suspense fallback={null}>
              <RouterProvider router={router} />
            </Suspense>
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
}

const root = document.getElementById('root');
if (root) void start(root);
