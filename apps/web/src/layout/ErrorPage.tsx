// The error page, in the visitor's language: a page whose code could not be loaded, or that failed
// while rendering. It offers a retry and the way home, and stands in for TanStack's English one.
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from './BackLink';
import { PageLoadError } from './lazyPage';

export function ErrorPage({ error, retry }: { error: unknown; retry: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const texts = error instanceof PageLoadError ? 'errorPage.load' : 'errorPage.failed';
  const onRetry = () => {
    setBusy(true);
    void retry().finally(() => setBusy(false));
  };
  return (
    <div className="content">
      <BackLink label={t('app.toMap')} />
      <h1>{t(`${texts}.headline`)}</h1>
      <p>{t(`${texts}.explain`)}</p>
      <p>
        <button type="button" className="button button--primary" disabled={busy} onClick={onRetry}>
          {t('errorPage.retry')}
        </button>
      </p>
    </div>
  );
}

/** The router's error component (a loader or the shell failed): its retry loads the route again. */
export function RouterErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <ErrorPage
      error={error}
      retry={async () => {
        reset();
        await router.invalidate();
      }}
    />
  );
}
