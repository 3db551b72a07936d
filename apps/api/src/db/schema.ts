// Drizzle schema: the tables, by capability (one file each under schema/).
export * from './schema/items.js';
export * from './schema/votes.js';
export * from './schema/staff.js';
export * from './schema/follows.js';
export * from './schema/keys.js';
export type { LineGeometry } from './schema/columns.js';
