import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '../../shared/contracts/app-settings.values';
import { formatDate, formatDateTime, formatTime } from './date-time';
import { readAppSettings } from './app-settings';

describe('dates and times in the admin', () => {
  it('uses the clock asked for, and the 12-hour one by default', () => {
    const at = '2026-11-25T15:04:00';
    expect(formatTime(at, '24h')).toMatch(/^15:04$/);
    expect(formatTime(at, '12h')).toMatch(/^3:04\s?PM$/);
    expect(formatDateTime(at, '24h')).toMatch(/15:04/);
    expect(formatDateTime(at, '12h', 'short')).toMatch(/3:04\s?PM/);
    expect(formatDate(at)).not.toMatch(/\d:\d\d/);
  });

  it('shows what is not a date as it came', () => {
    expect(formatDateTime('soon', '24h')).toBe('soon');
    expect(formatDate('')).toBe('');
    expect(formatTime('x', '12h')).toBe('x');
  });

  it('reads a remembered copy value by value, keeping the defaults for anything damaged', () => {
    expect(readAppSettings(null)).toEqual(DEFAULT_APP_SETTINGS);
    expect(
      readAppSettings({
        theme: { mode: 'dark', fontSize: 'enormous' },
        notifications: { position: 'bottom-left' },
        localization: { timeFormat: 24 },
        accessibility: { reducedMotion: 'yes' },
      }),
    ).toEqual({
      theme: { mode: 'dark', fontSize: 'medium' },
      notifications: { position: 'bottom-left' },
      localization: { timeFormat: '12h' },
      accessibility: { reducedMotion: false },
    });
  });
});
