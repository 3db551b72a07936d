import { describe, expect, it } from 'vitest';
import { parseDegrees, round6 } from './place';

describe('the coordinates a person types', () => {
  it('reads a decimal comma as a decimal point, never as grouping', () => {
    expect(parseDegrees('48,3069')).toBe(48.3069);
    expect(parseDegrees(' 14.2858 ')).toBe(14.2858);
    expect(parseDegrees('-33,8688')).toBe(-33.8688);
    expect(parseDegrees('48')).toBe(48);
  });
  it('refuses what is not one decimal number', () => {
    for (const text of ['', '48,306,9', '48.306.9', '1e3', '48,', 'abc', '48 3', '4830690']) {
      expect(parseDegrees(text), text).toBeNaN();
    }
  });
  it('rounds to six decimals', () => {
    expect(round6(48.30123456789012)).toBe(48.301235);
    expect(round6(14.2)).toBe(14.2);
  });
});
