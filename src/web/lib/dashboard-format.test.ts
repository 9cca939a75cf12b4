import { describe, expect, it } from 'vitest';
import {
  describeDuration,
  formatDay,
  formatDayRange,
  formatDuration,
  formatFixedPercent,
  formatPercent,
  formatTimeAgo,
  formatViews,
} from './dashboard-format';

describe('the dashboard figures', () => {
  it('writes page views of 1000 or more as K with one decimal', () => {
    expect(formatViews(0)).toBe('0');
    expect(formatViews(999)).toBe('999');
    expect(formatViews(1000)).toBe('1.0K');
    expect(formatViews(1234)).toBe('1.2K');
    expect(formatViews(12_399)).toBe('12.3K');
    expect(formatViews(999_999)).toBe('999.9K');
    expect(formatViews(1_000_000)).toBe('1,000.0K');
  });

  it('writes a session as minutes and seconds', () => {
    expect(formatDuration(0)).toBe('0m 0s');
    expect(formatDuration(59.6)).toBe('1m 0s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(4500)).toBe('75m 0s');
    expect(formatDuration(Number.NaN)).toBe('0m 0s');
    expect(describeDuration(61)).toBe('1 minute 1 second');
    expect(describeDuration(125)).toBe('2 minutes 5 seconds');
  });

  it('writes rates as percentages', () => {
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(40)).toBe('40%');
    expect(formatPercent(33.333)).toBe('33.3%');
    expect(formatFixedPercent(0.3456, 2)).toBe('0.35%');
    expect(formatFixedPercent(2, 2)).toBe('2.00%');
  });

  it('writes calendar days without moving them to another day', () => {
    expect(formatDay('2026-11-05', 'short')).toBe('Nov 5');
    expect(formatDay('2026-11-05')).toBe('Nov 5, 2026');
    expect(formatDay('2026-11-05', 'long')).toBe('Thursday, November 5, 2026');
    expect(formatDay('not a day')).toBe('not a day');
    expect(formatDayRange('2026-11-01', '2026-11-30')).toBe('Nov 1 – Nov 30, 2026');
    expect(formatDayRange('2025-12-20', '2026-01-10')).toBe('Dec 20, 2025 – Jan 10, 2026');
    expect(formatDayRange('2026-11-05', '2026-11-05')).toBe('Nov 5, 2026');
  });

  it('says how long ago something happened', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(formatTimeAgo('2026-11-23T11:59:40Z', now)).toBe('just now');
    expect(formatTimeAgo('2026-11-23T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatTimeAgo('2026-11-23T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatTimeAgo('2026-11-22T10:00:00Z', now)).toBe('yesterday');
    expect(formatTimeAgo('2026-11-20T12:00:00Z', now)).toBe('3 days ago');
    expect(formatTimeAgo('2026-11-01T12:00:00Z', now)).toMatch(/2026/);
    expect(formatTimeAgo('garbage', now)).toBe('garbage');
  });
});
