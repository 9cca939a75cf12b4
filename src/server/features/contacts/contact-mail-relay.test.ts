import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONFIRMATIONS_PER_RECIPIENT,
  CONFIRMATIONS_PER_SENDER,
  CONFIRMATIONS_PER_SITE,
  SINGLE_STAFF_CONTACT_MAILS,
} from '../../jobs/mail-limits';
import { CONTACT_DIGEST_JOB } from '../../jobs/staff-alerts';
import { createUser, freshIp, type TestUser } from '../../testing/auth-helpers';
import { eventually } from '../../testing/eventually';
import { useSmtpSink } from '../../testing/smtp-sink';
import { useTestApp } from '../../testing/test-app';
import { countRows, testDialects } from '../../testing/test-database';

/*
 * The quote form is no mail relay (ADR 0033): many submissions queue a bounded number of mails, wherever
 * they come from and however the victim's address is written, and the confirmation carries nothing typed.
 * Mails go to a real SMTP server started here.
 */

interface Received {
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read a message's text. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const SUBMISSIONS = 100;

describe.each(testDialects)('the quote form is no mail relay (%s)', (dialect) => {
  const env: Record<string, string> = { MAIL_FROM: 'Studio <no-reply@studio.test>' };
  const sink = useSmtpSink(env);
  const t = useTestApp(dialect, { seed: false, env });
  const db = () => t.db.database.db;
  let staff: TestUser[] = [];
  beforeAll(async () => {
    staff = [await createUser(db(), { role: 'admin' }), await createUser(db(), { role: 'editor' })];
    staff.push(await createUser(db(), { role: 'viewer' }));
  });
  beforeEach(async () => {
    await t.app.mailer.settled();
    await db().deleteFrom('mail_outbox').execute();
    await db().deleteFrom('mail_limits').execute();
    await db().deleteFrom('staff_digest_items').execute();
    sink.received.length = 0;
  });

  const submit = (payload: Record<string, string>, ip = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { first_name: 'Ada', last_name: 'Lovelace', message: 'A quote, please.', ...payload },
      remoteAddress: ip,
    });
  const outboxOf = (kind: string) => db().selectFrom('mail_outbox').selectAll().where('kind', '=', kind).execute();

  /** Every queued mail sent, then what the SMTP server holds. */
  async function delivered(): Promise<Received[]> {
    await t.app.mailer.settled();
    const total = await countRows(db(), 'mail_outbox');
    const decoded = () => sink.received.map((mail) => ({ to: mail.to, raw: decodeQuotedPrintable(mail.raw) }));
    return eventually(() => (sink.received.length >= total ? decoded() : undefined), 20_000);
  }

  it(`${SUBMISSIONS} submissions to sub-addresses of one mailbox from ${SUBMISSIONS} clients queue a bounded number of mails`, async () => {
    for (let i = 0; i < SUBMISSIONS; i += 1) {
      // victim+N@, with upper case and, on Gmail, dots: all one mailbox.
      const email = i % 2 ? `Vic.Tim+${i}@GMail.com` : `victim+${i}@googlemail.com`;
      const res = await submit({ email });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await countRows(db(), 'contacts')).toBeGreaterThanOrEqual(SUBMISSIONS);
    expect(await outboxOf('contact-visitor')).toHaveLength(CONFIRMATIONS_PER_RECIPIENT.limit);
    expect(await outboxOf('contact-staff')).toHaveLength(SINGLE_STAFF_CONTACT_MAILS.limit * staff.length);
    expect(await countRows(db(), 'staff_digest_items')).toBe(SUBMISSIONS - SINGLE_STAFF_CONTACT_MAILS.limit);

    // The digest: one mail per staff member for every contact that waited, once however often it runs.
    expect(await t.app.scheduler.runNow(CONTACT_DIGEST_JOB)).toBe(true);
    expect(await t.app.scheduler.runNow(CONTACT_DIGEST_JOB)).toBe(true);
    const digests = await outboxOf('contact-digest');
    expect(digests.map((m) => m.to_address).sort()).toEqual(staff.map((s) => s.email).sort());
    expect(digests[0]!.subject).toBe(`${SUBMISSIONS - SINGLE_STAFF_CONTACT_MAILS.limit} new contact requests`);

    // Before: one mail per staff member plus a confirmation for every submission (400 here).
    const bound = CONFIRMATIONS_PER_RECIPIENT.limit + (SINGLE_STAFF_CONTACT_MAILS.limit + 1) * staff.length;
    expect(await countRows(db(), 'mail_outbox')).toBe(bound);
    const mails = await delivered();
    expect(mails).toHaveLength(bound);
  });

  it('a staff member whose new-contact mails are off gets no digest either', async () => {
    await db()
      .insertInto('user_email_preferences')
      .values({ user_id: staff[1]!.id, new_contact: 0, new_comment: 1, updated_at: new Date().toISOString() })
      .execute();
    try {
      for (let i = 0; i < SINGLE_STAFF_CONTACT_MAILS.limit + 2; i += 1) {
        expect((await submit({ email: `lead${i}@company${i}.test` })).statusCode).toBe(201);
      }
      await t.app.scheduler.runNow(CONTACT_DIGEST_JOB);
      const digests = await outboxOf('contact-digest');
      expect(digests.map((m) => m.to_address).sort()).toEqual([staff[0]!.email, staff[2]!.email].sort());
      expect((await outboxOf('contact-staff')).some((m) => m.to_address === staff[1]!.email)).toBe(false);
    } finally {
      await db().deleteFrom('user_email_preferences').execute();
    }
  });

  it('one client gets a few confirmations whatever addresses it types; many clients together are capped too', async () => {
    const ip = freshIp();
    for (let i = 0; i < CONFIRMATIONS_PER_SENDER.limit + 2; i += 1) {
      expect((await submit({ email: `someone${i}@other${i}.test` }, ip)).statusCode).toBe(201);
    }
    expect(await outboxOf('contact-visitor')).toHaveLength(CONFIRMATIONS_PER_SENDER.limit);

    await db().deleteFrom('mail_limits').execute();
    for (let i = 0; i < CONFIRMATIONS_PER_SITE.limit + 5; i += 1) {
      expect((await submit({ email: `lead${i}@site${i}.test` })).statusCode).toBe(201);
    }
    expect((await outboxOf('contact-visitor')).length).toBe(
      CONFIRMATIONS_PER_SENDER.limit + CONFIRMATIONS_PER_SITE.limit,
    );
  });

  it('the confirmation carries nothing the visitor typed: no name, no markup, no link', async () => {
    const res = await submit({
      first_name: '<script>alert(1)</script> Visit https://phish.example/login',
      last_name: '<a href="https://phish.example">click</a>',
      email: 'target@victim.test',
      message: 'Your account is locked, go to https://phish.example/unlock',
    });
    expect(res.statusCode, res.body).toBe(201);
    const mails = await delivered();
    const confirmation = mails.find((m) => m.to.includes('target@victim.test'))!;
    expect(confirmation.raw).toContain('Subject: We received your message');
    expect(confirmation.raw).toContain('Hello,');
    for (const typed of ['phish', 'script', 'alert(1)', 'click', 'locked', 'Visit']) {
      expect(confirmation.raw).not.toContain(typed);
    }
    // Staff still see everything that was typed, escaped.
    const staffMail = mails.find((m) => m.to.includes(staff[0]!.email))!;
    expect(staffMail.raw).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
