// Small hand-written shape checks for what browser storage holds (storage/): read in the first
// load, where zod does not fit the budget. The server's answers are parsed with the contract's
// schemas instead (parse.ts).
export type Check<T> = (value: unknown) => value is T;

export const isString: Check<string> = (v): v is string => typeof v === 'string';
export const isBoolean: Check<boolean> = (v): v is boolean => typeof v === 'boolean';
export const isNumber: Check<number> = (v): v is number => typeof v === 'number' && Number.isFinite(v);
export const isInteger: Check<number> = (v): v is number => Number.isInteger(v);
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (v): v is T | undefined =>
    v === undefined || check(v);
export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (v): v is T | null =>
    v === null || check(v);
export const arrayOf =
  <T>(check: Check<T>): Check<T[]> =>
  (v): v is T[] =>
    Array.isArray(v) && v.every(check);

/** An object whose listed fields pass their checks (other fields are allowed and kept). */
export const shape =
  <T>(fields: { [K in keyof T]-?: Check<T[K]> }): Check<T> =>
  (v): v is T =>
    isRecord(v) && Object.entries(fields).every(([key, check]) => (check as Check<unknown>)(v[key]));
