import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../testing/auth-helpers';
import { useSmtpSink } from '../../testing/smtp-sink';
import { useTestApp } from '../../testing/test-app';
import { siteCalendar } from './site-calendar';
import { sendWeeklyReportIfDue } from './weekly-report';
import { siteFigures } from '../../site-figures';

/*
 * The weekly report through the real mail path: outbox, worker, nodemailer and an SMTP server started
 * here. (Who gets it and when, on the three databases: analytics-admin.routes.test.ts.)
 */

const env: Record<string, string> = { SITE_TIME_ZONE: 'Europe/Berlin' };
const { received } = useSmtpSink(env);

describe('the weekly analytics report', () => {
  const t = useTestApp('sqlite', { seed: false, env });

  it('arrives by SMTP with the week’s figures, page addresses escaped in the HTML part', async () => {
    const db = t.db.database.db;
    const reader = await createUser(db, { role: 'viewer' });
    await createUser(db, { role: 'admin' }); // has not asked for it
    await db
      .insertInto('user_email_preferences')
      .values({ user_id: reader.id, weekly_report: 1, updated_at: new Date().toISOString() })
      .execute();
    // Wednesday 18 November 2026 (the week of Monday 16th), Berlin time.
    await db
      .insertInto('analytics_page_views')
      .values([
        { page_url: '/', visitor_hash: 'a', referrer_source: 'Google', created_at: '2026-11-18T10:00:00.000Z' },
        {
          page_url: '/<b>bold</b>',
          visitor_hash: 'a',
          referrer_source: 'Internal',
          created_at: '2026-11-18T10:01:00.000Z',
        },
        // Sunday 22nd 23:30 in Berlin is still that week; Monday 00:30 is not.
        { page_url: '/blog', visitor_hash: 'b', referrer_source: 'Direct', created_at: '2026-11-22T22:30:00.000Z' },
        { page_url: '/blog', visitor_hash: 'c', referrer_source: 'Direct', created_at: '2026-11-22T23:30:00.000Z' },
      ])
      .execute();

    // Monday 23 November 2026, 09:00 in Berlin.
    const monday = new Date('2026-11-23T08:00:00.000Z');
    const adminUrl = `${t.config.publicUrl}/admin/analytics`;
    expect(
      await sendWeeklyReportIfDue(db, t.app.mailer, siteCalendar('Europe/Berlin'), adminUrl, monday, siteFigures),
    ).toBe(1);
    await t.app.mailer.settled();
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5000, interval: 50 });
    const [mail] = received;
    expect(mail!.to).toEqual([reader.email]);
    const raw = mail!.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('Subject: Website report for 2026-11-16 to 2026-11-22');
    expect(raw).toContain('Page views: 3');
    expect(raw).toContain('Unique visitors: 2');
    expect(raw).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(raw).not.toContain('<b>bold</b></td>');
    expect(raw).toContain(adminUrl);
    const sent = await db.selectFrom('mail_outbox').select(['status', 'kind']).execute();
    expect(sent).toEqual([{ status: 'sent', kind: 'weekly-report' }]);
  });
});
