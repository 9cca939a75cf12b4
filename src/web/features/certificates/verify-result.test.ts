import { describe, expect, it } from 'vitest';
import type { VerifiedCertificate } from '../../../shared/contracts/certificates';
import { displayNumber, isBlankNumber, notFoundMessage, verifyHttpStatus, verifyResultFor } from './verify-result';

const certificate: VerifiedCertificate = {
  certificate_number: 'SST-2026-12345',
  recipient_name: 'Ærø Łukasz',
  recipient_type: 'intern',
  course_name: null,
  issue_date: '2026-01-05',
  expiry_date: null,
  duration: null,
  description: null,
  status: 'active',
  revoked_on: null,
};

describe('the verification page state', () => {
  it('repeats the typed number trimmed, upper-cased and cut to 50 characters', () => {
    expect(displayNumber('  sst-2026-12345 ')).toBe('SST-2026-12345');
    expect([...displayNumber('x'.repeat(80))]).toHaveLength(50);
    // Cut by characters, never inside one.
    expect(displayNumber('😀'.repeat(60))).toBe('😀'.repeat(50));
  });

  it('treats only empty or blank input as blank', () => {
    expect(isBlankNumber('')).toBe(true);
    expect(isBlankNumber(' \t ')).toBe(true);
    expect(isBlankNumber('0')).toBe(false);
  });

  it('maps each outcome to what the page shows and its HTTP status', () => {
    const verified = verifyResultFor('sst-2026-12345', { status: 'verified', certificate });
    expect(verified).toEqual({ kind: 'verified', number: 'SST-2026-12345', certificate });
    expect(verifyHttpStatus(verified)).toBe(200);

    const unknown = verifyResultFor('SST-2026-99999', { status: 'not_found' });
    expect(unknown).toEqual({ kind: 'not_found', number: 'SST-2026-99999', malformed: false });
    expect(verifyHttpStatus(unknown)).toBe(404);

    const malformed = verifyResultFor('abc', { status: 'invalid' });
    expect(malformed).toEqual({ kind: 'not_found', number: 'ABC', malformed: true });
    expect(verifyHttpStatus(malformed)).toBe(404);

    expect(verifyHttpStatus(verifyResultFor('x', { status: 'rate_limited' }))).toBe(429);
    expect(verifyHttpStatus(verifyResultFor('x', { status: 'failed' }))).toBe(503);
    expect(verifyHttpStatus({ kind: 'idle' })).toBe(200);
    expect(verifyHttpStatus({ kind: 'blank' })).toBe(200);
  });

  it("fills the catalogue's not-found text with the number", () => {
    expect(notFoundMessage('SST-2026-99999')).toBe(
      'Certificate with number "SST-2026-99999" was not found in our records. Please check the number and try again.',
    );
  });
});
