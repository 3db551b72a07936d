// Who runs this site and how long it keeps what (GET /api/site): the legal pages' facts. Fixed
// while the server runs, so asked once; checked by shape (the browser ships no schema library).
import type { SiteInfo } from '@linz/contract';
import { queryOptions } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { dayFields, writeDate } from '../../i18n/writing';
import { callChecked } from '../client';
import { isBoolean, isInteger, isRecord, isString, shape } from '../checks';

const isLocalised = shape<{ de: string; en: string }>({ de: isString, en: isString });
const isRecipient = shape({ name: isString, purpose: isLocalised, location: isLocalised });
/** The fields the pages read; optional ones (example, website, register, a DPO's address, the office's phone) are read with care. */
const isProfile = (v: unknown): boolean =>
  isRecord(v) &&
  shape({
    name: isString,
    address: shape({ street: isString, postalCode: isString, city: isString, country: isLocalised }),
    email: isString,
    phone: isString,
    lineOfBusiness: isLocalised,
    editorialLine: isLocalised,
  })(v.operator) &&
  isBoolean(v.publicBody) &&
  shape({ name: isString, role: isLocalised })(v.responsible) &&
  shape({ name: isString, email: isString })(v.dataProtectionOfficer) &&
  shape({ hosting: isRecipient, mail: isRecipient, tiles: isRecipient })(v.recipients) &&
  shape({ keeper: isString, location: isLocalised, retention: isLocalised })(v.backups) &&
  shape({
    feedbackEmail: isString,
    conformance: isString,
    preparedOn: isString,
    reviewedOn: isString,
    complaintOffice: shape({ name: isString, address: isString, email: isString, url: isString, law: isLocalised }),
  })(v.accessibility) &&
  isString(v.privacyUpdatedOn);
const isSiteInfo = (v: unknown): v is SiteInfo =>
  isRecord(v) && isProfile(v.profile) && isRecord(v.retention) && Object.values(v.retention).every(isInteger);

export const siteQuery = () =>
  queryOptions({
    queryKey: ['site'] as const,
    queryFn: ({ signal }): Promise<SiteInfo> => callChecked('site', isSiteInfo, { signal }),
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
