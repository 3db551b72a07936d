// Tiles come from the API's config so one build serves any deployment; this is the fallback.
import type { ClientConfig } from '@linz/contract';
import { DEFAULT_TILES, LINZ_AREA } from '@linz/contract/facts';

export const FALLBACK_TILES: ClientConfig = { ...DEFAULT_TILES, staffOidc: false, thresholdCounts: 'votes', cityArea: LINZ_AREA };
