// Which parts of /stats a city's figures fill: the street register's (its headline, its figures and
// where its streets are) only where the city has a register (the default profile ships one; a city
// started from OpenStreetMap or EqualStreetNames has none), the women without a place only where
// there are some. An empty part would say "0 street names" of a city that has thousands.
import type { Stats } from '@linz/contract';

export function shownParts(stats: Pick<Stats, 'streets' | 'monuments'>): { register: boolean; withoutPlace: boolean } {
  const { female, male, unknown } = stats.streets;
  return { register: female + male + unknown > 0, withoutPlace: stats.monuments.withoutCoordinates.total > 0 };
}
