// A message shown to the visitor: a translation key with its values, or a text the server sent.
export type Feedback = {
  kind: 'success' | 'error';
  key: string;
  values?: Record<string, string | number>;
  /** Shown instead of the key's text (the server's own error text). */
  text?: string;
};

export const success = (key: string, values?: Feedback['values']): Feedback =>
  values ? { kind: 'success', key, values } : { kind: 'success', key };
export const failure = (key: string, values?: Feedback['values']): Feedback =>
  values ? { kind: 'error', key, values } : { kind: 'error', key };
export const serverText = (text: string): Feedback => ({ kind: 'error', key: 'errors.server', text });
/** A refusal in the server's own words when it gave some (never for a 5xx: errors.ts), else `key`'s text. */
export const refusal = (error: { serverMessage: string | undefined }, key = 'errors.server'): Feedback =>
  error.serverMessage !== undefined ? serverText(error.serverMessage) : failure(key);
