// Shared text rules: user text is trimmed and bounded the same way everywhere.
import { z } from 'zod';

/** Trimmed user text of 1..max characters, with control characters refused. */
export const userText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(max, { message: `at most ${max} characters` })
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { message: 'control characters are not allowed' });

export const NAME_MAX = 120;
