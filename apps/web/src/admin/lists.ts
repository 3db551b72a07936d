// The contract's value lists that the staff forms offer. They live in zod modules that the browser
// must not load (zod probes eval, which the CSP refuses, and weighs 30 KiB), so they are listed
// here; each Record's type makes the list exactly the contract's union: a value added or removed
// there fails the typecheck here.
import type { ItemKind, MonumentPatch, ScreenWord } from '@linz/contract';

type Sex = NonNullable<MonumentPatch['sex']>;
const keysOf = <K extends string>(record: Record<K, true>) => Object.keys(record) as K[];

export const SEXES = keysOf<Sex>({ female: true, male: true, mixed: true, none: true, unspecified: true });

export const ITEM_KINDS = keysOf<ItemKind>({
  monument: true,
  proposal: true,
  mail: true,
  staff: true,
  retention: true,
  screen: true,
  photo: true,
  reason: true,
});

/** The word screen's lists (docs/screening.md). */
export const SCREEN_LANGS = keysOf<ScreenWord['lang']>({ de: true, en: true });
