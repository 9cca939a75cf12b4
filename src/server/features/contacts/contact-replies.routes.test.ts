import { beforeAll, describe, expect, it } from 'vitest';
import { contactDetailSchema } from '../../../shared/contracts/contacts';
import { CONTACT_REPLY_MAX, ContactMessage } from '../../../shared/contracts/contacts.values';
import { formatMessage } from '../../../shared/errors';
import { seedDemoContent } from '../../seed/seed';
import { apiCaller, createStaff, freshIp, type Session } from '../../testing/auth-helpers';
import { useSmtpSink } from '../../testing/smtp-sink';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

/*
 * Replies to a lead from the Contacts tab, on every database and through a real SMTP server: the reply is
 * mailed with the lead's message quoted, kept in the contact's replies with its author, a new contact
 * becomes 'contacted'; a blank, too long or hostile reply changes nothing; viewers cannot reply.
 */

/** Undoes quoted-printable soft line breaks and escapes, enough to read a message's text. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe.each(testDialects)('replies to a contact on %s', (dialect) => {
  const env: Record<string, string> = { MAIL_FROM: 'Acme Studio <hello@acme-studio.test>' };
  const sink = useSmtpSink(env);
  const t = useTestApp(dialect, { seed: false, env });
  let staff: { editor: Session; viewer: Session };
  beforeAll(async () => {
    await seedDemoContent(t.db.database.db);
    staff = await createStaff(t.app, t.db.database.db);
  });
  const { call, ok } = apiCaller(
    () => t.app,
    () => staff.editor,
  );

  async function newContact(email: string): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        message: 'We need an online shop.\nBudget: modest.',
      },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const found = await t.db.database.db
      .selectFrom('contacts')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    return Number(found!.id);
  }

  const detail = async (id: number) => contactDetailSchema.parse(await ok('GET', `/contacts/${id}`));

  it('mails the reply with the message quoted, keeps it with its author and moves a new contact to contacted', async () => {
    const email = `ada.${dialect}@example.com`;
    const id = await newContact(email);
    const res = await call('POST', `/contacts/${id}/replies`, {
      message: '  Thank you, Ada. We would love to build it: shall we talk on Monday?  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      data: { to: email },
      message: formatMessage(ContactMessage.REPLY_SENT, { email }),
    });

    const contact = await detail(id);
    expect(contact.status).toBe('contacted');
    expect(contact.replies).toEqual([
      {
        id: expect.any(Number),
        subject: 'Re: your message to SmartStack Technologies',
        body: 'Thank you, Ada. We would love to build it: shall we talk on Monday?',
        author: staff.editor.user.username,
        created_at: expect.any(String),
      },
    ]);

    await t.app.mailer.settled();
    const mail = sink.received.find((m) => m.to.includes(email) && m.raw.includes('Re: your message to'));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('hello@acme-studio.test');
    const text = decoded(mail!.raw);
    expect(text).toContain('Hello Ada,');
    expect(text).toContain('shall we talk on Monday?');
    expect(text).toContain(`${staff.editor.user.username}, SmartStack Technologies`);
    expect(text).toContain('> We need an online shop.\r\n> Budget: modest.');

    // A second reply keeps the status staff may have set since.
    await ok('PATCH', `/contacts/${id}`, { status: 'qualified' });
    await ok('POST', `/contacts/${id}/replies`, { message: 'Here is the proposal.' });
    const again = await detail(id);
    expect(again.status).toBe('qualified');
    expect(again.replies.map((r) => r.body)).toEqual([
      'Thank you, Ada. We would love to build it: shall we talk on Monday?',
      'Here is the proposal.',
    ]);
  });

  it('refuses a blank, too long or hostile reply and an unknown contact, changing nothing; viewers cannot reply', async () => {
    const id = await newContact(`grace.${dialect}@example.com`);
    const refusals: Array<[unknown, number, string?]> = [
      [{ message: '   ' }, 400, ContactMessage.REPLY_EMPTY],
      [{ message: 'x'.repeat(CONTACT_REPLY_MAX + 1) }, 400, ContactMessage.REPLY_TOO_LONG],
      [{ message: 'nul \u0000 byte' }, 400],
      [{ message: 42 }, 400],
      [{}, 400],
      ['not json at all', 415],
    ];
    for (const [body, status, message] of refusals) {
      const res = await call('POST', `/contacts/${id}/replies`, body as object);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await call('POST', `/contacts/${id}/replies`, { message: 'Hello' }, staff.viewer)).statusCode).toBe(403);
    expect((await call('POST', `/contacts/${id}/replies`, { message: 'Hello' }, null)).statusCode).toBe(401);
    expect((await call('POST', '/contacts/99999999/replies', { message: 'Hello' })).statusCode).toBe(404);
    expect((await call('POST', '/contacts/0/replies', { message: 'Hello' })).statusCode).toBe(400);
    const contact = await detail(id);
    expect(contact).toMatchObject({ status: 'new', replies: [] });
    const queued = await t.db.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('kind', '=', 'contact-reply')
      .where('to_address', 'like', `grace.${dialect}%`)
      .execute();
    expect(queued).toEqual([]);
  });
});
