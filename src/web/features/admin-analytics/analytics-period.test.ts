import { describe, expect, it } from 'vitest';
import {
  customRange,
  defaultAnalyticsPeriod,
  exportFilename,
  periodParams,
  periodTitle,
  readAnalyticsPeriod,
  writeAnalyticsPeriod,
} from './analytics-period';

const read = (search: string) => readAnalyticsPeriod(new URLSearchParams(search));

describe('the Analytics tab period in the address', () => {
  it('opens with the last 30 days and reads a number of days or a custom range', () => {
    expect(read('')).toEqual({ kind: 'days', days: 30 });
    expect(read('period=7')).toEqual({ kind: 'days', days: 7 });
    expect(read('period=90d')).toEqual({ kind: 'days', days: 90 });
    expect(read('from=2026-11-01&to=2026-11-15')).toEqual({ kind: 'range', from: '2026-11-01', to: '2026-11-15' });
  });

  it('falls back to the 30 days for anything the contract refuses', () => {
    for (const bad of [
      'period=0',
      'period=367',
      'period=abc',
      'period=7.5',
      'from=2026-11-01',
      'to=2026-11-01',
      'from=2026-11-15&to=2026-11-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2024-01-01&to=2026-01-01',
    ]) {
      expect(read(bad), bad).toEqual(defaultAnalyticsPeriod);
    }
  });

  it('writes the period and keeps the other keys, leaving the default out', () => {
    const other = new URLSearchParams('x=1&period=7');
    expect(writeAnalyticsPeriod(defaultAnalyticsPeriod, other).toString()).toBe('x=1');
    expect(writeAnalyticsPeriod({ kind: 'days', days: 90 }).toString()).toBe('period=90');
    const range = { kind: 'range', from: '2026-10-01', to: '2026-10-31' } as const;
    const written = writeAnalyticsPeriod(range, new URLSearchParams('period=7'));
    expect(written.toString()).toBe('from=2026-10-01&to=2026-10-31');
    expect(readAnalyticsPeriod(written)).toEqual(range);
  });

  it('asks the API for the days or the range', () => {
    expect(periodParams({ kind: 'days', days: 7 })).toEqual({ period: 7 });
    expect(periodParams({ kind: 'range', from: '2026-10-01', to: '2026-10-31' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });

  it('names the period', () => {
    expect(periodTitle({ kind: 'days', days: 7 })).toBe('Last 7 days');
    expect(periodTitle({ kind: 'range', from: '2026-10-01', to: '2026-10-31' })).toBe('Oct 1 – Oct 31, 2026');
  });

  it('checks a custom range with the contract’s messages', () => {
    expect(customRange('2026-10-01', '2026-10-31')).toEqual({
      period: { kind: 'range', from: '2026-10-01', to: '2026-10-31' },
    });
    expect(customRange('', '2026-10-31')).toEqual({ error: 'Choose both a start and an end day' });
    expect(customRange('2026-10-31', '2026-10-01')).toEqual({ error: 'From must not be after to' });
    expect(customRange('2024-01-01', '2026-01-01')).toEqual({ error: 'A period may span at most 366 days' });
  });

  it('names the export after the days it covers', () => {
    const resolved = { from: '2026-10-25', to: '2026-11-23', days: 30, time_zone: 'UTC' };
    expect(exportFilename(resolved, 'csv')).toBe('analytics_2026-10-25_2026-11-23.csv');
    expect(exportFilename(resolved, 'json')).toBe('analytics_2026-10-25_2026-11-23.json');
  });
});
