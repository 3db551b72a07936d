// The audit log as a person reads it: each action in words, only the fields an action
// changed, and their values as people write them. Zod-free, so the staff page and the server's CSV
// export (`@linz/contract/audit`) say exactly the same; the words themselves live in the web app's
// locales, reached through a `Lookup`.
import type { AuditAction, ItemKind } from './staff.js';

/**
 * The key of each action's words in the locales. A new action fails the typecheck until it has
 * one here, and apps/web's audit test fails until both languages have its text.
 */
export const AUDIT_ACTION_TEXT: Record<AuditAction, string> = {
  'monument.validate': 'admin.audit.actions.monumentValidate',
  'monument.update': 'admin.audit.actions.monumentUpdate',
  'monument.merge': 'admin.audit.actions.monumentMerge',
  'monument.reject': 'admin.audit.actions.monumentReject',
  'monument.restore': 'admin.audit.actions.monumentRestore',
  'monument.dismissReports': 'admin.audit.actions.monumentDismissReports',
  'monument.hide': 'admin.audit.actions.monumentHide',
  'monument.approve': 'admin.audit.actions.monumentApprove',
  'monument.hold': 'admin.audit.actions.monumentHold',
  'proposal.update': 'admin.audit.actions.proposalUpdate',
  'proposal.reject': 'admin.audit.actions.proposalReject',
  'proposal.restore': 'admin.audit.actions.proposalRestore',
  'proposal.dismissReports': 'admin.audit.actions.proposalDismissReports',
  'proposal.answer': 'admin.audit.actions.proposalAnswer',
  'proposal.hide': 'admin.audit.actions.proposalHide',
  'proposal.merge': 'admin.audit.actions.proposalMerge',
  'proposal.approve': 'admin.audit.actions.proposalApprove',
  'proposal.hold': 'admin.audit.actions.proposalHold',
  'screen.add': 'admin.audit.actions.screenAdd',
  'screen.remove': 'admin.audit.actions.screenRemove',
  'screen.allow': 'admin.audit.actions.screenAllow',
  'screen.disallow': 'admin.audit.actions.screenDisallow',
  'mail.retry': 'admin.audit.actions.mailRetry',
  'mail.release': 'admin.audit.actions.mailRelease',
  'votes.release': 'admin.audit.actions.votesRelease',
  'votes.invalidate': 'admin.audit.actions.votesInvalidate',
  'staff.add': 'admin.audit.actions.staffAdd',
  'staff.revoke': 'admin.audit.actions.staffRevoke',
  'retention.run': 'admin.audit.actions.retentionRun',
  'photo.approve': 'admin.audit.actions.photoApprove',
  'photo.reject': 'admin.audit.actions.photoReject',
  'photo.rotate': 'admin.audit.actions.photoRotate',
  'photo.remove': 'admin.audit.actions.photoRemove',
  'reason.add': 'admin.audit.actions.reasonAdd',
  'reason.update': 'admin.audit.actions.reasonUpdate',
  'reason.remove': 'admin.audit.actions.reasonRemove',
  'audit.redact': 'admin.audit.actions.auditRedact',
};

/** Every action, in the order of the filter's list. */
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTION_TEXT) as AuditAction[];

/**
 * A field's words: `admin.audit.fields.<kind>.<path>` where a kind names it differently (a
 * proposal's `name` is its text), else `admin.audit.fields.<path>` (nested like the path).
 */
export const fieldTextKeys = (kind: ItemKind, field: string) => [
  `admin.audit.fields.${kind}.${field}`,
  `admin.audit.fields.${field}`,
];

/**
 * Where a field's values have words: by `<kind>.<field>` first, then by `<field>`. A value without
 * words is shown as it is (a name, a category).
 */
const VALUE_TEXT: Record<string, string> = {
  moderation: 'admin.audit.values.moderation',
  sex: 'admin.sexes',
  category: 'finder.categories',
  'proposal.status': 'admin.audit.values.status',
  'mail.status': 'admin.outbox.states',
  'mail.kind': 'admin.outbox.kinds',
  'photo.status': 'admin.photos.statuses',
  lang: 'admin.screen.lang',
};

/** One changed field: its path in the logged record (`answer.de`) and its values (null: none). */
export type AuditChange = { field: string; before: unknown; after: unknown };

/**
 * Fields the log keeps but does not list as changes: the word screen's matches are computed from
 * today's lists when the record is read, so they say nothing about what the person did.
 */
const NOT_LISTED = new Set(['screen']);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The leaves of a record by their dotted path; arrays are one value. */
function leaves(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  if (!isRecord(value)) {
    if (prefix) out.set(prefix, value);
    return out;
  }
  for (const [key, v] of Object.entries(value)) {
    if (!NOT_LISTED.has(key)) leaves(v, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields whose value differs between the record before and after an action, in the order they
 * first appear. A record that is absent on one side (something added or removed) lists every field
 * of the other. A field that was null on one side and a record on the other (an answer given for
 * the first time) is listed by the record's fields.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const a = leaves(before, '', new Map());
  const b = leaves(after, '', new Map());
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const changes: AuditChange[] = [];
  for (const field of paths) {
    if (paths.some((p) => p.startsWith(`${field}.`))) continue; // a null that became a record
    const was = a.get(field) ?? null;
    const is = b.get(field) ?? null;
    if (!same(was, is)) changes.push({ field, before: was, after: is });
  }
  return changes;
}

/** A text by its key, or undefined when there is none (i18next's `exists`, or the server's JSON). */
export type Lookup = (key: string) => string | undefined;

/** Who is written in the log for what the site does on its own (the word screen, retention, a first sign-in). */
export const SYSTEM_ACTOR = 'system';

/** Who acted, as a person reads it: a staff member's name, or the site itself in words. */
export const actorText = (actor: string, lookup: Lookup): string =>
  actor === SYSTEM_ACTOR ? (lookup('admin.audit.system') ?? actor) : actor;

/** The words for a field, else its path (so a new field shows, if not yet in words). */
export const fieldText = (kind: ItemKind, field: string, lookup: Lookup): string =>
  fieldTextKeys(kind, field)
    .map(lookup)
    .find((text) => text !== undefined) ?? field;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** The fields that hold a latitude or longitude. */
const COORDINATES = new Set(['geoLocX', 'geoLocY']);

/**
 * A point in time as people read it ("27.11.2026, 20:15"), in the city's time zone (its profile's
 * `timeZone`, ClientConfig's city): staff read times as the city's clocks show them, wherever the
 * server or the browser runs.
 */
export const formatAuditTime = (iso: string, lang: string, timeZone: string): string =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

/** A logged value as people read it, in `lang` (a time in `timeZone`). */
export function valueText(kind: ItemKind, field: string, value: unknown, lang: string, lookup: Lookup, timeZone: string): string {
  if (value === null || value === undefined || value === '') return lookup('admin.audit.empty') ?? '–';
  if (Array.isArray(value))
    return value.length === 0
      ? (lookup('admin.audit.empty') ?? '–')
      : value.map((v) => valueText(kind, field, v, lang, lookup, timeZone)).join(', ');
  if (typeof value === 'boolean') return lookup(value ? 'admin.audit.yes' : 'admin.audit.no') ?? String(value);
  if (typeof value === 'number') {
    // Five decimals of a degree are about a metre: enough to see that a monument was moved.
    const digits = COORDINATES.has(field) ? { minimumFractionDigits: 5, maximumFractionDigits: 5 } : {};
    return `${new Intl.NumberFormat(lang, digits).format(value)}${COORDINATES.has(field) ? '°' : ''}`;
  }
  if (typeof value === 'string') {
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatAuditTime(value, lang, timeZone);
    const words = VALUE_TEXT[`${kind}.${field}`] ?? VALUE_TEXT[field];
    return (words && lookup(`${words}.${value}`)) ?? value;
  }
  return JSON.stringify(value);
}

/** One change in words: the field, and its value before and after. */
export function describeChange(
  kind: ItemKind,
  change: Partial<AuditChange> & { field: string },
  lang: string,
  lookup: Lookup,
  timeZone: string,
) {
  return {
    field: fieldText(kind, change.field, lookup),
    before: valueText(kind, change.field, change.before, lang, lookup, timeZone),
    after: valueText(kind, change.field, change.after, lang, lookup, timeZone),
  };
}

/** An action's words, else its key (an action from a newer version read by an older page). */
export const actionText = (action: string, lookup: Lookup): string =>
  (action in AUDIT_ACTION_TEXT ? lookup(AUDIT_ACTION_TEXT[action as AuditAction]) : undefined) ?? action;
