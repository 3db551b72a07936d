// One data tile of the map (/api/map/{z}/{x}/{y}.json with the address's filters): each tile is a
// query of its own, so a tile seen once answers again from the cache.
import type { MonumentFilters } from '@linz/contract';
import { monumentFilterSearch } from '@linz/contract/filters';
import { queryOptions } from '@tanstack/react-query';
import { call, urlOf } from '../client';
import { queryKeys } from '.';

export type TileAddress = { z: number; x: number; y: number };

/** A tile's URL: the tile's address and the filters in the address's form (a CDN's cache key). */
export function tileUrl({ z, x, y }: TileAddress, filters: MonumentFilters): string {
  return urlOf('mapTile', { params: { z, x, y }, query: monumentFilterSearch(filters) });
}

export const mapTileQuery = (tile: TileAddress, filters: MonumentFilters) => {
  const url = tileUrl(tile, filters);
  const { z, x, y } = tile;
  return queryOptions({
    queryKey: [...queryKeys.monuments, 'tile', url] as const,
    queryFn: async ({ signal }) => {
      // Each tile's request starts in a task of its own: a view asks for 15 to 40 tiles at once,
      // and starting them all inside one render took a phone's main thread over 100 ms.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return call('mapTile', { params: { z, x, y }, query: monumentFilterSearch(filters), signal });
    },
    // Tiles of views left behind are kept a while: panning back draws at once.
    gcTime: 10 * 60_000,
  });
};
