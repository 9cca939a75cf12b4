import { beforeAll, describe, expect, it } from 'vitest';
import { setupCheckSchema, SetupMessage, type SetupCheck } from '../../shared/contracts/setup-check';
import { formatMessage } from '../../shared/errors';
import { ensureFirstAdmin } from '../features/users/first-admin';
import { hashPassword } from '../features/users/password';
import { apiCaller, bearer, createStaff, type Session } from '../testing/auth-helpers';
import { useSmtpSink } from '../testing/smtp-sink';
import { ACME_COMPANY } from '../testing/company-write';
import { useTestApp } from '../testing/test-app';
import { testDialects } from '../testing/test-database';

/*
 * The setup check (GET /api/system/setup, /api/ready's `setup`): what a site lacks for production, told
 * truthfully from the configuration and the database, on every database; the test e-mail through a real
 * SMTP server, and into the log without one.
 */

const notDone = (check: SetupCheck) => check.items.filter((item) => !item.done).map((item) => item.id);

describe.each(testDialects)('the setup check of a demo installation on %s', (dialect) => {
  const t = useTestApp(dialect);
  let staff: { admin: Session; editor: Session; viewer: Session };
  beforeAll(async () => {
    staff = await createStaff(t.app, t.db.database.db);
  });
  const { call, ok } = apiCaller(
    () => t.app,
    () => staff.admin,
  );

  it('names what is not set up, each with what to do, in the order that costs most first', async () => {
    const check = setupCheckSchema.parse(await ok('GET', '/system/setup'));
    expect(check.done).toBe(false);
    expect(notDone(check)).toEqual([
      'mail',
      'publicUrl',
      'mailFrom',
      'backupsOffSite',
      'backupsScheduled',
      'demoContent',
    ]);
    const byId = new Map(check.items.map((item) => [item.id, item]));
    expect(byId.get('company')).toMatchObject({ done: true });
    expect(byId.get('mail')!.detail).toContain('SMTP_URL');
    expect(byId.get('publicUrl')!.title).toContain(t.config.publicUrl);
    expect(byId.get('demoContent')!.detail).toMatch(
      /the demo company information, \d+ demo blog posts, \d+ demo projects/,
    );
    expect(byId.get('backupsScheduled')!.link).toBe('/admin/settings#settings-backups');
  });

  it('sees the backup schedule turned on and demo posts deleted', async () => {
    await ok('PUT', '/backups/schedule', { enabled: true, everyHours: 24 });
    const check = setupCheckSchema.parse(await ok('GET', '/system/setup'));
    expect(check.items.find((item) => item.id === 'backupsScheduled')).toMatchObject({
      done: true,
      title: 'A backup is made every 24 hours',
    });
  });

  it('is for admins only; /api/ready names the items not done, without their texts', async () => {
    expect((await call('GET', '/system/setup', undefined, staff.editor)).statusCode).toBe(403);
    expect((await call('GET', '/system/setup', undefined, staff.viewer)).statusCode).toBe(403);
    expect((await call('GET', '/system/setup', undefined, null)).statusCode).toBe(401);
    expect((await call('POST', '/system/test-email', {}, staff.editor)).statusCode).toBe(403);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json().data.setup).toEqual(['mail', 'publicUrl', 'mailFrom', 'backupsOffSite', 'demoContent']);
  });

  it('writes the test e-mail to the log when no mail server is configured, and says so', async () => {
    const res = await call('POST', '/system/test-email', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'logged' }, message: SetupMessage.TEST_LOGGED });
  });
});

describe.each(testDialects)('the setup check of a configured installation on %s', (dialect) => {
  const env: Record<string, string> = {
    PUBLIC_URL: 'https://www.acme-studio.test',
    MAIL_FROM: 'Acme Studio <hello@acme-studio.test>',
    BACKUP_S3_BUCKET: 'acme-backups',
    BACKUP_S3_ENDPOINT: 'http://127.0.0.1:9',
    BACKUP_S3_ACCESS_KEY_ID: 'key',
    BACKUP_S3_SECRET_ACCESS_KEY: 'secret',
  };
  const { received } = useSmtpSink(env);
  const t = useTestApp(dialect, { seed: false, env });
  const db = () => t.db.database.db;

  it('asks for the company information and a new password for a generated first admin, then is done', async () => {
    const first = await ensureFirstAdmin(db(), {});
    expect(first.generatedPassword).toBeDefined();
    const { admin } = await createStaff(t.app, db());
    const { ok } = apiCaller(
      () => t.app,
      () => admin,
    );
    let check = setupCheckSchema.parse(await ok('GET', '/system/setup'));
    expect(notDone(check)).toEqual(['company', 'adminPassword', 'backupsScheduled']);
    expect(check.items.find((item) => item.id === 'adminPassword')!.title).toBe(
      `${first.email} still signs in with the generated password`,
    );

    await ok('PUT', '/company', ACME_COMPANY);
    await ok('PUT', '/backups/schedule', { enabled: true, everyHours: 168 });
    await db()
      .updateTable('users')
      .set({ password_hash: await hashPassword('A password of my own choosing') })
      .where('email', '=', first.email!)
      .execute();
    check = setupCheckSchema.parse(await ok('GET', '/system/setup'));
    expect(notDone(check)).toEqual([]);
    expect(check.done).toBe(true);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json().data.setup).toEqual([]);
  });

  it('sends the test e-mail to the signed-in admin through the mail server', async () => {
    const { admin } = await createStaff(t.app, db());
    const { call } = apiCaller(
      () => t.app,
      () => admin,
    );
    const res = await call('POST', '/system/test-email', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { to: admin.user.email, status: 'sent' },
      message: formatMessage(SetupMessage.TEST_SENT, { to: admin.user.email }),
    });
    const mail = received.find((m) => m.to.includes(admin.user.email));
    expect(mail?.raw).toContain('Subject: Test e-mail from your website');
    expect(mail?.raw).toContain('https://www.acme-studio.test');
    // A handful a minute from one address.
    const fromOneAddress = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/system/test-email',
        payload: {},
        headers: bearer(admin.token),
        remoteAddress: '10.77.0.1',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await fromOneAddress()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
