import { sql } from 'kysely';
import { TIMESTAMP, dialectOf, longText, withId, type AnyDb } from './helpers';

/*
 * A newsletter that sends (ADR 0046). Expand-only, so that the previous release runs on the new schema and
 * only ever sees what it knows:
 * - newsletter_subscribers.status keeps its two values ('subscribed', 'unsubscribed'), its check and its
 *   table (no rebuild). Two nullable columns carry what this release adds, and its four states are read
 *   from the three columns (src/server/features/newsletter/newsletter-states.ts):
 *     pending      = status 'subscribed', confirmed_at null, bounced_at null (signed up, not confirmed)
 *     subscribed   = status 'subscribed', confirmed_at set,  bounced_at null (confirmed: mailed)
 *     unsubscribed = status 'unsubscribed', bounced_at null (confirmed_at is cleared on the way out)
 *     bounced      = bounced_at set; stored with status 'unsubscribed'
 *   The previous release inserts 'subscribed' without confirmed_at: a pending sign-up, never mailed the
 *   newsletter until it is confirmed. Its re-sign-up of an unsubscribed row sets 'subscribed' again
 *   without confirmed_at (pending too), and of a bounced row leaves bounced_at (still bounced).
 * - Rows already subscribed when this runs signed up before double opt-in existed: they are real
 *   subscribers, so confirmed_at is back-filled with created_at. Unsubscribed rows stay unconfirmed.
 * - Indexes for the list's status filters: (status, confirmed_at, created_at) for pending and confirmed,
 *   (bounced_at) for bounced; unsubscribed is served by the existing (status, created_at).
 * - mail_outbox.headers: nullable JSON text of extra mail headers (List-Unsubscribe); the previous release
 *   neither reads nor writes it.
 * - newsletter_sends: one row per post sent to the subscribers (a post is sent once: unique post_id), its
 *   frozen text, how far the release has gone and its counts.
 * Frozen once released.
 */

const SUBSCRIBER_INDEXES = [
  ['newsletter_subscribers_status_confirmed_at_created_at_idx', ['status', 'confirmed_at', 'created_at']],
  ['newsletter_subscribers_bounced_at_idx', ['bounced_at']],
] as const;

async function dropIndex(db: AnyDb, table: string, name: string): Promise<void> {
  const drop = db.schema.dropIndex(name);
  await (dialectOf(db) === 'mysql' ? drop.on(table) : drop).execute();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirmed_at', TIMESTAMP).execute();
  await db.schema.alterTable('newsletter_subscribers').addColumn('bounced_at', TIMESTAMP).execute();
  await db
    .updateTable('newsletter_subscribers')
    .set((eb) => ({ confirmed_at: eb.ref('created_at') }))
    .where('status', '=', 'subscribed')
    .execute();
  for (const [name, columns] of SUBSCRIBER_INDEXES) {
    await db.schema
      .createIndex(name)
      .on('newsletter_subscribers')
      .columns([...columns])
      .execute();
  }
  await db.schema.alterTable('mail_outbox').addColumn('headers', longText(db)).execute();

  await withId(db, db.schema.createTable('newsletter_sends'))
    .addColumn('post_id', 'integer')
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('text_body', longText(db), (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('sending'))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_subscriber_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_subscriber_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_release_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('finished_at', TIMESTAMP)
    .addUniqueConstraint('newsletter_sends_post_id_key', ['post_id'])
    .addForeignKeyConstraint('newsletter_sends_post_id_fk', ['post_id'], 'blog_posts', ['id'], (c) =>
      c.onDelete('set null'),
    )
    .addForeignKeyConstraint('newsletter_sends_created_by_fk', ['created_by'], 'users', ['id'], (c) =>
      c.onDelete('set null'),
    )
    .addCheckConstraint('newsletter_sends_status_check', sql`${sql.ref('status')} in ('sending', 'done')`)
    .execute();
  await db.schema
    .createIndex('newsletter_sends_status_next_release_at_idx')
    .on('newsletter_sends')
    .columns(['status', 'next_release_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('newsletter_sends').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
  // What the previous release reads without the new columns: a sign-up never confirmed, and a bounced
  // address the previous release signed up again, are kept but taken off the list ('unsubscribed'), so
  // that they are never mailed, and a later `up` does not count them as confirmed. A new sign-up of the
  // address starts over.
  await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'unsubscribed' })
    .where('status', '=', 'subscribed')
    .where((eb) => eb.or([eb('confirmed_at', 'is', null), eb('bounced_at', 'is not', null)]))
    .execute();
  for (const [name] of SUBSCRIBER_INDEXES) await dropIndex(db, 'newsletter_subscribers', name);
  await db.schema.alterTable('newsletter_subscribers').dropColumn('bounced_at').execute();
  await db.schema.alterTable('newsletter_subscribers').dropColumn('confirmed_at').execute();
}
