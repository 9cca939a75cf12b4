import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneMailLimits } from '../../jobs/mail-limits';
import { CONTACT_DIGEST_EVERY_MS, CONTACT_DIGEST_JOB } from '../../jobs/staff-alerts';
import { sendContactDigest } from './contact-digest';
import { createStaffAlerts } from './staff-alerts';

/**
 * app.staffAlerts: the notifications feature's implementation, sending through app.mailer (ADR 0013) and
 * recording the visitor's contact request or comment in the recent activity (app.activity); and the
 * digest job, run once across instances by the scheduler's lease.
 */
export const staffAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'staffAlerts',
      createStaffAlerts({ mailer: app.mailer, activity: app.activity, publicUrl: app.config.publicUrl }),
    );
    app.scheduler.add({
      name: CONTACT_DIGEST_JOB,
      everyMs: CONTACT_DIGEST_EVERY_MS,
      async run(now) {
        await sendContactDigest(app.database.db, app.mailer, app.config.publicUrl);
        await pruneMailLimits(app.database.db, now);
      },
    });
  },
  { name: 'staff-alerts', dependencies: ['mailer', 'activity-log', 'scheduler'] },
);
