// The domain's own refusals. Each names what went wrong by its stable code (the contract's error
// vocabulary, @linz/contract ERROR_STATUS); the domain knows nothing of HTTP or tRPC: the
// transports turn a code into a status in one place (trpc/errors.ts).
import type { ErrorCode } from '@linz/contract';

export abstract class DomainError extends Error {
  /** What went wrong, for a program (the answer's `code`); the message may change. */
  abstract readonly code: ErrorCode;
}

/** The thing asked for does not exist. */
export class NotFound extends DomainError {
  readonly code = 'NOT_FOUND';
}

/** This browser has already voted for the proposal. */
export class AlreadyVoted extends DomainError {
  readonly code = 'ALREADY_VOTED';
  constructor() {
    super('You have already voted.');
  }
}

/** A limit on this connection is used up; it may try again after `retryAfterSeconds`. */
export class LimitReached extends DomainError {
  readonly code = 'TOO_MANY_REQUESTS';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The request contradicts what is already stored. */
export class Conflict extends DomainError {
  readonly code: ErrorCode = 'CONFLICT';
}

/** A new monument duplicates a public one nearby (the answer names that monument's id). */
export class Duplicate extends Conflict {
  override readonly code = 'DUPLICATE';
  constructor(
    message: string,
    readonly existingId: string,
  ) {
    super(message);
  }
}

/** No valid staff token or session. */
export class Unauthorized extends DomainError {
  readonly code = 'UNAUTHORIZED';
  constructor(message = 'Staff sign-in required.') {
    super(message);
  }
}

/** The request is well-formed but not allowed on this item, e.g. merging a monument into itself. */
export class Invalid extends DomainError {
  readonly code: ErrorCode = 'INVALID';
}

/** A monument's place lies outside the city's area: the map is of one city (site profile `area`). */
export class OutsideArea extends Invalid {
  override readonly code = 'OUTSIDE_AREA';
  constructor() {
    super('The place lies outside the city: a monument must be within its area.');
  }
}

/** A request parameter cannot be read; `issues` names each, as a schema's failure does. */
export class InvalidInput extends Invalid {
  override readonly code = 'INVALID_INPUT';
  readonly issues: { path: string[]; message: string }[];
  constructor(path: string, message: string) {
    super('Invalid input.');
    this.issues = [{ path: [path], message }];
  }
}

/** Why a photo is not taken: HEIC/HEIF, another type than a JPEG, PNG or WebP still image, too many
 * pixels or decoded bytes, or bytes that cannot be read. */
export type PhotoRefusal = 'heic' | 'type' | 'too-large' | 'broken';

const PHOTO_CODES = { heic: 'PHOTO_HEIC', type: 'PHOTO_TYPE', 'too-large': 'PHOTO_TOO_LARGE', broken: 'PHOTO_BROKEN' } as const;

/** A photo that is not taken, and why. */
export class PhotoRefused extends DomainError {
  readonly code: ErrorCode;
  constructor(
    readonly reason: PhotoRefusal,
    message: string,
  ) {
    super(message);
    this.code = PHOTO_CODES[reason];
  }
}
