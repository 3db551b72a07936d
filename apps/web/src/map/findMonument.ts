// Asks the server about a monument the map does not list (loaded only then): a link from the
// mayor's e-mail may name a monument that staff merged into another (the answer carries the kept
// one's id) or hid since (404).
import type { MonumentDetail } from '@linz/contract';
import { call } from '../api/client';
import { apiErrorOf } from '../api/errors';

export type Found = { kind: 'found'; monument: MonumentDetail } | { kind: 'gone' } | { kind: 'unknown' };

export async function findMonument(monumentId: string): Promise<Found> {
  try {
    return { kind: 'found', monument: await call('monument', { params: { monumentId } }) };
  } catch (error) {
    // INVALID_INPUT: not even a valid id, so no such monument either.
    const { code } = apiErrorOf(error);
    if (code === 'NOT_FOUND' || code === 'INVALID_INPUT') return { kind: 'gone' };
    return { kind: 'unknown' };
  }
}
