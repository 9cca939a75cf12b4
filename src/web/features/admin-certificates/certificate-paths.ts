import { editorPath, type EditorView } from '../../components/admin/editor-paths';
import {
  CERTIFICATES_PAGE_SIZE,
  certificateStatuses,
  recipientTypes,
  type CertificateStatus,
  type RecipientType,
} from '../../../shared/contracts/certificates.values';

/**
 * The Certification tab's own URLs: /admin/certification (the list), /admin/certification/new and
 * /admin/certification/{id}/edit. The list keeps its search, status and type filters and page in the
 * query string, so a filtered view survives a reload or a trip to the form and back.
 */

export const CERTIFICATION_ADMIN_BASE = '/admin/certification';

export type CertificationView = EditorView;

export function certificationPath(view: CertificationView, search = ''): string {
  return editorPath(CERTIFICATION_ADMIN_BASE, view, search);
}

export interface CertificateListState {
  search: string;
  /** '' for every status; else the effective status. */
  status: CertificateStatus | '';
  /** '' for every recipient type. */
  type: RecipientType | '';
  page: number;
}

export const defaultCertificateListState: CertificateListState = { search: '', status: '', type: '', page: 1 };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.includes(value as T) ? (value as T) : '';

/** The list state of a query string; anything unknown falls back to the default. */
export function readCertificateListState(params: URLSearchParams): CertificateListState {
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    status: oneOf(certificateStatuses, params.get('status')),
    type: oneOf(recipientTypes, params.get('type')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string of the list state, leaving out the defaults (so /admin/certification is the plain list). */
export function writeCertificateListState(state: CertificateListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.status) params.set('status', state.status);
  if (state.type) params.set('type', state.type);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** GET /api/certificates parameters of the list state. */
export function certificateListRequest(state: CertificateListState): Record<string, string | number | undefined> {
  return {
    page: state.page,
    limit: CERTIFICATES_PAGE_SIZE,
    search: state.search.trim() || undefined,
    status: state.status || undefined,
    type: state.type || undefined,
  };
}

/** True when the list is narrowed by a search or a filter (which empty text to show). */
export function isFiltered(state: CertificateListState): boolean {
  return state.search.trim() !== '' || state.status !== '' || state.type !== '';
}
