import type { Stats } from '@linz/contract';
import { describe, expect, it } from 'vitest';
import { shownParts } from './shown';

const figures = (streets: Stats['streets'], withoutTotal: number) =>
  ({
    streets,
    monuments: { withoutCoordinates: { total: withoutTotal, bySex: {}, byCategory: {} } },
  }) as unknown as Pick<Stats, 'streets' | 'monuments'>;

describe('the parts of /stats a city fills', () => {
  it("Linz's: its street register and the women without a place", () => {
    expect(shownParts(figures({ female: 53, male: 398, unknown: 122 }, 50))).toEqual({ register: true, withoutPlace: true });
  });

  it('a city started from EqualStreetNames (no register, no list of women without a place): neither', () => {
    expect(shownParts(figures({ female: 0, male: 0, unknown: 0 }, 0))).toEqual({ register: false, withoutPlace: false });
  });
});
