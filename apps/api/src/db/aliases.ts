// The aliases the SQL rules speak of: `proposals i` joined to its monument `m`
// (domain/moderation/visibility.ts writes its conditions over them), for typed selects too.
import { alias } from 'drizzle-orm/pg-core';
import { monuments, proposals } from './schema.js';

export const i = alias(proposals, 'i');
export const m = alias(monuments, 'm');
