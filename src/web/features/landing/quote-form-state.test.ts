import { describe, expect, it } from 'vitest';
import { CONTACT_NAME_MAX, ContactMessage } from '../../../shared/contracts/contacts.values';
import { ErrorCode } from '../../../shared/errors';
import { ApiError, ClientErrorCode } from '../../lib/api-client';
import {
  contactRequestBody,
  emptyContactForm,
  firstInvalidField,
  parseDraft,
  restoreDraft,
  retryMessage,
  sendFailure,
  serializeDraft,
} from './quote-form-state';

const SERVICES = ['Web Development', 'Mobile Apps'];
const filled = {
  first_name: ' Ada ',
  last_name: 'Lovelace',
  email: ' ada@example.com ',
  phone: '',
  service: '',
  message: ' A shop, please. ',
};

const apiError = (status: number, code: string, errors: { field: string; message: string }[] = []) =>
  new ApiError({ message: 'x', status, code, errors });

describe('the draft', () => {
  it('is kept only when something was typed, and reads back the same', () => {
    expect(serializeDraft(emptyContactForm)).toBeNull();
    expect(serializeDraft({ ...emptyContactForm, message: '   ' })).toBeNull();
    expect(parseDraft(serializeDraft(filled))).toEqual(filled);
  });

  it('ignores what is not a draft and keeps only the text fields within their limits', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('not json')).toBeNull();
    expect(parseDraft('[1,2]')).toBeNull();
    expect(parseDraft('{"first_name":42}')).toBeNull();
    const draft = parseDraft(`{"first_name":"${'x'.repeat(500)}","website":"spam","__proto__":{"polluted":1}}`);
    expect(draft).toEqual({ ...emptyContactForm, first_name: 'x'.repeat(CONTACT_NAME_MAX) });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("takes a link's service and fills Project Details from its subject only when empty", () => {
    const draft = { ...filled, service: 'Mobile Apps' };
    expect(restoreDraft(draft, { service: 'Web Development', message: 'Project like X' }, SERVICES)).toEqual({
      ...draft,
      service: 'Web Development',
    });
    expect(restoreDraft({ ...draft, message: '' }, { service: '', message: 'Project like X' }, SERVICES)).toEqual({
      ...draft,
      message: 'Project like X',
    });
    expect(restoreDraft({ ...draft, service: 'Retired' }, { service: '', message: '' }, SERVICES).service).toBe('');
  });
});

describe('contactRequestBody', () => {
  it('trims every field and sends an empty phone or service as null', () => {
    expect(contactRequestBody(filled, 'website_fallback', '')).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: null,
      service: null,
      message: 'A shop, please.',
      source: 'website_fallback',
      website: '',
    });
  });
});

describe('firstInvalidField', () => {
  it('follows the order of the form', () => {
    expect(firstInvalidField({ message: 'm', email: 'e' })).toBe('email');
    expect(firstInvalidField({})).toBeUndefined();
  });
});

describe('sendFailure', () => {
  it('keeps what was typed and offers Try again when no answer came, the server failed or was too busy', () => {
    expect(sendFailure(apiError(0, ClientErrorCode.NETWORK_ERROR))).toEqual({ kind: 'retry', detail: 'not-reached' });
    expect(sendFailure(apiError(0, ClientErrorCode.TIMEOUT))).toEqual({ kind: 'retry', detail: 'not-reached' });
    expect(sendFailure(apiError(503, ErrorCode.DATABASE_UNAVAILABLE))).toEqual({
      kind: 'retry',
      detail: 'server-error',
    });
    expect(sendFailure(apiError(500, ErrorCode.INTERNAL_ERROR))).toEqual({ kind: 'retry', detail: 'server-error' });
    expect(sendFailure(apiError(429, ErrorCode.RATE_LIMITED))).toEqual({ kind: 'retry', detail: 'rate-limited' });
  });

  it('says the server could not be reached only when no answer came', () => {
    expect(retryMessage['not-reached']).toBe(ContactMessage.NOT_REACHED);
    expect(retryMessage['server-error']).toBe(ContactMessage.NOT_STORED);
    expect(retryMessage['server-error']).not.toMatch(/could not reach/i);
  });

  it("shows the server's field errors under the fields, the first one per field", () => {
    const error = apiError(400, ErrorCode.VALIDATION_ERROR, [
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'email', message: 'second' },
      { field: 'unknown', message: 'ignored' },
    ]);
    expect(sendFailure(error)).toEqual({ kind: 'fields', errors: { email: 'Please enter a valid email address' } });
  });

  it('is the error banner otherwise', () => {
    expect(sendFailure(apiError(400, ErrorCode.MALFORMED_JSON))).toEqual({ kind: 'failed' });
    expect(sendFailure(apiError(413, ErrorCode.PAYLOAD_TOO_LARGE))).toEqual({ kind: 'failed' });
    expect(sendFailure(apiError(0, ClientErrorCode.ABORTED))).toEqual({ kind: 'failed' });
    expect(sendFailure(new Error('boom'))).toEqual({ kind: 'failed' });
  });
});
