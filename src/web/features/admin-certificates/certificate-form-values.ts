import {
  certificateWriteSchema,
  type Certificate,
  type CertificateStatus,
  type CertificateWriteRequest,
  type RecipientType,
} from '../../../shared/contracts/certificates';
import { CertificateMessage, todayIsoDate } from '../../../shared/contracts/certificates.values';

/** The certificate form's fields, as the inputs hold them. */
export interface CertificateFormValues {
  /** Blank: generated on save (new) or kept (edit). */
  certificate_number: string;
  recipient_name: string;
  recipient_type: RecipientType | '';
  issue_date: string;
  /** Blank: never expires. */
  expiry_date: string;
  course_name: string;
  duration: string;
  description: string;
  status: CertificateStatus;
  /** Asked for only while the status is revoked. */
  revocation_reason: string;
}

export type CertificateField = keyof CertificateFormValues;

/** A new certificate: issued today, active, the type still to choose. */
export function newCertificateValues(today: string = todayIsoDate()): CertificateFormValues {
  return {
    certificate_number: '',
    recipient_name: '',
    recipient_type: '',
    issue_date: today,
    expiry_date: '',
    course_name: '',
    duration: '',
    description: '',
    status: 'active',
    revocation_reason: '',
  };
}

export function certificateToValues(certificate: Certificate): CertificateFormValues {
  return {
    certificate_number: certificate.certificate_number,
    recipient_name: certificate.recipient_name,
    recipient_type: certificate.recipient_type,
    issue_date: certificate.issue_date,
    expiry_date: certificate.expiry_date ?? '',
    course_name: certificate.course_name ?? '',
    duration: certificate.duration ?? '',
    description: certificate.description ?? '',
    status: certificate.status,
    revocation_reason: certificate.revocation_reason ?? '',
  };
}

/**
 * What POST and PUT send: the whole record (PUT replaces it). A reason is sent only with the revoked
 * status, so setting a certificate active again clears it.
 */
export function valuesToInput(values: CertificateFormValues): CertificateWriteRequest {
  return {
    certificate_number: values.certificate_number,
    recipient_name: values.recipient_name,
    recipient_type: (values.recipient_type || undefined) as RecipientType,
    issue_date: values.issue_date,
    expiry_date: values.expiry_date || null,
    course_name: values.course_name,
    duration: values.duration,
    description: values.description,
    status: values.status,
    revocation_reason: values.status === 'revoked' ? values.revocation_reason : null,
  };
}

/** The form's problems, first field first, by the same schema the server checks with. */
export function certificateProblems(
  values: CertificateFormValues,
): Array<{ field: CertificateField; message: string }> {
  const result = certificateWriteSchema.safeParse(valuesToInput(values));
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? 'certificate_number') as CertificateField;
    // The API's message names the values it takes; the form's list needs a choice, said in plain words.
    return { field, message: field === 'recipient_type' ? CertificateMessage.TYPE_CHOOSE : issue.message };
  });
}
