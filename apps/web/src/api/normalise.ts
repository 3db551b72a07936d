// The spec's lenient list rules: a list answer may be a plain array or an object wrapping it;
// anything else is an empty list, and items that do not match the contract are left out.
import type { Intervention, Monument } from '@linz/contract';
import { isIntervention, isMonument, withMonumentDefaults, withProposalDefaults } from './answers';
import { isRecord } from './checks';

/** List data may lack an id (spec section 3); older servers may lack mayorNotifiedAt, status, answer. */
export type ListedIntervention = Omit<Intervention, 'id'> & { id?: number | undefined };

function itemsOf(json: unknown, wrapperKey: string): unknown[] {
  if (Array.isArray(json)) return json;
  if (isRecord(json)) {
    const inner = json[wrapperKey];
    if (Array.isArray(inner)) return inner;
  }
  return [];
}

export function normaliseMonuments(json: unknown): Monument[] {
  return itemsOf(json, 'monuments').map(withMonumentDefaults).filter(isMonument);
}

export function normaliseInterventions(json: unknown): ListedIntervention[] {
  return itemsOf(json, 'interventions').flatMap((item) => {
    if (!isRecord(item)) return [];
    // Fill the fields list data may lack with values that pass the check, then check the rest.
    const listed = withProposalDefaults(item) as Record<string, unknown>;
    if (!isIntervention({ id: 1, ...listed })) return [];
    return [listed as ListedIntervention];
  });
}
