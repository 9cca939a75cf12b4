import {
  certificateImportPreviewSchema,
  certificateImportResultSchema,
  certificateListDataSchema,
  certificateSchema,
  type Certificate,
  type CertificateImportPreview,
  type CertificateImportResult,
  type CertificateListData,
  type CertificateWriteRequest,
} from '../../../shared/contracts/certificates';
import { invalidAnswer, parseAnswer } from '../../components/admin/parse-answer';
import { api } from '../../lib/api-client';
import { broadcastDataUpdate } from '../../lib/data-update';
import { certificateListRequest, type CertificateListState } from './certificate-paths';

/**
 * The Certification tab's calls. Every write tells the other screens and tabs through the
 * 'certificates' data-update event. Answers are checked against the contract.
 */

export const CERTIFICATES_UPDATE = 'certificates';

/** A page of the list, with `total` and `pages` where the shared admin list reads them. */
export type CertificatePage = CertificateListData & { total: number; pages: number };

export async function fetchCertificates(state: CertificateListState): Promise<CertificatePage> {
  const body = await api.get('/certificates', certificateListRequest(state));
  const data = parseAnswer(certificateListDataSchema, body.data);
  return { ...data, total: data.pagination.total, pages: data.pagination.pages };
}

export async function fetchCertificate(id: number): Promise<Certificate> {
  const body = await api.get(`/certificates/${id}`);
  return parseAnswer(certificateSchema, body.data);
}

/** A write's certificate and its message (the catalogue's, filled in by the server). */
async function written(call: Promise<{ data: unknown; message?: string }>) {
  const body = await call;
  broadcastDataUpdate(CERTIFICATES_UPDATE);
  return { certificate: parseAnswer(certificateSchema, body.data), message: body.message };
}

export function createCertificate(input: CertificateWriteRequest) {
  return written(api.post('/certificates', input));
}

export function updateCertificate(id: number, input: CertificateWriteRequest) {
  return written(api.put(`/certificates/${id}`, input));
}

export function revokeCertificate(id: number, reason: string) {
  return written(api.post(`/certificates/${id}/revoke`, { reason }));
}

export async function deleteCertificate(id: number): Promise<void> {
  await api.delete(`/certificates/${id}`);
  broadcastDataUpdate(CERTIFICATES_UPDATE);
}

export async function previewImport(csv: string): Promise<CertificateImportPreview> {
  const body = await api.post('/certificates/import/preview', { csv });
  return parseAnswer(certificateImportPreviewSchema, body.data);
}

export async function runImport(
  csv: string,
  expected: number,
): Promise<{ result: CertificateImportResult; message?: string }> {
  const body = await api.post('/certificates/import', { csv, expected });
  broadcastDataUpdate(CERTIFICATES_UPDATE);
  return { result: parseAnswer(certificateImportResultSchema, body.data), message: body.message };
}

/** The printable PDF, fetched with the bearer token (never put in an address). */
export async function fetchCertificatePdf(id: number): Promise<Blob> {
  const body = await api.get(`/certificates/${id}/pdf`, undefined, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf' },
  });
  if (!(body.data instanceof Blob)) throw invalidAnswer();
  return body.data;
}
