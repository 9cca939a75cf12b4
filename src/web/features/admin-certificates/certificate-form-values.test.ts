import { describe, expect, it } from 'vitest';
import type { Certificate } from '../../../shared/contracts/certificates';
import { CertificateMessage } from '../../../shared/contracts/certificates.values';
import {
  certificateProblems,
  certificateToValues,
  newCertificateValues,
  valuesToInput,
} from './certificate-form-values';

const stored: Certificate = {
  id: 4,
  certificate_number: 'SST-2025-90342',
  recipient_name: 'Bilal Ahmed',
  recipient_type: 'employee',
  issue_date: '2025-02-01',
  expiry_date: null,
  course_name: 'Cloud Deployment with AWS',
  duration: null,
  description: null,
  status: 'revoked',
  effective_status: 'revoked',
  revoked_at: '2025-03-10T09:00:00.000Z',
  revocation_reason: 'Wrong course record',
  verify_url: 'https://example.com/verify-certificate?number=SST-2025-90342',
  created_at: '2025-02-01T00:00:00.000Z',
  updated_at: '2025-03-10T09:00:00.000Z',
};

describe('the certificate form values', () => {
  it('starts a new certificate issued today, active, with no type chosen', () => {
    const values = newCertificateValues('2026-11-24');
    expect(values.issue_date).toBe('2026-11-24');
    expect(values.status).toBe('active');
    expect(certificateProblems(values)).toEqual([
      { field: 'recipient_name', message: CertificateMessage.RECIPIENT_REQUIRED },
      { field: 'recipient_type', message: CertificateMessage.TYPE_CHOOSE },
    ]);
  });

  it('round-trips a stored certificate: no expiry is blank in the form and null on the wire', () => {
    const values = certificateToValues(stored);
    expect(values.expiry_date).toBe('');
    expect(values.course_name).toBe('Cloud Deployment with AWS');
    expect(valuesToInput(values)).toMatchObject({
      expiry_date: null,
      status: 'revoked',
      revocation_reason: 'Wrong course record',
    });
    expect(certificateProblems(values)).toEqual([]);
  });

  it('drops the reason when the status is no longer revoked, and asks for one when it is', () => {
    const active = { ...certificateToValues(stored), status: 'active' as const };
    expect(valuesToInput(active).revocation_reason).toBeNull();
    const noReason = { ...certificateToValues(stored), revocation_reason: '  ' };
    expect(certificateProblems(noReason)).toEqual([
      { field: 'revocation_reason', message: CertificateMessage.REVOCATION_REASON_REQUIRED },
    ]);
  });

  it('checks the number format, the dates and their order as the server does', () => {
    const values = { ...newCertificateValues('2026-01-01'), recipient_name: 'A', recipient_type: 'intern' as const };
    expect(certificateProblems({ ...values, certificate_number: 'SST-26-1' })).toEqual([
      { field: 'certificate_number', message: CertificateMessage.NUMBER_FORMAT },
    ]);
    expect(certificateProblems({ ...values, certificate_number: ' sst-2026-12345 ' })).toEqual([]);
    expect(certificateProblems({ ...values, expiry_date: '2025-12-31' })).toEqual([
      { field: 'expiry_date', message: CertificateMessage.EXPIRY_BEFORE_ISSUE },
    ]);
    expect(certificateProblems({ ...values, issue_date: '' })).toEqual([
      { field: 'issue_date', message: CertificateMessage.ISSUE_DATE_REQUIRED },
    ]);
  });
});
