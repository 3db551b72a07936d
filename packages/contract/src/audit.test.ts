import { describe, expect, it } from 'vitest';
import { describeChange, formatAuditTime } from './audit.js';

const lookup = () => undefined;

describe("the audit log's times", () => {
  it("are read in the city's time zone, whatever the machine's", () => {
    const at = '2026-12-01T12:30:00.000Z';
    expect(formatAuditTime(at, 'de-AT', 'Europe/Vienna')).toBe('01.12.2026, 13:30');
    expect(formatAuditTime(at, 'de-AT', 'Europe/London')).toBe('01.12.2026, 12:30');
    expect(formatAuditTime('2026-07-01T12:30:00.000Z', 'en-GB', 'Europe/Vienna')).toBe('1 Jul 2026, 14:30');
  });

  it('a logged time among the changed values too', () => {
    const change = { field: 'answeredAt', before: null, after: '2026-12-01T23:30:00.000Z' };
    expect(describeChange('proposal', change, 'de-AT', lookup, 'Europe/Vienna').after).toBe('02.12.2026, 00:30');
    expect(describeChange('proposal', change, 'de-AT', lookup, 'Europe/London').after).toBe('01.12.2026, 23:30');
  });
});
