import { describe, expect, it } from 'vitest';
import { AuthMessage } from '../../../shared/contracts/auth';
import { RESET_MAILS_PER_ACCOUNT } from '../../jobs/mail-limits';
import { createUser, freshIp, postLogin, TEST_PASSWORD } from '../../testing/auth-helpers';
import { eventually } from '../../testing/eventually';
import { useSmtpSink } from '../../testing/smtp-sink';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link out of a message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe.each(testDialects)('password reset through a real SMTP server (%s)', (dialect) => {
  const env: Record<string, string> = { MAIL_FROM: 'Studio <no-reply@studio.test>' };
  const { received } = useSmtpSink(env);
  const t = useTestApp(dialect, { seed: false, env });

  it('mails the reset link; the link sets the new password once', async () => {
    const user = await createUser(t.db.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AuthMessage.RESET_LINK_SENT);

    const message = await eventually(() => received.find((m) => m.to.includes(user.email)));
    expect(message.from).toBe('no-reply@studio.test');
    const text = decodeQuotedPrintable(message.raw);
    expect(text).toContain('Subject: Reset your password');
    expect(text).toContain('text/html');
    const link = /(http:\/\/\S+\/admin\/reset-password\?token=([\w-]+))/.exec(text);
    expect(link?.[1]).toContain(`${t.config.publicUrl}/admin/reset-password?token=`);
    const token = link![2]!;

    const outbox = await eventually(async () => {
      const row = await t.db.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', user.email)
        .executeTakeFirst();
      return row?.status === 'sent' ? row : undefined;
    });
    expect(outbox).toMatchObject({ attempts: 1, last_error: null });
    expect(outbox.sent_at).not.toBeNull();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'mailed-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await postLogin(t.app, { username: user.username, password: 'mailed-new-password' })).statusCode).toBe(200);
    expect((await postLogin(t.app, { username: user.username, password: TEST_PASSWORD })).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'third-password-here' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AuthMessage.RESET_TOKEN_INVALID);
  });

  it('30 reset requests from 30 client addresses mail one account at most its hourly limit, answering alike', async () => {
    const user = await createUser(t.db.database.db);
    const answers = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: i % 2 ? user.email.toUpperCase() : user.email },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    // The same answer every time, as for an address without an account: nothing tells the limit apart.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody-at-all@example.test' },
      remoteAddress: freshIp(),
    });
    for (const answer of answers) expect(answer).toEqual(unknown.json());

    await t.app.mailer.settled();
    const limit = RESET_MAILS_PER_ACCOUNT.limit;
    const rows = await t.db.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'status'])
      .where('to_address', '=', user.email)
      .execute();
    expect(rows).toHaveLength(limit);
    expect(rows.every((r) => r.kind === 'password-reset')).toBe(true);
    await eventually(async () => {
      const sent = await t.db.database.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', user.email)
        .where('status', '=', 'sent')
        .execute();
      return sent.length === limit ? true : undefined;
    });
    expect(received.filter((m) => m.to.includes(user.email))).toHaveLength(limit);
  });

  it('escapes every value interpolated into the HTML body', async () => {
    const result = await t.app.mailer.send({
      to: 'someone@example.test',
      subject: 'Test',
      text: 'plain',
      html: '<p>ok</p>',
    });
    expect(result.status).toBe('sent');
    const { passwordResetMail } = await import('./auth.mail');
    const mail = passwordResetMail('a@b.c', '<script>alert(1)</script>', 'https://x.test/?a="b"&c=<d>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('href="https://x.test/?a=&quot;b&quot;&amp;c=&lt;d&gt;"');
  });
});

describe('mail when the SMTP server cannot be reached', () => {
  // Nothing listens on port 1.
  const t = useTestApp('sqlite', { seed: false, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });

  it('keeps the message in the outbox as failed, with the error, for a retry', async () => {
    const result = await t.app.mailer.send({ to: 'x@example.test', subject: 'Kept', text: 'body' });
    expect(result.status).toBe('failed');
    const row = await t.db.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, subject: 'Kept', text_body: 'body' });
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.next_attempt_at! > row.created_at).toBe(true);
  });
});
