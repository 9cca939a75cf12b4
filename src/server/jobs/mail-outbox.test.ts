import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContactMessage } from '../../shared/contracts/contacts.values';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type Database } from '../db/database';
import { insertReturningId } from '../db/insert-id';
import { writeTransaction } from '../db/write-conflicts';
import { createUser } from '../testing/auth-helpers';
import { eventually } from '../testing/eventually';
import { SmtpSink } from '../testing/smtp-sink';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database';
import { useTestApp } from '../testing/test-app';
import { isPermanentRejection, retryDelaySeconds, shortReason, SMTP_TIMEOUT_MS } from './mailer';

/*
 * The mail outbox worker against a real SMTP server started here (smtp-server): delivery, a server
 * that refuses, one that is down and comes back on the same port, giving up, a restart, two instances
 * on one database, and a stored contact that never waits for SMTP.
 */

const unfold = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe('retry delays', () => {
  it('double from the base and stop at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, 60))).toEqual([60, 120, 240, 480]);
    expect(retryDelaySeconds(7, 60)).toBe(3600);
    expect(retryDelaySeconds(100, 60)).toBe(3600);
  });
  it('keep a delivery error to its first line, short', () => {
    expect(shortReason(new Error('550 no\nstack'))).toBe('550 no');
    expect(shortReason(new Error('x'.repeat(500)))).toHaveLength(200);
  });
  it('take a 5xx to the recipient or the message as a bounce, not a refused sender or a 4xx', () => {
    const smtpError = (responseCode: number, command: string, code = 'EENVELOPE') =>
      Object.assign(new Error('refused'), { responseCode, command, code });
    expect(isPermanentRejection(smtpError(550, 'RCPT TO'))).toBe(true);
    expect(isPermanentRejection(smtpError(554, 'DATA', 'EMESSAGE'))).toBe(true);
    expect(isPermanentRejection(smtpError(553, 'MAIL FROM'))).toBe(false);
    expect(isPermanentRejection(smtpError(450, 'RCPT TO'))).toBe(false);
    expect(isPermanentRejection(new Error('connect ECONNREFUSED'))).toBe(false);
    expect(isPermanentRejection(undefined)).toBe(false);
  });
});

describe('an SMTP server that accepts the connection and never answers', () => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const env: Record<string, string> = { MAIL_RETRY_BASE_SECONDS: '60' };
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    env.SMTP_URL = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  const t = useTestApp('sqlite', { seed: false, env });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it(
    'times out after the greeting timeout and keeps the mail for a retry',
    async () => {
      const started = Date.now();
      const result = await t.app.mailer.send({ to: 'x@example.test', subject: 'Stuck', text: 'body' });
      const took = Date.now() - started;
      expect(result.status).toBe('failed');
      expect(took).toBeGreaterThanOrEqual(SMTP_TIMEOUT_MS - 500);
      expect(took).toBeLessThan(SMTP_TIMEOUT_MS * 2);
      const row = await t.db.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', result.id)
        .executeTakeFirstOrThrow();
      expect(row.last_error).toMatch(/greeting|timeout/i);
      expect(Date.parse(row.next_attempt_at!) - Date.now()).toBeGreaterThan(50_000);
    },
    SMTP_TIMEOUT_MS * 3,
  );
});

describe.each(testDialects)('the mail outbox worker on %s', (dialect) => {
  let t: TestDatabase;
  const smtp = new SmtpSink();
  const apps: FastifyInstance[] = [];
  const handles: Database[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await smtp.start();
  }, 60_000);
  afterAll(async () => {
    await smtp.stop();
    await t?.drop();
  });
  beforeEach(async () => {
    smtp.received = [];
    smtp.mode = 'accept';
    smtp.delayMs = 0;
    const db = t.database.db;
    await db.deleteFrom('mail_outbox').execute();
    await db.deleteFrom('notifications').execute();
    await db.deleteFrom('contacts').execute();
    await db.updateTable('users').set({ status: 'disabled' }).execute();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const handle of handles.splice(0)) await handle.close();
  });

  /** A running app on the test database (or on its own connection to it, like a second instance). */
  async function startApp(env: Record<string, string> = {}, ownConnection = false): Promise<FastifyInstance> {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/site-test-data',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Studio <no-reply@studio.test>',
      MAIL_RETRY_BASE_SECONDS: '1',
      MAIL_MAX_ATTEMPTS: '3',
      // Only explicit wakes, unless a test says otherwise: what happens is what the test did.
      MAIL_POLL_SECONDS: '3600',
      ...env,
    });
    let database = t.database;
    if (ownConnection) {
      database = createDatabase(t.url);
      handles.push(database);
    }
    const app = await buildApp(config, { database, logger: false });
    apps.push(app);
    await app.ready();
    return app;
  }

  const db = () => t.database.db;
  const mailsOf = (contactId: number) =>
    db().selectFrom('mail_outbox').selectAll().where('contact_id', '=', contactId).orderBy('id').execute();
  const contactRow = (id: number) =>
    db().selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Stores a contact and its alert in one transaction, then flushes: what the contact form does. */
  async function submitContact(app: FastifyInstance, firstName = 'Ada'): Promise<number> {
    // Each case starts with fresh mail limits (ADR 0033): its staff mails go out one by one.
    await db().deleteFrom('mail_limits').execute();
    const now = new Date().toISOString();
    const id = await writeTransaction(db(), async (trx) => {
      const contactId = await insertReturningId(trx, 'contacts', {
        first_name: firstName,
        last_name: 'Lovelace',
        email: `${firstName.toLowerCase()}@visitor.test`,
        service: null,
        message: 'Tell me <b>more</b> & "soon"',
        created_at: now,
        updated_at: now,
      });
      await app.staffAlerts.newContact(trx, {
        contactId,
        firstName,
        lastName: 'Lovelace',
        email: `${firstName.toLowerCase()}@visitor.test`,
        phone: null,
        service: null,
        message: 'Tell me <b>more</b> & "soon"',
        sender: null,
      });
      return contactId;
    });
    app.staffAlerts.flush();
    return id;
  }

  const allSent = (contactId: number) => async () => {
    const rows = await mailsOf(contactId);
    return rows.length > 0 && rows.every((r) => r.status === 'sent') ? rows : undefined;
  };

  it('delivers the staff mail and the visitor confirmation: headers, recipients, escaped HTML', async () => {
    const staff = await createUser(db(), { role: 'editor' });
    const app = await startApp();
    const contactId = await submitContact(app);
    const rows = await eventually(allSent(contactId), 15_000);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ attempts: 1, last_error: null, lease_owner: null, lease_until: null });
      expect(row.sent_at).not.toBeNull();
    }
    expect(smtp.received).toHaveLength(2);
    const staffMail = smtp.received.find((m) => m.to.includes(staff.email))!;
    expect(staffMail.from).toBe('no-reply@studio.test');
    const raw = unfold(staffMail.raw);
    expect(raw).toMatch(/^From: Studio <no-reply@studio\.test>/m);
    expect(raw).toContain(`To: ${staff.email}`);
    expect(raw).toContain('Subject: New contact request from Ada Lovelace');
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('Tell me &lt;b&gt;more&lt;/b&gt; &amp; &quot;soon&quot;');
    expect(raw).not.toContain('<b>more</b></td>');
    const confirmation = smtp.received.find((m) => m.to.includes('ada@visitor.test'))!;
    expect(unfold(confirmation.raw)).toContain('Subject: We received your message');
    expect((await contactRow(contactId)).error_message).toBeNull();
  });

  it('a refusing server (550 on RCPT): failed with the reason, retried later, the contact shows it until it goes', async () => {
    await createUser(db(), { role: 'admin' });
    smtp.mode = 'refuse-rcpt';
    const app = await startApp();
    const contactId = await submitContact(app);
    const before = await contactRow(contactId);
    const failed = await eventually(async () => {
      const rows = await mailsOf(contactId);
      return rows.every((r) => r.status === 'failed') ? rows : undefined;
    }, 15_000);
    for (const row of failed) {
      expect(row.attempts).toBe(1);
      expect(row.last_error).toMatch(/550/);
      // Base 1 s: the next attempt is about a second away.
      const wait = Date.parse(row.next_attempt_at!) - Date.now();
      expect(wait).toBeLessThanOrEqual(1000);
      expect(wait).toBeGreaterThan(-5000);
    }
    const failing = await contactRow(contactId);
    expect(failing.error_message).toBe(ContactMessage.MAIL_FAILING.replace('{reason}', failed.at(-1)!.last_error!));
    expect(failing.error_message).toMatch(/550/);
    // Nothing else about the contact changed.
    expect({ ...failing, error_message: null }).toEqual({ ...before, error_message: null });
    expect(smtp.received).toEqual([]);

    smtp.mode = 'accept';
    // Not before it is due; once due, the next wake sends it.
    const rows = await eventually(async () => {
      app.mailer.flush();
      return allSent(contactId)();
    }, 15_000);
    expect(rows.every((r) => r.attempts === 2)).toBe(true);
    expect(smtp.received).toHaveLength(2);
    const after = await contactRow(contactId);
    expect(after.error_message).toBeNull();
    expect(after.updated_at).toBe(before.updated_at);
  });

  it('a refusing server (550 after DATA): the first attempt fails and is kept for a retry', async () => {
    smtp.mode = 'refuse-data';
    const app = await startApp();
    const result = await app.mailer.send({ to: 'x@example.test', subject: 'Kept', text: 'body' });
    expect(result.status).toBe('failed');
    const row = await db().selectFrom('mail_outbox').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, subject: 'Kept', text_body: 'body' });
    expect(row.last_error).toMatch(/550/);
    expect(row.next_attempt_at).not.toBeNull();
  });

  it('a server that is down and comes back on the same port: the timer retries and delivers, the line clears', async () => {
    await createUser(db(), { role: 'admin' });
    await smtp.stop();
    const app = await startApp({ MAIL_POLL_SECONDS: '1' });
    try {
      const contactId = await submitContact(app);
      const failed = await eventually(async () => {
        const rows = await mailsOf(contactId);
        return rows.every((r) => r.status === 'failed') ? rows : undefined;
      }, 15_000);
      expect(failed.every((r) => /ECONNREFUSED|connect/i.test(r.last_error ?? ''))).toBe(true);
      expect((await contactRow(contactId)).error_message).toMatch(/^Email notification failed: .*ECONNREFUSED/);
    } finally {
      await smtp.start();
    }
    // No flush: the worker's own timer finds the due rows.
    const contact = await db().selectFrom('contacts').select('id').executeTakeFirstOrThrow();
    const rows = await eventually(allSent(Number(contact.id)), 15_000);
    expect(rows).toHaveLength(2);
    expect(smtp.received).toHaveLength(2);
    expect((await contactRow(Number(contact.id))).error_message).toBeNull();
  });

  it(`gives up after MAIL_MAX_ATTEMPTS and says so on the contact`, async () => {
    smtp.mode = 'refuse-rcpt';
    const app = await startApp();
    const contactId = await submitContact(app);
    const rows = await eventually(async () => {
      app.mailer.flush();
      const all = await mailsOf(contactId);
      return all.every((r) => r.status === 'failed' && r.attempts === 3 && r.next_attempt_at === null)
        ? all
        : undefined;
    }, 15_000);
    expect(rows).toHaveLength(1);
    const contact = await contactRow(contactId);
    expect(contact.error_message).toBe(
      ContactMessage.MAIL_GAVE_UP.replace('{attempts}', '3').replace('{reason}', rows[0]!.last_error!),
    );
    smtp.mode = 'accept';
    await app.mailer.settled();
    expect((await mailsOf(contactId))[0]).toMatchObject({ status: 'failed', attempts: 3 });
    expect(smtp.received).toEqual([]);
  });

  it('a restart sends what the previous instance left: due retries and rows whose lease ran out', async () => {
    await smtp.stop();
    const first = await startApp();
    let contactId: number;
    try {
      contactId = await submitContact(first);
      await eventually(async () => (await mailsOf(contactId)).every((r) => r.status === 'failed') || undefined, 15_000);
      await first.close();
      apps.splice(apps.indexOf(first), 1);
    } finally {
      await smtp.start();
    }
    const now = Date.now();
    // While it was down, the retry came due; and a crash left a row 'sending' with an expired lease,
    // while another (live) instance holds a lease on a third row.
    await db()
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(now - 1000).toISOString() })
      .execute();
    const base = { text_body: 'body', created_at: new Date(now - 60_000).toISOString(), attempts: 1 };
    await db()
      .insertInto('mail_outbox')
      .values([
        {
          ...base,
          to_address: 'crashed@example.test',
          subject: 'Crashed mid-send',
          status: 'sending',
          lease_owner: 'dead-instance',
          lease_until: new Date(now - 1000).toISOString(),
        },
        {
          ...base,
          to_address: 'busy@example.test',
          subject: 'Held by a live instance',
          status: 'sending',
          lease_owner: 'live-instance',
          lease_until: new Date(now + 60_000).toISOString(),
        },
      ])
      .execute();

    await startApp();
    await eventually(() => smtp.received.length >= 2 || undefined, 15_000);
    await eventually(allSent(contactId!), 15_000);
    const crashed = await eventually(async () => {
      const row = await db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', 'crashed@example.test')
        .executeTakeFirstOrThrow();
      return row.status === 'sent' ? row : undefined;
    }, 15_000);
    expect(crashed.attempts).toBe(2);
    const held = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'busy@example.test')
      .executeTakeFirstOrThrow();
    expect(held).toMatchObject({ status: 'sending', lease_owner: 'live-instance', attempts: 1 });
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['ada@visitor.test', 'crashed@example.test']);
  });

  it('two instances on one database send each mail exactly once', async () => {
    smtp.delayMs = 20;
    const a = await startApp({}, true);
    const b = await startApp({}, true);
    const count = 24;
    await writeTransaction(db(), async (trx) => {
      for (let i = 0; i < count; i += 1) {
        await a.mailer.enqueue(trx, { to: `reader${i}@example.test`, subject: `Mail ${i}`, text: `Body ${i}` });
      }
    });
    a.mailer.flush();
    b.mailer.flush();
    await eventually(async () => {
      const rows = await db().selectFrom('mail_outbox').select('status').execute();
      return (rows.length === count && rows.every((r) => r.status === 'sent')) || undefined;
    }, 30_000);
    await Promise.all([a.mailer.settled(), b.mailer.settled()]);
    const subjects = smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    const rows = await db().selectFrom('mail_outbox').select('attempts').execute();
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it('the stored contact never waits for SMTP; closing the app waits for the send in progress', async () => {
    await createUser(db(), { role: 'admin' });
    smtp.delayMs = 1500;
    const app = await startApp();
    const started = Date.now();
    const contactId = await submitContact(app);
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await contactRow(contactId)).first_name).toBe('Ada');
    const rows = await mailsOf(contactId);
    expect(rows.some((r) => r.status === 'sent')).toBe(false);
    // A send is in progress; close waits for it and records the outcome, the rest stays for the next start.
    await eventually(async () => (await mailsOf(contactId)).some((r) => r.status === 'sending') || undefined, 15_000);
    await app.close();
    apps.splice(apps.indexOf(app), 1);
    const after = await mailsOf(contactId);
    expect(after.filter((r) => r.status === 'sent')).toHaveLength(1);
    expect(after.filter((r) => r.status === 'sending')).toHaveLength(0);
    expect(smtp.received).toHaveLength(1);
  });
});
