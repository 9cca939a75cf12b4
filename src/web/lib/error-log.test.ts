import { beforeEach, describe, expect, it } from 'vitest';
import {
  classifyApiError,
  clearErrorLog,
  getErrorLog,
  getPersistedErrorLog,
  logError,
  redactUrl,
  subscribeToErrorLog,
} from './error-log';
import { installGlobalErrorHandlers } from './global-error-handlers';

beforeEach(() => {
  clearErrorLog();
});

describe('error log outside a browser (server rendering, Node)', () => {
  it('imports and installs without a window and keeps entries in memory only', () => {
    expect(() => installGlobalErrorHandlers()).not.toThrow();
    const entry = logError({ message: 'Something broke' });
    expect(entry).toMatchObject({ message: 'Something broke', type: 'UNKNOWN', severity: 'MEDIUM', stack: null });
    expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
    expect(getErrorLog()).toEqual([entry]);
    expect(getPersistedErrorLog()).toEqual([]);
  });

  it('keeps the newest 100 entries in memory, newest first', () => {
    for (let n = 0; n < 105; n += 1) logError({ message: `error ${n}` });
    const log = getErrorLog();
    expect(log).toHaveLength(100);
    expect(log[0]!.message).toBe('error 104');
    expect(log[99]!.message).toBe('error 5');
    expect(new Set(log.map((entry) => entry.id)).size).toBe(100);
  });

  it('tells subscribers about changes until they unsubscribe', () => {
    const sizes: number[] = [];
    const unsubscribe = subscribeToErrorLog((entries) => sizes.push(entries.length));
    logError({ message: 'one' });
    logError({ message: 'two' });
    unsubscribe();
    logError({ message: 'three' });
    expect(sizes).toEqual([1, 2]);
  });
});

describe('classifyApiError', () => {
  it.each([
    [{ status: 0, code: 'NETWORK_ERROR' }, 'NETWORK', 'HIGH'],
    [{ status: 0, code: 'TIMEOUT' }, 'NETWORK', 'HIGH'],
    [{ status: 0, code: 'UNSUPPORTED_METHOD' }, 'CLIENT', 'MEDIUM'],
    [{ status: 400, code: 'VALIDATION_ERROR' }, 'VALIDATION', 'LOW'],
    [{ status: 401, code: 'UNAUTHENTICATED' }, 'AUTHENTICATION', 'MEDIUM'],
    [{ status: 403, code: 'FORBIDDEN' }, 'AUTHORIZATION', 'MEDIUM'],
    [{ status: 404, code: 'NOT_FOUND' }, 'NOT_FOUND', 'LOW'],
    [{ status: 429, code: 'RATE_LIMITED' }, 'CLIENT', 'MEDIUM'],
    [{ status: 500, code: 'INTERNAL_ERROR' }, 'SERVER', 'HIGH'],
    [{ status: 503, code: 'DATABASE_UNAVAILABLE' }, 'SERVER', 'CRITICAL'],
    [{ status: 503, code: 'MIGRATIONS_PENDING' }, 'SERVER', 'CRITICAL'],
  ])('%o is %s / %s', (error, type, severity) => {
    expect(classifyApiError(error)).toEqual({ type, severity });
  });
});

describe('redactUrl', () => {
  it('hides values of credential-like query parameters and keeps the rest', () => {
    expect(redactUrl('/api/auth/verify?token=abc&page=2&api_key=k&password=p&keyword=react')).toBe(
      '/api/auth/verify?token=[redacted]&page=2&api_key=[redacted]&password=[redacted]&keyword=react',
    );
    expect(redactUrl('/api/blog/posts')).toBe('/api/blog/posts');
  });
});
