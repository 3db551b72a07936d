// The domain's own refusals. The domain throws these and knows nothing of HTTP or tRPC;
// trpc/init.ts turns them into tRPC codes (and so HTTP statuses) in one place.
export class DomainError extends Error {
  /** A stable name for a refusal that clients branch on (the REST body's `code`); the message may change. */
  readonly code?: string;
}

/** The thing asked for does not exist (404). */
export class NotFound extends DomainError {}

/** This browser has already voted for the proposal (403). */
export class AlreadyVoted extends DomainError {
  constructor() {
    super('You have already voted.');
  }
}

/** A limit on this connection is used up; it may try again after `retryAfterSeconds` (429). */
export class LimitReached extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The request contradicts what is already stored (409). */
export class Conflict extends DomainError {}

/** A new monument duplicates a public one nearby (409, with that monument's id in the answer). */
export class Duplicate extends Conflict {
  constructor(
    message: string,
    readonly existingId: string,
  ) {
    super(message);
  }
}

/** No valid staff token or session (401). */
export class Unauthorized extends DomainError {
  constructor(message = 'Staff sign-in required.') {
    super(message);
  }
}

/** The request is well-formed but not allowed on this item (400), e.g. merging a monument into itself. */
export class Invalid extends DomainError {}

/** A monument's place lies outside the city's area (400): the map is of one city (site profile `area`). */
export class OutsideArea extends Invalid {
  override readonly code = 'OUTSIDE_AREA';
  constructor() {
    super('The place lies outside the city: a monument must be within its area.');
  }
}

/** A request parameter cannot be read (400); `issues` names each, as a schema's failure does. */
export class InvalidInput extends Invalid {
  readonly issues: { path: string[]; message: string }[];
  constructor(path: string, message: string) {
    super('Invalid input.');
    this.issues = [{ path: [path], message }];
  }
}

/** A photo that is not taken: not an accepted type (415), too large (413), or unreadable (422). */
export class PhotoRefused extends DomainError {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}
