// The frame of the three legal pages: the back links, the heading, and the profile once loaded.
import type { SiteInfo } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../layout/BackLink';
import { siteQuery } from '../api/queries/site';

export function Section({ id, headline, children }: { id: string; headline: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{headline}</h2>
      {children}
    </section>
  );
}

export function LegalPage({
  className,
  headline,
  children,
}: {
  className: string;
  headline: string;
  children: (site: SiteInfo) => ReactNode;
}) {
  const { t } = useTranslation();
  const site = useQuery(siteQuery());
  return (
    <div className={`content legal ${className}`}>
      <BackLink label={t('about.back')} />
      <h1>{headline}</h1>
      {site.data ? (
        <>
          {/* The shipped example profile: only a start on this machine shows it (config.ts refuses a public one). */}
          {site.data.profile.example && <p className="legal__example">{t('legal.example')}</p>}
          {children(site.data)}
        </>
      ) : site.isError ? (
        <p className="feedback feedback--error" role="alert">
          {t('legal.unavailable')}
        </p>
      ) : (
        <p role="status">{t('app.loading')}</p>
      )}
      <BackLink label={t('about.back')} />
    </div>
  );
}
