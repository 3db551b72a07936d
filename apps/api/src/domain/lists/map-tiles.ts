// The map's data by slippy-map tile: supercluster clusters the public monuments that
// pass a filter set, once per list snapshot and filter set, for every zoom up to
// MAP_CLUSTER_MAX_ZOOM; a tile then answers the clusters and single monuments whose position lies
// in it. Each cluster and monument lies in exactly one tile of a zoom, so a client joins tiles
// without duplicates. A tile's answer is a snapshot (bytes and an ETag, a hash of the bytes):
// a tile whose content did not change keeps its ETag across writes elsewhere.
import {
  MAP_CLUSTER_MAX_ZOOM,
  MAP_CLUSTER_RADIUS_PX,
  MapTile,
  type MapCluster,
  type MapTileParams,
  type Monument,
  type MonumentFilters,
} from '@linz/contract';
import { cell, latOf, lngOf, MAX_LAT, tileX, tileY } from '@linz/contract/mercator';
import Supercluster from 'supercluster';
import { filterKey, monumentIndex } from './finder.js';
import { recentlyUsed, snapshotOf, type Recent, type Snapshot } from '../read-cache.js';

/** Filter sets whose cluster index is kept per snapshot (each is a few MB at 50,000 monuments). */
const KEPT_INDEXES = 8;
/** Tile answers kept per index. */
const KEPT_TILES = 4096;

/** What a cluster keeps of its members, merged up the zooms. */
type Members = { unreviewed: number; first: string; s: number; w: number; n: number; e: number };

type TileIndex = { clusters: Supercluster<Monument, Members>; tiles: Recent<Snapshot<MapTile>> };

const indexes = new WeakMap<readonly Monument[], Recent<TileIndex>>();

/** Builds the cluster index of these monuments (exported for the benchmark's build time). */
export function clusterIndex(monuments: readonly Monument[]): Supercluster<Monument, Members> {
  const clusters = new Supercluster<Monument, Members>({
    minZoom: 0,
    maxZoom: MAP_CLUSTER_MAX_ZOOM,
    radius: MAP_CLUSTER_RADIUS_PX,
    extent: 256,
    map: (m) => ({
      unreviewed: m.validated ? 0 : 1,
      first: m.id,
      s: m.geoLocX,
      w: m.geoLocY,
      n: m.geoLocX,
      e: m.geoLocY,
    }),
    reduce: (a, b) => {
      a.unreviewed += b.unreviewed;
      if (b.first < a.first) a.first = b.first;
      a.s = Math.min(a.s, b.s);
      a.w = Math.min(a.w, b.w);
      a.n = Math.max(a.n, b.n);
      a.e = Math.max(a.e, b.e);
    },
  });
  return clusters.load(
    monuments.map((m) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [m.geoLocY, m.geoLocX] }, properties: m })),
  );
}

function tileIndex(list: readonly Monument[], filters: MonumentFilters): TileIndex {
  let perFilters = indexes.get(list);
  if (!perFilters) indexes.set(list, (perFilters = recentlyUsed(KEPT_INDEXES)));
  return perFilters.get(filterKey(filters), () => {
    const passing = Array.from(monumentIndex(list).matching(filters), (i) => list[i] as Monument);
    return { clusters: clusterIndex(passing), tiles: recentlyUsed(KEPT_TILES) };
  });
}

/** A margin around the tile for the index query (a hundredth of a tile), so rounding drops nothing. */
const MARGIN = 0.01;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

function computeTile(index: Supercluster<Monument, Members>, { z, x, y }: MapTileParams): MapTile {
  const n = 2 ** z;
  const bbox: [number, number, number, number] = [
    Math.max(-180, lngOf(x - MARGIN, n)),
    Math.max(-MAX_LAT, latOf(y + 1 + MARGIN, n)),
    Math.min(180, lngOf(x + 1 + MARGIN, n)),
    Math.min(MAX_LAT, latOf(y - MARGIN, n)),
  ];
  const clusters: MapCluster[] = [];
  const monuments: Monument[] = [];
  for (const feature of index.getClusters(bbox, z)) {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    if (cell(tileX(lng, n), n) !== x || cell(tileY(lat, n), n) !== y) continue;
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      clusters.push({
        id: `${z}:${props.first}`,
        lat: round6(lat),
        lng: round6(lng),
        count: props.point_count,
        unreviewed: props.unreviewed,
        expansionZoom: index.getClusterExpansionZoom(props.cluster_id),
        bounds: [props.s, props.w, props.n, props.e],
      });
    } else monuments.push(props as Monument);
  }
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return { z, x, y, clusters: clusters.sort(byId), monuments: monuments.sort(byId) };
}

/** One tile's answer for the monuments of this list snapshot that pass the filters. */
export function mapTile(list: readonly Monument[], filters: MonumentFilters, tile: MapTileParams): Snapshot<MapTile> {
  const index = tileIndex(list, filters);
  return index.tiles.get(`${tile.z}/${tile.x}/${tile.y}`, () => snapshotOf(MapTile, computeTile(index.clusters, tile)));
}
