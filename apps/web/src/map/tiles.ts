// Tiles come from the API's config so one build serves any deployment; this is the fallback.
import type { ClientConfig } from '@linz/contract';

export const FALLBACK_TILES: ClientConfig = {
  tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};
