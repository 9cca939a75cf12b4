import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactSubmitResponseSchema } from '../../../shared/contracts/contacts';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  ContactMessage,
} from '../../../shared/contracts/contacts.values';
import { ErrorCode, ErrorMessage, formatMessage } from '../../../shared/errors';
import { bearer, createSignedIn, freshIp } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { countRows, testDialects } from '../../testing/test-database';
import { CONTACT_RATE_LIMIT } from './contacts.routes';
import { CONFIRMATIONS_PER_RECIPIENT } from '../../jobs/mail-limits';

const SERVICES = ['Web Development', 'Mobile Apps'];

const valid = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  service: 'Web Development',
  message: 'We need a new website, with a shop.',
};

describe.each(testDialects)('POST /api/contacts on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;

  beforeAll(async () => {
    await db()
      .insertInto('company_core_services')
      .values(SERVICES.map((name, i) => ({ name, sort_order: i })))
      .execute();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const submit = (payload: unknown, ip: string = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/contacts', payload: payload as object, remoteAddress: ip });
  const rowsOf = (email: string) =>
    db().selectFrom('contacts').selectAll().where('email', '=', email).orderBy('id').execute();

  it('stores a valid request trimmed, with the defaults, and answers 201 with the catalogue message', async () => {
    const res = await submit({
      first_name: '  Grace ',
      last_name: ' Hopper  ',
      email: ' grace@example.com ',
      phone: ' 555-0100 12 ',
      service: ' Mobile Apps ',
      message: '\n  Build us an app.  \n',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(contactSubmitResponseSchema.parse(res.json())).toEqual({
      success: true,
      data: { received: true },
      message: ContactMessage.RECEIVED,
    });
    const [row] = await rowsOf('grace@example.com');
    expect(row).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      phone: '555-0100 12',
      service: 'Mobile Apps',
      message: 'Build us an app.',
      status: 'new',
      priority: 'medium',
      source: 'website',
      error_message: null,
      assigned_to: null,
      read_at: null,
    });
    expect(row!.updated_at).toBe(row!.created_at);
    expect(Date.now() - Date.parse(row!.created_at)).toBeLessThan(60_000);
  });

  it('stores a blank or absent phone and service as null, and keeps the source the form names', async () => {
    const res = await submit({
      ...valid,
      email: 'blank@example.com',
      phone: '  ',
      service: '',
      source: 'website_fallback',
    });
    expect(res.statusCode, res.body).toBe(201);
    const absent = await submit({ ...valid, email: 'blank@example.com', phone: undefined, service: null });
    expect(absent.statusCode, absent.body).toBe(201);
    const rows = await rowsOf('blank@example.com');
    expect(rows.map((r) => [r.phone, r.service, r.source])).toEqual([
      [null, null, 'website_fallback'],
      [null, null, 'website'],
    ]);
  });

  it.each([
    ['first_name', { first_name: '' }, ContactMessage.FIRST_NAME_REQUIRED],
    ['first_name', { first_name: '   ' }, ContactMessage.FIRST_NAME_REQUIRED],
    ['first_name', { first_name: 'x'.repeat(CONTACT_NAME_MAX + 1) }, ContactMessage.FIRST_NAME_TOO_LONG],
    ['last_name', { last_name: undefined }, ContactMessage.LAST_NAME_REQUIRED],
    ['last_name', { last_name: 'y'.repeat(CONTACT_NAME_MAX + 1) }, ContactMessage.LAST_NAME_TOO_LONG],
    ['email', { email: ' ' }, ContactMessage.EMAIL_REQUIRED],
    ['email', { email: 'not-an-address' }, ContactMessage.EMAIL_INVALID],
    ['email', { email: `${'a'.repeat(CONTACT_EMAIL_MAX)}@example.com` }, ContactMessage.EMAIL_TOO_LONG],
    ['phone', { phone: 'call me maybe' }, ContactMessage.PHONE_INVALID],
    ['phone', { phone: '1'.repeat(CONTACT_PHONE_MAX + 1) }, ContactMessage.PHONE_TOO_LONG],
    ['service', { service: 'Something Else' }, ContactMessage.SERVICE_INVALID],
    ['message', { message: '  \n ' }, ContactMessage.MESSAGE_REQUIRED],
    ['message', { message: 'z'.repeat(CONTACT_MESSAGE_MAX + 1) }, ContactMessage.MESSAGE_TOO_LONG],
  ])('refuses a bad %s (%j) with 400 naming the field, storing nothing', async (field, change, message) => {
    const before = await countRows(db(), 'contacts');
    const res = await submit({ ...valid, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: ErrorCode.VALIDATION_ERROR,
      message,
      errors: [{ field, message }],
    });
    expect(await countRows(db(), 'contacts')).toBe(before);
  });

  it('names every bad field at once, in the form order, the first one as the message', async () => {
    const res = await submit({ first_name: ' ', email: 'nope', phone: 'abc', service: 'Other', message: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(ContactMessage.FIRST_NAME_REQUIRED);
    expect(body.errors).toEqual([
      { field: 'first_name', message: ContactMessage.FIRST_NAME_REQUIRED },
      { field: 'last_name', message: ContactMessage.LAST_NAME_REQUIRED },
      { field: 'email', message: ContactMessage.EMAIL_INVALID },
      { field: 'phone', message: ContactMessage.PHONE_INVALID },
      { field: 'service', message: ContactMessage.SERVICE_INVALID },
      { field: 'message', message: ContactMessage.MESSAGE_REQUIRED },
    ]);
  });

  it('refuses fields of the wrong type and an unknown source with 400', async () => {
    for (const payload of [
      { ...valid, email: 42 },
      { ...valid, source: 'import' },
      { ...valid, message: ['a'] },
    ]) {
      const res = await submit(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: ErrorCode.VALIDATION_ERROR });
    }
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = await countRows(db(), 'contacts');
    const res = await submit({ ...valid, email: 'bot@example.com', website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, data: { received: true }, message: ContactMessage.RECEIVED });
    expect(await countRows(db(), 'contacts')).toBe(before);
    expect(await rowsOf('bot@example.com')).toEqual([]);
  });

  it('checks the fields before the honeypot, so a bot learns nothing from the answer', async () => {
    const res = await submit({ ...valid, email: '', website: 'x' });
    expect(res.statusCode).toBe(400);
  });

  it('tells staff alerts about the stored contact with its client address; sub-addresses share one confirmation limit', async () => {
    const newContact = vi.spyOn(t.app.staffAlerts, 'newContact');
    const flush = vi.spyOn(t.app.staffAlerts, 'flush');
    const limit = CONFIRMATIONS_PER_RECIPIENT.limit;
    // One mailbox written four ways, each from another client: only `limit` confirmations go out.
    const addresses = ['Busy@Example.com', 'busy+1@example.com', 'BUSY+quote@EXAMPLE.com', 'busy+2@example.com'];
    const ips = addresses.map(() => freshIp());
    for (const [i, email] of addresses.entries()) {
      const res = await submit({ ...valid, email }, ips[i]);
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = await db().selectFrom('contacts').select(['id', 'email']).where('email', 'in', addresses).execute();
    expect(rows.map((r) => r.email).sort()).toEqual([...addresses].sort());
    const calls = newContact.mock.calls.map(([, alert]) => alert);
    expect(calls.map((alert) => alert.sender)).toEqual(ips);
    expect(calls[0]).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: addresses[0],
      phone: valid.phone,
      service: valid.service,
      message: valid.message,
    });
    expect(rows.map((r) => Number(r.id))).toEqual(expect.arrayContaining(calls.map((alert) => alert.contactId)));
    expect(flush).toHaveBeenCalledTimes(addresses.length);
    const confirmations = await db()
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('kind', '=', 'contact-visitor')
      .where('to_address', 'in', addresses)
      .execute();
    expect(confirmations).toHaveLength(limit);
  });

  it('keeps the request when the staff alerts fail: 201, and the contact shows why staff were not told', async () => {
    vi.spyOn(t.app.staffAlerts, 'newContact').mockRejectedValue(new Error('outbox down'));
    const res = await submit({ ...valid, email: 'alerts-down@example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: ContactMessage.RECEIVED });
    const rows = await rowsOf('alerts-down@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      message: valid.message,
      error_message: formatMessage(ContactMessage.ALERT_FAILED, { reason: 'outbox down' }),
    });
  });

  it('stores every one of many identical submissions sent at once', async () => {
    const email = `race-${dialect}@example.com`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => submit({ ...valid, email })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(await rowsOf(email)).toHaveLength(8);
  });

  it(`limits a client to ${CONTACT_RATE_LIMIT.max} submissions, then 429 in the envelope`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
      expect((await submit({ ...valid, email: 'limited@example.com' }, ip)).statusCode).toBe(201);
    }
    const refused = await submit({ ...valid, email: 'limited@example.com' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: ErrorCode.RATE_LIMITED,
      message: ErrorMessage.RATE_LIMITED,
    });
    expect(await rowsOf('limited@example.com')).toHaveLength(CONTACT_RATE_LIMIT.max);
    // Refused requests count too: a bad form is no way round the limit, and another client is not affected.
    expect((await submit({ ...valid, email: '' }, ip)).statusCode).toBe(429);
    expect((await submit({ ...valid, email: 'limited@example.com' })).statusCode).toBe(201);
  });

  it('never shows what was stored to anonymous callers', async () => {
    await submit({ ...valid, email: 'secret@example.com' });
    const [row] = await rowsOf('secret@example.com');
    for (const url of ['/api/contacts/admin', `/api/contacts/${row!.id}`, '/api/contacts/admin/export']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('secret@example.com');
    }
    const viewer = await createSignedIn(t.app, db(), { role: 'viewer' });
    const seen = await t.app.inject({ method: 'GET', url: `/api/contacts/${row!.id}`, headers: bearer(viewer.token) });
    expect(seen.json().data.email).toBe('secret@example.com');
  });
});

describe('POST /api/contacts behind a trusted proxy', () => {
  const t = useTestApp('sqlite', { seed: false, env: { TRUST_PROXY: '10.9.9.9' } });
  const submit = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { ...valid, service: '' },
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('limits each forwarded client address on its own', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) expect((await submit('198.51.100.7')).statusCode).toBe(201);
    expect((await submit('198.51.100.7')).statusCode).toBe(429);
    expect((await submit('198.51.100.8')).statusCode).toBe(201);
  });
});
