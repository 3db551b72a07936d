// The contract's value lists that the staff forms offer. They live in zod modules that the browser
// must not load (zod probes eval, which the CSP refuses, and weighs 30 KiB), so they are listed
// here; each Record's type makes the list exactly the contract's union: a value added or removed
// there fails the typecheck here.
import type { AuditAction, ItemKind, MonumentPatch, ScreenWord } from '@linz/contract';

type Sex = NonNullable<MonumentPatch['sex']>;
const keysOf = <K extends string>(record: Record<K, true>) => Object.keys(record) as K[];

export const SEXES = keysOf<Sex>({ female: true, male: true, mixed: true, none: true, unspecified: true });

export const ITEM_KINDS = keysOf<ItemKind>({
  monument: true,
  intervention: true,
  mail: true,
  staff: true,
  retention: true,
  screen: true,
  photo: true,
  reason: true,
});

/** The word screen's lists (docs/screening.md). */
export const SCREEN_LANGS = keysOf<ScreenWord['lang']>({ de: true, en: true });

export const AUDIT_ACTIONS = keysOf<AuditAction>({
  'monument.validate': true,
  'monument.update': true,
  'monument.merge': true,
  'monument.reject': true,
  'monument.restore': true,
  'monument.hide': true,
  'intervention.update': true,
  'intervention.reject': true,
  'intervention.restore': true,
  'intervention.answer': true,
  'intervention.hide': true,
  'intervention.merge': true,
  'intervention.approve': true,
  'intervention.hold': true,
  'monument.approve': true,
  'monument.hold': true,
  'screen.add': true,
  'screen.remove': true,
  'screen.allow': true,
  'screen.disallow': true,
  'mail.retry': true,
  'mail.release': true,
  'votes.release': true,
  'votes.invalidate': true,
  'staff.add': true,
  'staff.revoke': true,
  'retention.run': true,
  'photo.approve': true,
  'photo.reject': true,
  'photo.rotate': true,
  'photo.remove': true,
  'reason.add': true,
  'reason.update': true,
  'reason.remove': true,
});
