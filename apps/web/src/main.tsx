// Entry: load the texts, then render the router inside the query client.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { clientConfigQuery } from './api/queries';
import { createI18n } from './i18n/setup';
import { createAppRouter } from './router';
import './styles/index.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, retryDelay: 300, staleTime: 30_000, refetchOnWindowFocus: false } },
});
const router = createAppRouter(queryClient);
// index.html preloads the config; read it now on every page, so the preloaded answer is used at once.
void queryClient.prefetchQuery(clientConfigQuery());

const root = document.getElementById('root');
if (root) {
  // The route is matched and loaded before the first render, so that render already has the whole
  // tree: as a transition it yields to the browser every few milliseconds instead of blocking a
  // phone's main thread (the router loading in an effect re-rendered everything synchronously).
  void Promise.all([createI18n(), router.load()]).then(([i18n]) => {
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
  });
}
