import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../public/locales/de/translation.json';
import { formatTime, zonedFields } from './format';

let t: TFunction;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'de', resources: { de: { translation: de } }, interpolation: { escapeValue: false } });
  t = instance.t;
});

describe("staff's clock", () => {
  it("reads an instant on the city's clock, whatever the machine's time zone", () => {
    const at = new Date('2026-12-01T23:30:00.000Z');
    expect(zonedFields(at, 'Europe/Vienna')).toEqual({ year: 2026, month: 12, day: 2, hour: 0, minute: 30 });
    expect(zonedFields(at, 'Europe/London')).toEqual({ year: 2026, month: 12, day: 1, hour: 23, minute: 30 });
    // Summer time: Vienna is two hours ahead of UTC.
    expect(zonedFields(new Date('2026-07-01T10:05:00.000Z'), 'Europe/Vienna')).toMatchObject({ hour: 12, minute: 5 });
  });

  it('writes it as the audit log does in German', () => {
    expect(formatTime('2026-12-01T23:30:00.000Z', t, 'Europe/Vienna')).toBe('02.12.2026, 00:30');
    expect(formatTime(null, t, 'Europe/Vienna')).toBe('–');
  });
});
