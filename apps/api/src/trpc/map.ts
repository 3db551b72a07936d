// The map's data by slippy-map tile. The answer is a snapshot's data (domain/lists/map-tiles.ts), so the
// REST façade sends its bytes and ETag as they are.
import { MapTileInput } from '@linz/contract';
import { mapTileOf } from '../domain/lists/use-cases.js';
import { publicProcedure, router } from './init.js';

export const mapRouter = router({
  tile: publicProcedure.input(MapTileInput).query(({ ctx, input }) => mapTileOf(ctx, input)),
});
