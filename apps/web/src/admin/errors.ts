// Turns a failed staff call into a sentence for the page: our own text, in the staff member's
// language, for each refusal a staff action meets (by the answer's code: the server's message is
// English), the server's message for a rarer one, and a refused input's problem per field (the
// error's `issues`, as the API sends them). The error is read by the app's one reader (api/errors.ts).
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
  // A refusal staff meet, in words; the server's reason for a rarer one; a server error's says
  // nothing useful to staff.
  if (error.serverMessage !== undefined) {
    const own = t(`admin.errors.codes.${error.code}`, { defaultValue: '' });
    return own || t('admin.errors.refused', { message: error.serverMessage });
  }
  return t('admin.errors.failed');
}
