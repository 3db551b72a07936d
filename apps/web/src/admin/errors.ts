// Turns a failed staff call into a sentence for the page: our own text for the common refusals,
// the server's message for the rest (a refused input lists each field's problem).
import type { TFunction } from 'i18next';
import { TRPCClientError } from '@trpc/client';
import { errorCode } from './trpc';

type Issue = { path?: unknown[]; message?: string };

/** tRPC sends a refused input as the JSON list of its zod issues: make that readable. */
function readableMessage(message: string): string {
  try {
    const issues = JSON.parse(message) as unknown;
    if (Array.isArray(issues)) {
      return (issues as Issue[]).map((i) => [i.path?.join('.'), i.message].filter(Boolean).join(': ')).join('; ');
    }
  } catch {
    // Not JSON: the message is already a sentence.
  }
  return message;
}

export function errorText(t: TFunction, error: unknown): string {
  const code = errorCode(error);
  if (code === 'UNAUTHORIZED') return t('admin.errors.unauthorized');
  if (code === 'TOO_MANY_REQUESTS') return t('admin.errors.tooMany');
  // Below 500 the message is the server's reason; above, it says nothing useful to staff.
  const httpStatus =
    error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  if (error instanceof TRPCClientError && httpStatus !== undefined && httpStatus < 500) {
    return t('admin.errors.refused', { message: readableMessage(error.message) });
  }
  return t('admin.errors.failed');
}
