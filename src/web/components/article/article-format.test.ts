import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, safeHexColor } from './article-format';

describe('article formatting', () => {
  it('formats a calendar day in long US style without a time-zone shift', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
        process.env.TZ = tz;
        expect(formatLongDate('2025-03-05')).toBe('March 5, 2025');
        expect(formatLongDate('2026-01-01')).toBe('January 1, 2026');
      }
    } finally {
      // Assigning undefined would set the text "undefined".
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(formatShortDate('2025-03-05')).toBe('Mar 5, 2025');
  });

  it('returns text that is not a date unchanged', () => {
    expect(formatLongDate('soon')).toBe('soon');
  });

  it('accepts only plain hex colours', () => {
    expect(safeHexColor('#3B82F6')).toBe('#3B82F6');
    expect(safeHexColor('#abc')).toBe('#abc');
    expect(safeHexColor('red; background:url(x)')).toBeUndefined();
    expect(safeHexColor(null)).toBeUndefined();
  });
});
