import type { Kysely } from 'kysely';
import { ContactMessage } from '../../../shared/contracts/contacts.values';
import { siteDayOf } from '../../../shared/site-day';
import type { DB } from '../../db/schema';
import { retryWriteConflicts, writeTransaction } from '../../db/write-conflicts';
import { notFound } from '../../lib/errors';
import type { StaffAlerts } from '../../jobs/staff-alerts';
import { findContactName } from './contacts.repository';

/*
 * Follow-up reminders for leads (ADR 0047): staff give a lead the day they mean to come back to it; on that
 * day (the site's time zone) the reminder job notifies the lead's assignee, or every staff member when
 * nobody has it, once; the Overview and the "Follow-ups due" filter list what is due until the day is
 * changed or taken off.
 */

/** At most this many reminders per run; the next run takes the rest. */
const REMINDER_BATCH = 100;

/** Sets (or, with null, takes off) a lead's follow-up day; a new day is reminded of afresh. */
export async function setFollowUp(db: Kysely<DB>, contactId: number, on: string | null): Promise<string | null> {
  const now = new Date().toISOString();
  const result = await retryWriteConflicts(() =>
    db
      .updateTable('contacts')
      .set({ follow_up_on: on, follow_up_reminded_at: null, updated_at: now })
      .where('id', '=', contactId)
      .executeTakeFirst(),
  );
  // MySQL counts changed rows only: an identical write in the same millisecond changes none.
  if (Number(result.numUpdatedRows) === 0 && !(await findContactName(db, contactId))) {
    throw notFound(ContactMessage.NOT_FOUND);
  }
  return on;
}

/**
 * Notifies staff of each lead whose follow-up day has come and who was not reminded yet. Each reminder is
 * claimed by a conditional UPDATE in the transaction that stores its notifications: told once, even when a
 * run is repeated or overlaps another.
 */
export async function remindDueFollowUps(
  db: Kysely<DB>,
  alerts: StaffAlerts,
  now: Date,
  timeZone: string,
): Promise<number> {
  const today = siteDayOf(now, timeZone);
  const due = await db
    .selectFrom('contacts')
    .select(['id', 'first_name', 'last_name', 'follow_up_on', 'assigned_to'])
    .where('follow_up_on', '<=', today)
    .where('follow_up_reminded_at', 'is', null)
    .orderBy('follow_up_on')
    .orderBy('id')
    .limit(REMINDER_BATCH)
    .execute();
  let reminded = 0;
  for (const lead of due) {
    const claimed = await writeTransaction(db, async (trx) => {
      const result = await trx
        .updateTable('contacts')
        .set({ follow_up_reminded_at: now.toISOString() })
        .where('id', '=', lead.id)
        .where('follow_up_on', '=', lead.follow_up_on)
        .where('follow_up_reminded_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await alerts.followUpDue(trx, {
        contactId: Number(lead.id),
        name: `${lead.first_name} ${lead.last_name}`,
        on: lead.follow_up_on as string,
        assignedTo: lead.assigned_to === null ? null : Number(lead.assigned_to),
      });
      return true;
    });
    if (claimed) reminded += 1;
  }
  return reminded;
}
