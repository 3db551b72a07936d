import { describe, expect, it } from 'vitest';
import { reviewOverdue } from './ReviewWarning';

describe('reviewOverdue', () => {
  it('is false up to a year after the review and true after it', () => {
    expect(reviewOverdue('2026-11-25', new Date('2026-11-25T12:00:00Z'))).toBe(false);
    expect(reviewOverdue('2026-11-25', new Date('2027-11-24T23:59:59Z'))).toBe(false);
    expect(reviewOverdue('2026-11-25', new Date('2027-11-25T00:00:01Z'))).toBe(true);
    expect(reviewOverdue('2024-02-29', new Date('2025-03-02T00:00:00Z'))).toBe(true);
  });
});
