import { describe, expect, it } from 'vitest';
import { defaultScheduleTime, fromSiteLocal, toSiteLocal } from './site-time';

describe('site wall-clock times', () => {
  it('reads and writes a wall-clock time in the site zone, across a daylight-saving change', () => {
    expect(fromSiteLocal('2026-12-01T09:00', 'Asia/Karachi')).toBe('2026-12-01T04:00:00.000Z');
    expect(fromSiteLocal('2026-07-01T09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
    expect(fromSiteLocal('2026-12-01T09:00', 'Europe/Berlin')).toBe('2026-12-01T08:00:00.000Z');
    expect(toSiteLocal('2026-12-01T04:00:00.000Z', 'Asia/Karachi')).toBe('2026-12-01T09:00');
    expect(toSiteLocal('2026-07-01T07:00:00.000Z', 'Europe/Berlin')).toBe('2026-07-01T09:00');
  });

  it('refuses what is not a wall-clock time', () => {
    expect(fromSiteLocal('', 'UTC')).toBeNull();
    expect(fromSiteLocal('2026-12-01', 'UTC')).toBeNull();
    expect(fromSiteLocal('tomorrow', 'UTC')).toBeNull();
  });

  it('starts a new schedule tomorrow at nine in the site zone', () => {
    expect(defaultScheduleTime('Asia/Karachi', new Date('2026-11-30T20:00:00Z'))).toBe('2026-12-02T09:00');
    expect(defaultScheduleTime('UTC', new Date('2026-11-30T20:00:00Z'))).toBe('2026-12-01T09:00');
  });
});
