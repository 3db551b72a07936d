// Turns a failed staff call into a sentence for the page: our own text for the common refusals,
// the server's message for the rest, and a refused input's problem per field (the error's
// `issues`, as the API sends them). The error is read by the app's one reader (api/errors.ts).
import type { TFunction } from 'i18next';
import { apiErrorOf } from '../api/errors';

export function errorText(t: TFunction, thrown: unknown): string {
  const error = apiErrorOf(thrown);
  if (error.code === 'UNAUTHORIZED') return t('admin.errors.unauthorized');
  if (error.code === 'TOO_MANY_REQUESTS') return t('admin.errors.tooMany');
  if (error.issues?.length) {
    const message = error.issues.map((i) => [i.path, i.message].filter(Boolean).join(': ')).join('; ');
    return t('admin.errors.refused', { message });
  }
  // A refusal's message is the server's reason; a server error's says nothing useful to staff.
  if (error.serverMessage !== undefined) return t('admin.errors.refused', { message: error.serverMessage });
  return t('admin.errors.failed');
}
