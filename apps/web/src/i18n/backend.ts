// Reads /locales/{lng}/{ns}.json with fetch. i18next itself retries a read whose callback says
// `retry` (maxRetries, retryTimeout doubling), so this only tells a passing failure (network,
// 5xx) from a lasting one (4xx, bad JSON). A few lines instead of i18next-http-backend.
import type { BackendModule, ReadCallback } from 'i18next';
import { errorOfAnswer, succeeded } from '../api/errors';

export const LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

const SAFE = /^[a-z]{2}(?:-[A-Z]{2})?$|^[a-z]+$/;

export function localeUrl(lng: string, ns: string): string {
  return LOAD_PATH.replace('{{lng}}', lng).replace('{{ns}}', ns);
}

export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    if (!SAFE.test(lng) || !SAFE.test(ns)) return callback(new Error(`unexpected language ${lng}/${ns}`), false);
    const url = localeUrl(lng, ns);
    fetch(url, { credentials: 'same-origin' }).then(
      async (response) => {
        if (!succeeded(response.status)) {
          // Passing or lasting as the app's one error reader says (a 5xx passes).
          return callback(new Error(`${url}: ${response.status}`), errorOfAnswer(response.status, undefined).transient);
        }
        try {
          callback(null, (await response.json()) as Record<string, unknown>);
        } catch {
          callback(new Error(`${url}: not JSON`), false);
        }
      },
      () => callback(new Error(`${url}: network`), true),
    );
  },
};
