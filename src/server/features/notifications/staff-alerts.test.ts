import { beforeEach, describe, expect, it } from 'vitest';
import { ContactMessage } from '../../../shared/contracts/contacts.values';
import { insertReturningId } from '../../db/insert-id';
import { writeTransaction } from '../../db/write-conflicts';
import { SINGLE_STAFF_CONTACT_MAILS } from '../../jobs/mail-limits';
import { CONTACT_DIGEST_JOB, type NewContactAlert } from '../../jobs/staff-alerts';
import { createUser, freshIp, type TestUser } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { countRows, testDialects } from '../../testing/test-database';

describe.each(testDialects)('staff alerts on %s', (dialect) => {
  // Seeded: the company profile (for the visitor's confirmation) and published posts (for comments).
  const t = useTestApp(dialect);
  const db = () => t.db.database.db;
  let admin: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let disabled: TestUser;

  beforeEach(async () => {
    await db().deleteFrom('notifications').execute();
    await db().deleteFrom('mail_outbox').execute();
    await db().deleteFrom('mail_limits').execute();
    await db().deleteFrom('user_email_preferences').execute();
    await db().updateTable('users').set({ status: 'disabled' }).execute();
    admin = await createUser(db(), { role: 'admin' });
    editor = await createUser(db(), { role: 'editor' });
    viewer = await createUser(db(), { role: 'viewer' });
    disabled = await createUser(db(), { role: 'admin', status: 'disabled' });
  });

  const hostile = '<img src=x onerror=alert(1)> & "quotes"';

  /** Stores a contact and raises its alert in one transaction, as the contacts feature does. */
  async function storeContact(overrides: Partial<NewContactAlert> = {}): Promise<NewContactAlert> {
    const now = new Date().toISOString();
    const values = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@visitor.test',
      phone: '+44 20 7946 0000',
      service: 'Web Development',
      message: 'Please build us an engine.',
      sender: null as string | null,
      ...overrides,
    };
    const contactId = await writeTransaction(db(), async (trx) => {
      const id = await insertReturningId(trx, 'contacts', {
        first_name: values.firstName,
        last_name: values.lastName,
        email: values.email,
        phone: values.phone,
        service: values.service,
        message: values.message,
        created_at: now,
        updated_at: now,
      });
      const alert = { ...values, contactId: id };
      await t.app.staffAlerts.newContact(trx, alert);
      return alert.contactId;
    });
    t.app.staffAlerts.flush();
    return { ...values, contactId };
  }

  const notifications = () => db().selectFrom('notifications').selectAll().orderBy('user_id').orderBy('id').execute();
  const outbox = () => db().selectFrom('mail_outbox').selectAll().orderBy('id').execute();

  it('a new contact: one notification per active staff member, a mail to each, and the visitor confirmation', async () => {
    const alert = await storeContact();
    const rows = await notifications();
    expect(rows.map((r) => r.user_id)).toEqual([admin.id, editor.id, viewer.id]);
    for (const row of rows) {
      expect(row).toMatchObject({
        kind: 'contact',
        type: 'info',
        title: 'New contact request',
        message: 'Ada Lovelace — Web Development',
        link: `/admin/contacts?contact=${alert.contactId}`,
        read_at: null,
      });
    }
    const mails = await outbox();
    expect(mails.map((m) => m.to_address).sort()).toEqual(
      [admin.email, editor.email, viewer.email, 'ada@visitor.test'].sort(),
    );
    expect(mails.every((m) => m.contact_id === alert.contactId)).toBe(true);
    const staffMail = mails.find((m) => m.to_address === admin.email)!;
    expect(staffMail).toMatchObject({ subject: 'New contact request from Ada Lovelace', kind: 'contact-staff' });
    for (const text of ['ada@visitor.test', '+44 20 7946 0000', 'Web Development', 'Please build us an engine.']) {
      expect(staffMail.text_body).toContain(text);
    }
    expect(staffMail.text_body).toContain(`${t.config.publicUrl}/admin/contacts?contact=${alert.contactId}`);

    const confirmation = mails.find((m) => m.to_address === 'ada@visitor.test')!;
    expect(confirmation).toMatchObject({ subject: 'We received your message', kind: 'contact-visitor' });
    const company = await db().selectFrom('company_profile').selectAll().executeTakeFirstOrThrow();
    expect(confirmation.text_body).toContain('Hello,');
    expect(confirmation.text_body).toContain("We'll get back to you within 24 hours.");
    expect(ContactMessage.BANNER_SENT).toContain("We'll get back to you within 24 hours.");
    expect(confirmation.text_body).toContain(company.name);
    expect(confirmation.text_body).toContain(company.email);
    expect(confirmation.text_body).toContain(company.phone);
    // Anti-relay: nothing the visitor typed, not even the first name.
    for (const body of [confirmation.text_body, confirmation.html_body!]) {
      expect(body).not.toContain('Ada');
      expect(body).not.toContain('Lovelace');
      expect(body).not.toContain('engine');
      expect(body).not.toContain('Web Development');
    }
    expect(await countRows(db(), 'notifications')).toBe(3);
    expect(rows.some((r) => r.user_id === disabled.id)).toBe(false);
  });

  it('mails staff per their preference, and the visitor', async () => {
    await db()
      .insertInto('user_email_preferences')
      .values([
        { user_id: editor.id, new_contact: 0, new_comment: 1, updated_at: new Date().toISOString() },
        { user_id: viewer.id, new_contact: 1, new_comment: 0, updated_at: new Date().toISOString() },
      ])
      .execute();
    await storeContact();
    expect((await outbox()).map((m) => m.to_address).sort()).toEqual(
      [admin.email, viewer.email, 'ada@visitor.test'].sort(),
    );
    // The notification is there for everyone, whatever the mail preference.
    expect((await notifications()).map((r) => r.user_id)).toEqual([admin.id, editor.id, viewer.id]);
  });

  it('escapes every visitor value in the HTML mail and keeps the subject on one line', async () => {
    await storeContact({
      firstName: `Eve${hostile}`,
      lastName: 'Line\r\nBcc: victim@example.test',
      service: null,
      message: `</td><script>alert(2)</script>`,
    });
    const mails = await outbox();
    const staffMail = mails.find((m) => m.to_address === admin.email)!;
    expect(staffMail.subject).not.toMatch(/[\r\n]/);
    expect(staffMail.html_body).not.toContain('<img');
    expect(staffMail.html_body).not.toContain('<script>');
    expect(staffMail.html_body).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(staffMail.html_body).toContain('&lt;/td&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(staffMail.text_body).toContain('General enquiry');
    const confirmation = mails.find((m) => m.kind === 'contact-visitor')!;
    expect(confirmation.html_body).not.toContain('<img');
    expect((await notifications())[0]!.message).toContain('— General enquiry');
  });

  it('simultaneous contacts each get their notifications; staff mails past the single ones wait for one digest', async () => {
    const contacts = await Promise.all(
      Array.from({ length: 8 }, (_, i) => storeContact({ firstName: `Racer${i}`, email: `racer${i}@visitor.test` })),
    );
    const rows = await notifications();
    expect(rows).toHaveLength(8 * 3);
    for (const user of [admin, editor, viewer]) {
      expect(
        rows
          .filter((r) => r.user_id === user.id)
          .map((r) => r.link)
          .sort(),
      ).toEqual(contacts.map((c) => `/admin/contacts?contact=${c.contactId}`).sort());
    }
    // Three contacts mailed to the three staff one by one, however the eight raced (ADR 0033); eight
    // confirmations; five contacts wait for the digest, which then mails each staff member once.
    const single = SINGLE_STAFF_CONTACT_MAILS.limit;
    expect((await outbox()).filter((m) => m.kind === 'contact-staff')).toHaveLength(single * 3);
    expect((await outbox()).filter((m) => m.kind === 'contact-visitor')).toHaveLength(8);
    expect(await countRows(db(), 'staff_digest_items')).toBe(8 - single);
    expect(await t.app.scheduler.runNow(CONTACT_DIGEST_JOB)).toBe(true);
    const digests = (await outbox()).filter((m) => m.kind === 'contact-digest');
    expect(digests.map((m) => m.to_address).sort()).toEqual([admin.email, editor.email, viewer.email].sort());
    expect(digests[0]!.subject).toBe(`${8 - single} new contact requests`);
    expect(await countRows(db(), 'staff_digest_items')).toBe(0);
  });

  it('stores nothing when the transaction that raised the alert fails', async () => {
    const activities = await countRows(db(), 'activity_log');
    await expect(
      writeTransaction(db(), async (trx) => {
        await t.app.staffAlerts.newComment(trx, {
          commentId: 1,
          postId: 1,
          postTitle: 'T',
          postSlug: 't',
          name: 'N',
          message: 'M',
          awaitingReview: false,
        });
        throw new Error('the item could not be stored');
      }),
    ).rejects.toThrow('the item could not be stored');
    expect(await countRows(db(), 'notifications')).toBe(0);
    expect(await countRows(db(), 'mail_outbox')).toBe(0);
    expect(await countRows(db(), 'activity_log')).toBe(activities);
  });

  it('a blog comment through the public route notifies staff that it waits for review and mails those who want it', async () => {
    await db()
      .insertInto('user_email_preferences')
      .values({ user_id: viewer.id, new_contact: 1, new_comment: 0, updated_at: new Date().toISOString() })
      .execute();
    const post = await db()
      .selectFrom('blog_posts')
      .select(['id', 'slug', 'title'])
      .where('published', '=', 1)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/blog/posts/${post.slug}/comments`,
      payload: { name: `Mallory ${hostile}`, email: 'mallory@example.test', message: `Great post ${hostile}` },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await notifications();
    expect(rows.map((r) => r.user_id)).toEqual([admin.id, editor.id, viewer.id]);
    expect(rows[0]).toMatchObject({
      kind: 'comment',
      title: 'Comment awaiting review',
      message: `Mallory ${hostile} on “${post.title}”`,
      link: '/admin/blog/comments?status=pending',
    });
    const mails = await outbox();
    expect(mails.map((m) => m.to_address).sort()).toEqual([admin.email, editor.email].sort());
    const mail = mails[0]!;
    expect(mail).toMatchObject({
      subject: `Comment awaiting review on "${post.title}"`,
      kind: 'comment-staff',
      contact_id: null,
    });
    expect(mail.text_body).toContain('waits for your review');
    expect(mail.text_body).toContain(`${t.config.publicUrl}/blog/${post.slug}`);
    expect(mail.text_body).toContain(`${t.config.publicUrl}/admin/blog/comments?status=pending`);
    expect(mail.html_body).not.toContain('<img');
    expect(mail.html_body).toContain('Great post &lt;img');

    // A honeypot comment is not stored and alerts nobody.
    const bot = await t.app.inject({
      method: 'POST',
      url: `/api/blog/posts/${post.slug}/comments`,
      payload: { name: 'Bot', email: 'bot@example.test', message: 'Buy', website: 'http://spam.test' },
      remoteAddress: freshIp(),
    });
    expect(bot.statusCode).toBe(201);
    expect(await countRows(db(), 'notifications')).toBe(3);
  });
});
