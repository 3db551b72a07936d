// Shared text rules: user text is trimmed and bounded the same way everywhere.
import { z } from 'zod';
import { hasVisibleLetterOrDigit } from './facts.js';

/** A surrogate without its other half: no valid text (PostgreSQL's jsonb refuses it). */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Trimmed user text of 1..max characters, with control characters refused. */
export const userText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(max, { message: `at most ${max} characters` })
    // C0/C1 controls, bidi overrides (which can disguise text) and lone surrogates are refused.
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .refine((s) => !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(s), {
      message: 'control characters are not allowed',
    })
    .refine((s) => !LONE_SURROGATE.test(s), { message: 'invalid unicode' });

/** A name: user text with at least one visible letter or digit (facts.ts hasVisibleLetterOrDigit: the web form checks the same). */
export const nameText = (max: number) =>
  userText(max).refine(hasVisibleLetterOrDigit, {
    message: 'must contain a visible letter or digit',
  });

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Trimmed text of 1..max characters in paragraphs: line breaks allowed, other controls not. */
export const paragraphText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'required' })
    .max(max, { message: `at most ${max} characters` })
    .refine((s) => !CONTROLS_BUT_NEWLINE.test(s), { message: 'control characters are not allowed' })
    .refine((s) => !LONE_SURROGATE.test(s), { message: 'invalid unicode' });
