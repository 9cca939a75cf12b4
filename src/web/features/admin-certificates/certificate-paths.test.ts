import { describe, expect, it } from 'vitest';
import {
  certificateListRequest,
  certificationPath,
  isFiltered,
  readCertificateListState,
  writeCertificateListState,
} from './certificate-paths';

describe('the Certification tab addresses', () => {
  it('builds the addresses of the list, the new form and the edit form', () => {
    expect(certificationPath({ kind: 'edit', id: 12 }, '?status=revoked')).toBe(
      '/admin/certification/12/edit?status=revoked',
    );
    expect(certificationPath({ kind: 'new' }, 'page=2')).toBe('/admin/certification/new?page=2');
    expect(certificationPath({ kind: 'list' })).toBe('/admin/certification');
  });

  it('keeps the list state in the query string, dropping defaults and unknown values', () => {
    const state = readCertificateListState(new URLSearchParams('search=ali&status=revoked&type=client&page=3'));
    expect(state).toEqual({ search: 'ali', status: 'revoked', type: 'client', page: 3 });
    expect(writeCertificateListState(state).toString()).toBe('search=ali&status=revoked&type=client&page=3');
    expect(readCertificateListState(new URLSearchParams('status=lost&type=boss&page=-2'))).toEqual({
      search: '',
      status: '',
      type: '',
      page: 1,
    });
    expect(writeCertificateListState({ search: '  ', status: '', type: '', page: 1 }).toString()).toBe('');
    expect(certificateListRequest(state)).toEqual({
      page: 3,
      limit: 20,
      search: 'ali',
      status: 'revoked',
      type: 'client',
    });
    expect(isFiltered(state)).toBe(true);
    expect(isFiltered({ search: ' ', status: '', type: '', page: 2 })).toBe(false);
  });
});
