// The one error reader: a REST error body, a proxy's answer without one, no answer at all, and a
// staff call's tRPC error all become an ApiError named by the contract's code.
import { TRPCClientError } from '@trpc/client';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorText } from '../admin/errors';
import { ApiError, apiErrorOf, errorOfAnswer } from './errors';

/** A staff call's failure as the tRPC client throws it, with the data the API's error formatter sends. */
const trpcError = (message: string, data: Record<string, unknown>) =>
  new TRPCClientError(message, { result: { error: { message, code: -32600, data } } });

describe('the error reader', () => {
  it("reads a REST refusal's code, message and details from its body", () => {
    const error = errorOfAnswer(409, { code: 'DUPLICATE', message: 'Exists.', existingId: 'mon-a' });
    expect(error).toMatchObject({ code: 'DUPLICATE', serverMessage: 'Exists.', existingId: 'mon-a', transient: false });
    // The code, not the status, says what went wrong: two refusals answered with 403.
    expect(errorOfAnswer(403, { code: 'ALREADY_VOTED', message: 'x' }).code).toBe('ALREADY_VOTED');
    expect(errorOfAnswer(403, { code: 'FORBIDDEN', message: 'x' }).code).toBe('FORBIDDEN');
  });

  it("gives a proxy's answer without our body (or with a code we do not know) its status's code", () => {
    expect(errorOfAnswer(413, undefined).code).toBe('TOO_LARGE');
    expect(errorOfAnswer(429, '<html>').code).toBe('TOO_MANY_REQUESTS');
    expect(errorOfAnswer(404, { code: 'SOMETHING_ELSE' }).code).toBe('NOT_FOUND');
  });

  it('keeps no message of a server error, and calls it transient (as a 408 and no answer at all)', () => {
    expect(errorOfAnswer(500, { code: 'INTERNAL', message: 'Internal server error.' })).toMatchObject({
      code: 'INTERNAL',
      serverMessage: undefined,
      transient: true,
    });
    expect(errorOfAnswer(502, undefined)).toMatchObject({ code: 'INTERNAL', transient: true });
    expect(errorOfAnswer(408, undefined).transient).toBe(true);
    expect(new ApiError('NETWORK').transient).toBe(true);
  });

  it("reads a staff call's tRPC error by the vocabulary's code (`reason`) and its issues", () => {
    const refused = trpcError('[…]', {
      code: 'BAD_REQUEST',
      httpStatus: 400,
      reason: 'INVALID_INPUT',
      issues: [{ path: 'statement.de', message: 'Too long' }],
    });
    expect(apiErrorOf(refused)).toMatchObject({ code: 'INVALID_INPUT', issues: [{ path: 'statement.de', message: 'Too long' }] });
    expect(
      apiErrorOf(trpcError('Slow down.', { code: 'TOO_MANY_REQUESTS', httpStatus: 429, reason: 'TOO_MANY_REQUESTS' })).code,
    ).toBe('TOO_MANY_REQUESTS');
    // No answer: the tRPC client's error has no data.
    expect(apiErrorOf(new TRPCClientError('fetch failed')).code).toBe('NETWORK');
    expect(apiErrorOf(new TypeError('x')).code).toBe('INTERNAL');
  });
});

describe("the staff area's error text", () => {
  // Our words exist for some codes (as the locales hold them), not for others.
  const own = new Set(['admin.errors.codes.NOT_FOUND', 'admin.errors.codes.CONFLICT']);
  const t = ((key: string, values?: { message?: string; defaultValue?: string }) =>
    values?.message
      ? `${key}: ${values.message}`
      : values?.defaultValue !== undefined && !own.has(key)
        ? values.defaultValue
        : key) as TFunction;

  it('names each refused field from the structured issues, not from the message', () => {
    const refused = trpcError('not JSON', {
      httpStatus: 400,
      reason: 'INVALID_INPUT',
      issues: [
        { path: 'name', message: 'Required' },
        { path: '', message: 'Too many fields' },
      ],
    });
    expect(errorText(t, refused)).toBe('admin.errors.refused: name: Required; Too many fields');
  });

  it('says our own words for a missing session, a limit and the refusals staff meet, the server’s for a rarer one, nothing of a 5xx', () => {
    expect(errorText(t, trpcError('x', { httpStatus: 401, reason: 'UNAUTHORIZED' }))).toBe('admin.errors.unauthorized');
    expect(errorText(t, trpcError('x', { httpStatus: 429, reason: 'TOO_MANY_REQUESTS' }))).toBe('admin.errors.tooMany');
    // The server's English reason stays out of the page where we have words for its code.
    expect(errorText(t, trpcError('Unknown proposal.', { httpStatus: 404, reason: 'NOT_FOUND' }))).toBe(
      'admin.errors.codes.NOT_FOUND',
    );
    expect(errorText(t, trpcError('Already merged.', { httpStatus: 409, reason: 'CONFLICT' }))).toBe(
      'admin.errors.codes.CONFLICT',
    );
    expect(errorText(t, trpcError('Key used.', { httpStatus: 422, reason: 'KEY_REUSED' }))).toBe(
      'admin.errors.refused: Key used.',
    );
    expect(errorText(t, trpcError('Internal server error.', { httpStatus: 500, reason: 'INTERNAL' }))).toBe(
      'admin.errors.failed',
    );
  });
});
