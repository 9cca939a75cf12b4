import { sql } from 'kysely';
import { dialectOf, type AnyDb } from './helpers';

/*
 * Full-text search over blog posts (ADR 0021). Frozen once released.
 * Each database indexes the title, excerpt and content of every post, kept in sync by the database itself
 * on every insert, update and delete (so every write path is covered, a restore included):
 * - SQLite: an FTS5 external-content table `blog_posts_fts` over blog_posts (rowid = id) with three
 *   triggers; `rebuild` back-fills the posts that exist.
 * - PostgreSQL: a `search_vector` column (title weight A, excerpt B, content C, 'simple' configuration: no
 *   stemming, no stopwords, like the other two) with a GIN index for matching, and a small `search_rank`
 *   (title A, excerpt B) for ranking, both set by a BEFORE trigger; an update computes them for the
 *   existing rows (VACUUM FULL blog_posts afterwards compacts a large table).
 *   SQLite also gets a covering index (id, published, date, category_id) for the matches' filters.
 * - MySQL/MariaDB: FULLTEXT indexes on (title, excerpt, content) for matching and on (title) for ranking
 *   title matches higher; InnoDB indexes the existing rows when the index is created.
 */

const SQLITE_TRIGGERS = ['blog_posts_fts_ai', 'blog_posts_fts_ad', 'blog_posts_fts_au'] as const;

export async function up(db: AnyDb): Promise<void> {
  const dialect = dialectOf(db);
  if (dialect === 'sqlite') {
    await sql`create virtual table blog_posts_fts using fts5(
      title, excerpt, content,
      content = 'blog_posts', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    )`.execute(db);
    await sql`create trigger blog_posts_fts_ai after insert on blog_posts begin
      insert into blog_posts_fts (rowid, title, excerpt, content) values (new.id, new.title, new.excerpt, new.content);
    end`.execute(db);
    await sql`create trigger blog_posts_fts_ad after delete on blog_posts begin
      insert into blog_posts_fts (blog_posts_fts, rowid, title, excerpt, content)
        values ('delete', old.id, old.title, old.excerpt, old.content);
    end`.execute(db);
    // Only the indexed columns: a view or a like does not touch the index.
    await sql`create trigger blog_posts_fts_au after update of id, title, excerpt, content on blog_posts begin
      insert into blog_posts_fts (blog_posts_fts, rowid, title, excerpt, content)
        values ('delete', old.id, old.title, old.excerpt, old.content);
      insert into blog_posts_fts (rowid, title, excerpt, content) values (new.id, new.title, new.excerpt, new.content);
    end`.execute(db);
    await sql`insert into blog_posts_fts (blog_posts_fts) values ('rebuild')`.execute(db);
    // Rows hold their content in line: reading a match's flags and date from this index instead of the
    // row spares reading each match's content (a common word matches thousands of posts).
    await sql`create index blog_posts_search_cover_idx on blog_posts (id, published, date, category_id)`.execute(db);
  } else if (dialect === 'postgres') {
    await sql`alter table blog_posts add column search_vector tsvector`.execute(db);
    await sql`alter table blog_posts add column search_rank tsvector`.execute(db);
    // Ranking reads search_rank for every match: kept in the row (compressed at most), never in TOAST.
    await sql`alter table blog_posts alter column search_rank set storage main`.execute(db);
    // Content and search_vector go to TOAST, so the rows a search visits are a few hundred bytes, not kilobytes.
    await sql`alter table blog_posts set (toast_tuple_target = 128)`.execute(db);
    // A trigger rather than a generated column: a row read with every column can be written back as it is.
    await sql`create function blog_posts_search_vector() returns trigger language plpgsql as $$
      begin
        new.search_vector :=
          setweight(to_tsvector('simple'::regconfig, new.title), 'A') ||
          setweight(to_tsvector('simple'::regconfig, new.excerpt), 'B') ||
          setweight(to_tsvector('simple'::regconfig, new.content), 'C');
        new.search_rank :=
          setweight(to_tsvector('simple'::regconfig, new.title), 'A') ||
          setweight(to_tsvector('simple'::regconfig, new.excerpt), 'B');
        return new;
      end
    $$`.execute(db);
    await sql`create trigger blog_posts_search_vector_bu
      before insert or update of title, excerpt, content, search_vector, search_rank on blog_posts
      for each row execute function blog_posts_search_vector()`.execute(db);
    await sql`update blog_posts set search_vector = null`.execute(db);
    await sql`create index blog_posts_search_vector_idx on blog_posts using gin (search_vector)`.execute(db);
  } else {
    // One FULLTEXT index per statement: InnoDB builds only one at a time.
    await sql`alter table blog_posts add fulltext index blog_posts_search_ft (title, excerpt, content)`.execute(db);
    await sql`alter table blog_posts add fulltext index blog_posts_title_ft (title)`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  const dialect = dialectOf(db);
  if (dialect === 'sqlite') {
    await sql`drop index if exists blog_posts_search_cover_idx`.execute(db);
    for (const trigger of SQLITE_TRIGGERS) await sql`drop trigger if exists ${sql.ref(trigger)}`.execute(db);
    await sql`drop table if exists blog_posts_fts`.execute(db);
  } else if (dialect === 'postgres') {
    await sql`drop trigger if exists blog_posts_search_vector_bu on blog_posts`.execute(db);
    await sql`drop function if exists blog_posts_search_vector()`.execute(db);
    await sql`drop index if exists blog_posts_search_vector_idx`.execute(db);
    await sql`alter table blog_posts drop column if exists search_rank`.execute(db);
    await sql`alter table blog_posts drop column if exists search_vector`.execute(db);
    await sql`alter table blog_posts reset (toast_tuple_target)`.execute(db);
  } else {
    await sql`alter table blog_posts drop index blog_posts_title_ft`.execute(db);
    await sql`alter table blog_posts drop index blog_posts_search_ft`.execute(db);
    // Dropping the indexes leaves InnoDB's hidden FTS_DOC_ID column and its bookkeeping behind; a later
    // FULLTEXT index would then miss rows written in between (seen on MariaDB 10.11). A rebuild removes it.
    await sql`alter table blog_posts engine = InnoDB`.execute(db);
  }
}
