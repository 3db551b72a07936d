// The spec's lenient list rules (section 4): a list answer may be a plain array or an object
// wrapping it; anything else is an empty list, and items that do not match the contract's schema
// are left out. Loaded with the lists that use them (queries/index.ts), with zod.
import { Intervention, Monument } from '@linz/contract';
import { readable } from './parse';

/** List data may lack an id (spec section 3). */
export type ListedProposal = Omit<Intervention, 'id'> & { id?: number | undefined };
const ListedProposal = Intervention.partial({ id: true });

function itemsOf(json: unknown, wrapperKey: string): unknown[] {
  if (Array.isArray(json)) return json;
  if (typeof json === 'object' && json !== null) {
    const inner = (json as Record<string, unknown>)[wrapperKey];
    if (Array.isArray(inner)) return inner;
  }
  return [];
}

export const normaliseMonuments = (json: unknown): Monument[] => readable(Monument, itemsOf(json, 'monuments'));

export const normaliseProposals = (json: unknown): ListedProposal[] => readable(ListedProposal, itemsOf(json, 'interventions'));
