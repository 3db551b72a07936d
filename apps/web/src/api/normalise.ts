// The spec's lenient list rules: a list answer may be a plain array or an object wrapping it;
// anything else is an empty list, and items that do not match the contract are left out.
import { Intervention, Monument } from '@linz/contract';
import { z } from 'zod';

/** List data may lack an id (spec section 3) and older servers may lack mayorNotifiedAt. */
export const ListedIntervention = Intervention.extend({
  id: Intervention.shape.id.optional(),
  mayorNotifiedAt: Intervention.shape.mayorNotifiedAt.optional().transform((v) => v ?? null),
});
export type ListedIntervention = z.infer<typeof ListedIntervention>;

function itemsOf(json: unknown, wrapperKey: string): unknown[] {
  if (Array.isArray(json)) return json;
  if (typeof json === 'object' && json !== null) {
    const inner: unknown = (json as Record<string, unknown>)[wrapperKey];
    if (Array.isArray(inner)) return inner;
  }
  return [];
}

function validItems<T>(items: unknown[], schema: z.ZodType<T>): T[] {
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function normaliseMonuments(json: unknown): Monument[] {
  return validItems(itemsOf(json, 'monuments'), Monument);
}

export function normaliseInterventions(json: unknown): ListedIntervention[] {
  return validItems(itemsOf(json, 'interventions'), ListedIntervention);
}

/** A stable React key: the id, or one derived from monumentId, name and position. */
export function interventionKey(item: Pick<ListedIntervention, 'id' | 'monumentId' | 'name'>, index: number): string {
  return item.id !== undefined ? String(item.id) : `${item.monumentId}:${item.name}:${index}`;
}
