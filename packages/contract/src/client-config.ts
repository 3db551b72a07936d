// Deployment settings the browser needs (one web build serves any city's tile server).
import { z } from 'zod';
import { StatsSource } from './stats.js';
import { THRESHOLD_COUNTS } from './vote.js';

export const ClientConfig = z.object({
  /** Always our own origin's tile path (TILE_PATH). */
  tileUrl: z.string(),
  /** HTML (links) of the tile source's attribution, per language (a city's own is the same in both). */
  tileAttribution: z.object({ de: z.string(), en: z.string() }),
  /** South-west and north-east corners: tiles and the map's view stay inside. */
  tileBounds: z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]),
  minZoom: z.number().int(),
  maxZoom: z.number().int(),
  /** /admin offers the sign-in with the city's accounts (OpenID Connect is configured). */
  staffOidc: z.boolean(),
  /** The city's area (its profile's boundary): the place picker starts and stays inside, the add form refuses a place outside. */
  cityArea: z.object({
    south: z.number(),
    west: z.number(),
    north: z.number(),
    east: z.number(),
    /** GeoJSON MultiPolygon coordinates ([longitude, latitude]): each polygon its outer ring and holes. */
    polygons: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))),
  }),
  /** The city this site is for (CITY, its profile): its name per language and where the map opens. */
  city: z.object({
    name: z.object({ de: z.string(), en: z.string() }),
    productName: z.string(),
    view: z.object({ lat: z.number(), lng: z.number(), zoom: z.number().int() }),
    /** Its time zone (IANA): staff read the audit log's times in it. */
    timeZone: z.string(),
    /** Votes that send a proposal to the mayor's office. */
    voteThreshold: z.number().int(),
    /** Whose data the map shows (the about page's credits). */
    sources: z.array(StatsSource),
    /** The street register's source (the dashboard's street figures), if the city has one. */
    streetSource: z
      .object({ name: z.string(), url: z.string(), licence: z.string(), licenceUrl: z.string().optional() })
      .nullable(),
  }),
  /** What the mayor's threshold counts here (THRESHOLD_COUNTS): the popup's progress follows it. */
  thresholdCounts: z.enum(THRESHOLD_COUNTS),
});
export type ClientConfig = z.infer<typeof ClientConfig>;
