// What a row of the REST route table says (routes.ts composes the rows of each capability).
import { z } from 'zod';
import { ProposalIdParam } from '../proposal.js';

export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's body; unused for a redirect (3xx), whose answer is its `Location`. */
  answer: z.ZodType;
  status: number;
  /** The answer's media type when it is not JSON (exports and feeds); `answer` then describes its text. */
  contentType?: string;
  /** The request body's media type when it is not JSON (photo uploads: `body` describes the text fields). */
  bodyType?: 'multipart/form-data';
  /** Staff routes take `Authorization: Bearer <token>` (or the /admin session cookie). */
  auth?: 'staff';
  /** The answer carries an ETag; a request whose If-None-Match matches it gets 304 without a body. */
  etag?: true;
  /** A public write that takes an `Idempotency-Key` header (idempotency.ts): a repeat gets the first answer. */
  idempotent?: true;
  /** The answer may be kept by a shared cache (a CDN) for a while: `Cache-Control: MAP_TILE_CACHE_CONTROL`. */
  shared?: true;
  /** `Cache-Control` of an answer without an ETag (`private` when it differs per browser). */
  cacheControl?: string;
  /** A download (`Content-Disposition: attachment`). */
  download?: true;
  /** The procedure answers `created` too: false (this browser's repeat) gets this status, and `created` is not sent. */
  repeatStatus?: number;
};

/** A proposal's id in a path. */
export const proposalParams = z.object({ proposalId: ProposalIdParam });
