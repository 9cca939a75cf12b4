import type { Kysely } from 'kysely';
import { contactName } from '../../../shared/contracts/contacts.values';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import type { Mailer, MailMessage } from '../../jobs/mailer';
import { htmlPage, oneLine, textPage } from './mail-layout';
import { deleteDigestItems, listActiveStaff, listDigestItems } from './notifications.repository';

/*
 * The digest of contacts that arrived while staff had already been mailed a few one by one (ADR 0033):
 * one mail per staff member whose new-contact preference is on, summarising every waiting contact, instead
 * of one mail per contact. Run by the scheduler, so once across instances.
 */

/** Contacts one run takes; more wait for the next run (another digest). */
export const DIGEST_BATCH = 1000;
/** Contacts a digest lists by name; the rest are counted. */
export const DIGEST_LISTED = 20;
export const CONTACTS_ADMIN_PATH = '/admin/contacts';

type DigestItem = Awaited<ReturnType<typeof listDigestItems>>[number];

export function staffContactDigestMail(to: string, items: DigestItem[], adminUrl: string): MailMessage {
  const count = items.length;
  const rows: Array<[string, string]> = items
    .slice(0, DIGEST_LISTED)
    .map((item) => [
      `${item.created_at.slice(0, 10)} ${item.created_at.slice(11, 16)} UTC`,
      oneLine(`${contactName(item)} — ${item.service ?? 'General enquiry'}`),
    ]);
  const intro = [
    `${count} new contact requests arrived through the website since the last mails about them.`,
    ...(count > DIGEST_LISTED ? [`The first ${DIGEST_LISTED} are listed; all of them are in the admin.`] : []),
  ];
  return {
    to,
    kind: 'contact-digest',
    subject: count === 1 ? '1 new contact request' : `${count} new contact requests`,
    text: textPage(intro, rows, `Open them in the admin: ${adminUrl}`),
    html: htmlPage(intro, rows, { href: adminUrl, label: 'Open the contacts in the admin' }),
  };
}

/**
 * Mails the digest of the waiting contacts and removes them from the wait, in one transaction: a run that
 * fails leaves them for the next. Answers how many contacts it covered.
 */
export async function sendContactDigest(db: Kysely<DB>, mailer: Mailer, publicUrl: string): Promise<number> {
  const covered = await writeTransaction(db, async (trx) => {
    const items = await listDigestItems(trx, DIGEST_BATCH);
    if (items.length === 0) return 0;
    const adminUrl = `${publicUrl}${CONTACTS_ADMIN_PATH}`;
    for (const member of (await listActiveStaff(trx)).filter((s) => s.newContact)) {
      await mailer.enqueue(trx, staffContactDigestMail(member.email, items, adminUrl));
    }
    await deleteDigestItems(
      trx,
      items.map((item) => item.id),
    );
    return items.length;
  });
  if (covered > 0) mailer.flush();
  return covered;
}
