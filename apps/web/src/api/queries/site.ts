// Who runs this site and how long it keeps what (GET /api/site): the legal pages' facts. Fixed
// while the server runs, so asked once.
import type { SiteInfo } from '@linz/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { dayFields, writeDate } from '../../i18n/writing';
import { call } from '../client';

export const siteQuery = () =>
  queryOptions({
    queryKey: ['site'] as const,
    queryFn: ({ signal }): Promise<SiteInfo> => call('site', { signal }),
    staleTime: Infinity,
  });

/** A web address as a reader sees it in a link's text: host and path, without the scheme. */
export const webAddressLabel = (url: string): string => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

/** The profile's text in the page's language. */
export const localised = (text: { de: string; en: string }, lang: string): string => (lang.startsWith('de') ? text.de : text.en);

/** A calendar date (YYYY-MM-DD) in the page's language: "25. November 2026", "25 November 2026". */
export function formatDay(day: string, t: TFunction): string {
  const fields = dayFields(day);
  return fields ? writeDate(t, fields, 'fullDate') : day;
}
