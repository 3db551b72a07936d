// Tiles and the city come from the API's config so one build serves any city; this is the
// fallback when the config cannot be had: the tiles' whole area, no city named.
import type { ClientConfig } from '@linz/contract';
import { areaOf, DEFAULT_TILES } from '@linz/contract/facts';

const [[south, west], [north, east]] = DEFAULT_TILES.tileBounds;
const everywhere = areaOf([
  [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
]);

export const FALLBACK_TILES: ClientConfig = {
  ...DEFAULT_TILES,
  staffOidc: false,
  thresholdCounts: 'votes',
  cityArea: everywhere,
  city: {
    name: { de: '', en: '' },
    productName: 'Denk·Mal',
    view: { lat: (south + north) / 2, lng: (west + east) / 2, zoom: 8 },
    // No city: times as the world's clock reads them (the config comes before the first page anyway).
    timeZone: 'UTC',
    voteThreshold: 10,
    sources: [],
    streetSource: null,
  },
};
