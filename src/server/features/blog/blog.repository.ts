import {
  MysqlAdapter,
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  type Updateable,
} from 'kysely';
import type { BlogSortField, SortDirection } from '../../../shared/contracts/blog';
import { insertReturningId } from '../../db/insert-id';
import {
  dialectOfDb,
  fts5Query,
  mysqlBooleanQuery,
  mysqlTokenRules,
  searchTerms,
  splitForInnodb,
  tsQuery,
} from '../../db/full-text';
import { forUpdate, likeContains, likePrefix, pageWithTotal } from '../../db/query-helpers';
import type { CommentStatus, DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';

/** What a list may filter on. Visitor lists always set `published: true`; staff may leave it out (all). */
export interface PostFilter {
  published?: boolean;
  search?: string;
  categoryId?: number;
  categorySlug?: string;
  tag?: string;
  author?: string;
  featured?: boolean;
  /** Read time in minutes, inclusive bounds. */
  minReadTime?: number;
  maxReadTime?: number;
  /** YYYY-MM-DD, inclusive bounds on the post date. */
  dateFrom?: string;
  dateTo?: string;
  /** Leave out the post with this id or slug. */
  exclude?: { id?: number; slug: string };
}

export interface PostOrder {
  /** relevance: best match first (ties newest first); without a search, newest first. */
  field: BlogSortField | 'relevance';
  direction: SortDirection;
}

const summaryColumns = [
  'p.id',
  'p.slug',
  'p.title',
  'p.excerpt',
  'p.image_url',
  'p.category_id',
  'p.author',
  'p.date',
  'p.read_time',
  'p.views',
  'p.likes',
  'p.featured',
  'p.published',
  'p.sort_order',
  'p.published_at',
  'p.created_at',
  'p.updated_at',
  'c.name as category_name',
  'c.slug as category_slug',
  'c.color as category_color',
] as const;
const detailColumns = [...summaryColumns, 'p.content', 'p.seo_title', 'p.seo_description'] as const;

function postsWithCategory(db: Kysely<DB>) {
  return db.selectFrom('blog_posts as p').leftJoin('blog_categories as c', 'c.id', 'p.category_id');
}

type PostQuery = ReturnType<typeof postsWithCategory>;

/**
 * The posts without their category, for a count: filters and searches read `p` only (applyFilter), and
 * the join would make every database read each counted post's category (110 ms at 20,000 posts on SQLite
 * against 1 ms from the index alone, ADR 0035). Typed as PostQuery so that the same filters apply.
 */
function postsAlone(db: Kysely<DB>): PostQuery {
  return db.selectFrom('blog_posts as p') as unknown as PostQuery;
}
type PostTables = PostQuery extends SelectQueryBuilder<infer T, infer _TB, infer _O> ? T : never;

/**
 * How a search runs on this database (ADR 0021): the full-text index for the words it holds, LIKE for
 * words MySQL's index leaves out (too short, stopwords) and for a search without any word ("++", "…").
 */
type SearchPlan =
  | { kind: 'like'; text: string }
  | { kind: 'fts5'; match: string }
  | { kind: 'tsquery'; query: string }
  | { kind: 'mysql'; against: string | null; like: string[] };

async function planSearch(db: Kysely<DB>, search: string): Promise<SearchPlan> {
  const terms = searchTerms(search);
  if (terms.length === 0) return { kind: 'like', text: search };
  const dialect = dialectOfDb(db);
  if (dialect === 'sqlite') return { kind: 'fts5', match: fts5Query(terms) };
  if (dialect === 'postgres') return { kind: 'tsquery', query: tsQuery(terms) };
  const { indexed, unindexed } = splitForInnodb(terms, await mysqlTokenRules(db));
  return { kind: 'mysql', against: indexed.length > 0 ? mysqlBooleanQuery(indexed) : null, like: unindexed };
}

/** Posts whose title, excerpt or content contains the text (any case). */
function whereContains(query: PostQuery, text: string): PostQuery {
  const pattern = likeContains(text);
  return query.where((eb) =>
    eb.or(
      (['p.title', 'p.excerpt', 'p.content'] as const).map((column) => eb(eb.fn('lower', [column]), 'like', pattern)),
    ),
  );
}

/** The query narrowed to the search's matches, and the relevance of a match (higher is better) if ranked. */
function applySearch(query: PostQuery, plan: SearchPlan): { query: PostQuery; rank?: Expression<number> } {
  switch (plan.kind) {
    case 'like':
      return { query: whereContains(query, plan.text) };
    case 'fts5': {
      // bm25 is lower for better matches; a title hit weighs 10 times a content hit, an excerpt hit 4.
      const matches = sql<{
        id: number;
        rank: number;
      }>`(select rowid as id, -bm25(blog_posts_fts, 10.0, 4.0, 1.0) as rank
        from blog_posts_fts where blog_posts_fts match ${plan.match})`;
      const joined = query.innerJoin(matches.as('s'), (join) => join.on(sql`s.id`, '=', sql.ref('p.id')));
      return { query: joined as unknown as PostQuery, rank: sql<number>`s.rank` };
    }
    case 'tsquery': {
      const tsquery = sql`to_tsquery('simple'::regconfig, ${plan.query})`;
      return {
        query: query.where(sql<boolean>`p.search_vector @@ ${tsquery}`),
        // Title and excerpt only: search_vector lives in TOAST, search_rank in the row (ADR 0021).
        rank: sql<number>`ts_rank(p.search_rank, ${tsquery})`,
      };
    }
    case 'mysql': {
      let q = query;
      for (const term of plan.like) q = whereContains(q, term);
      if (plan.against === null) return { query: q };
      const all = sql<number>`match(p.title, p.excerpt, p.content) against (${plan.against} in boolean mode)`;
      return {
        // The bare MATCH as the condition: the form MySQL reads as "use the FULLTEXT index".
        query: q.where(sql<boolean>`${all}`),
        // A title hit counts five times a hit in the excerpt or content (once in each index, 4 × the title).
        rank: sql<number>`match(p.title) against (${plan.against} in boolean mode) * 4 + ${all}`,
      };
    }
  }
}

function applyFilter(query: PostQuery, filter: PostFilter): PostQuery {
  let q = query;
  if (filter.published !== undefined) q = q.where('p.published', '=', filter.published ? 1 : 0);
  if (filter.categoryId !== undefined) q = q.where('p.category_id', '=', filter.categoryId);
  if (filter.categorySlug !== undefined) {
    const slug = filter.categorySlug;
    // Through the category's id, not the joined row: a count leaves the join out (postsAlone).
    q = q.where((eb) =>
      eb('p.category_id', 'in', eb.selectFrom('blog_categories as cs').select('cs.id').where('cs.slug', '=', slug)),
    );
  }
  if (filter.tag !== undefined) {
    const tag = filter.tag;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('blog_post_tags as pt')
          .innerJoin('blog_tags as t', 't.id', 'pt.tag_id')
          .whereRef('pt.post_id', '=', 'p.id')
          .where((inner) =>
            inner.or([inner('t.slug', '=', tag), inner(inner.fn('lower', ['t.name']), '=', tag.toLowerCase())]),
          )
          .select('pt.tag_id'),
      ),
    );
  }
  const author = filter.author?.toLowerCase();
  if (author !== undefined) q = q.where((eb) => eb(eb.fn('lower', ['p.author']), '=', author));
  if (filter.featured !== undefined) q = q.where('p.featured', '=', filter.featured ? 1 : 0);
  if (filter.minReadTime !== undefined) q = q.where('p.read_time', '>=', filter.minReadTime);
  if (filter.maxReadTime !== undefined) q = q.where('p.read_time', '<=', filter.maxReadTime);
  if (filter.dateFrom !== undefined) q = q.where('p.date', '>=', filter.dateFrom);
  if (filter.dateTo !== undefined) q = q.where('p.date', '<=', filter.dateTo);
  if (filter.exclude) {
    const { id, slug } = filter.exclude;
    q = q.where('p.slug', '<>', slug);
    if (id !== undefined) q = q.where('p.id', '<>', id);
  }
  return q;
}

function orderExpression(field: BlogSortField): Expression<unknown> {
  switch (field) {
    case 'popularity':
      return sql`${sql.ref('p.views')} + 2 * ${sql.ref('p.likes')}`;
    case 'title':
      // lower(): the same order on every database, whatever its collation.
      return sql`lower(${sql.ref('p.title')})`;
    case 'created_at':
      return sql.ref('p.created_at');
    case 'views':
      return sql.ref('p.views');
    case 'likes':
      return sql.ref('p.likes');
    case 'date':
      return sql.ref('p.date');
    case 'sort_order':
      return sql.ref('p.sort_order');
  }
}

/** The list's order: the rank first when there is one, then the field, then ties (newest first, by id). */
function orderPosts<O>(
  query: SelectQueryBuilder<PostTables, 'p' | 'c', O>,
  order: PostOrder,
  rank?: Expression<number>,
) {
  // Without a rank (no search, or a search matched with LIKE only), relevance falls back to newest first.
  const field = order.field === 'relevance' ? 'date' : order.field;
  const direction = order.field === 'relevance' ? 'desc' : order.direction;
  const byDate = field === 'date' || field === 'created_at';
  return (
    query
      .$call((q) => (rank ? q.orderBy(rank, 'desc').orderBy('p.date', 'desc') : q))
      .orderBy(orderExpression(field), direction)
      // Ties: newest first for the non-date keys, then by id in the direction of a date key.
      .$call((q) => (byDate ? q : q.orderBy('p.date', 'desc')))
      .orderBy('p.id', byDate ? direction : 'desc')
  );
}

/**
 * One page of posts and the number of posts over all pages. With `searchCap`, a search answers at most
 * that many posts (ADR 0021), so that its cost stops growing with the number of matches: see
 * cappedSearch. Without it (staff lists), every match is counted and ranked.
 */
export async function listPosts(
  db: Kysely<DB>,
  filter: PostFilter,
  order: PostOrder,
  page: number,
  limit: number,
  searchCap?: number,
) {
  const plan = filter.search ? await planSearch(db, filter.search) : undefined;
  if (plan && searchCap !== undefined) {
    const search = applySearch(postsWithCategory(db), plan);
    const query = applyFilter(search.query, filter);
    const rank = order.field === 'relevance' ? search.rank : undefined;
    return cappedSearch(db, query, { order, rank, fullText: search.rank !== undefined }, page, limit, searchCap);
  }
  // The page's ids and the count read the posts alone (postsAlone): the ids walk an index without reading
  // the rows they skip (a late row lookup, ADR 0035), then only the page's rows are read with their category.
  const search = plan ? applySearch(postsAlone(db), plan) : undefined;
  const counted = applyFilter(search?.query ?? postsAlone(db), filter);
  const rank = order.field === 'relevance' ? search?.rank : undefined;
  const [ids, count] = await Promise.all([
    orderPosts(counted.select('p.id as id'), order, rank)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    counted.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: await postsInOrder(
      db,
      ids.map((row) => Number(row.id)),
    ),
    total: Number(count.n),
  };
}

/** The summaries of these posts, in the order of the ids. */
async function postsInOrder(db: Kysely<DB>, ids: number[]) {
  const found =
    ids.length === 0 ? [] : await postsWithCategory(db).select(summaryColumns).where('p.id', 'in', ids).execute();
  const byId = new Map(found.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * PostgreSQL: the matches as a subquery the planner keeps apart (OFFSET 0), with the columns an order
 * needs. Asked for the newest 1,000 matches, the planner would otherwise walk the date index newest
 * first and test each post against the query, reading its search_vector out of TOAST (over a second for
 * a common word); kept apart, the GIN index finds the matches and only those are sorted.
 */
function fenced(db: Kysely<DB>, query: PostQuery): PostQuery {
  const matches = query
    .select(['p.id', 'p.date', 'p.title', 'p.views', 'p.likes', 'p.created_at', 'p.sort_order'])
    .select(sql<string>`p.search_rank`.as('search_rank'))
    .offset(0);
  return db.selectFrom(matches.as('p')) as unknown as PostQuery;
}

/** How a capped search orders: the order asked for, the rank if by relevance, whether the index matched. */
interface SearchOrder {
  order: PostOrder;
  rank?: Expression<number>;
  fullText: boolean;
}

/**
 * The ids a capped search answers, in order. SQLite and PostgreSQL: the first `cap` matches in the
 * order asked for (by relevance: the best `cap`), so every post shown is where an uncapped search would
 * show it. MySQL: InnoDB reads the whole row of every match it sorts (about 7 µs each, 100 ms for a word
 * in one post in seven), so the sort happens over the first `cap` rows the full-text index yields (a
 * LIMIT without ORDER BY, which stops reading there). InnoDB yields them most relevant first (its own
 * relevance over title, excerpt and content, as the manual describes for MATCH in WHERE without ORDER BY),
 * so these are the best `cap` by that measure, then ordered as asked (by relevance: the title weighed in).
 * Below the cap, every match, in the same order as uncapped (ADR 0021).
 */
async function pickSearchIds(db: Kysely<DB>, query: PostQuery, how: SearchOrder, cap: number): Promise<number[]> {
  const { order, rank } = how;
  const dialect = dialectOfDb(db);
  // A search matched by LIKE alone (words InnoDB does not index) reads the table, not the index, in no
  // useful order: it sorts every match, as SQLite and PostgreSQL do.
  if (dialect === 'mysql' && how.fullText) {
    const first = query
      .select('p.id as id')
      .$call((q) => (rank ? q.select(sql<number>`${rank}`.as('rank')) : q))
      .limit(cap);
    const sorted = db
      .selectFrom(first.as('m'))
      .innerJoin('blog_posts as p', 'p.id', 'm.id')
      .leftJoin('blog_categories as c', 'c.id', 'p.category_id')
      .select('p.id as id');
    const rows = await orderPosts(sorted, order, rank ? sql<number>`m.rank` : undefined).execute();
    return rows.map((row) => Number(row.id));
  }
  const source = dialect === 'postgres' ? fenced(db, query) : query;
  const rows = await orderPosts(source.select('p.id as id'), order, rank).limit(cap).execute();
  return rows.map((row) => Number(row.id));
}

/**
 * A search that answers at most `cap` posts (ADR 0021): `total` is the number of matches up to the cap
 * (exact below it; the list page shows the cap as "1,000+"), the pages run through those posts. One
 * query picks and orders the ids, without counting every match; a second reads the page's posts.
 */
async function cappedSearch(
  db: Kysely<DB>,
  query: PostQuery,
  how: SearchOrder,
  page: number,
  limit: number,
  cap: number,
) {
  const ids = await pickSearchIds(db, query, how, cap);
  return { rows: await postsInOrder(db, ids.slice((page - 1) * limit, page * limit)), total: ids.length };
}

export type PostSummaryRow = Awaited<ReturnType<typeof listPosts>>['rows'][number];

/** A post by slug or by id; with `publishedOnly` a draft is not found. */
export async function findPost(db: Kysely<DB>, by: { slug: string } | { id: number }, publishedOnly: boolean) {
  let query = postsWithCategory(db).select(detailColumns);
  query = 'slug' in by ? query.where('p.slug', '=', by.slug) : query.where('p.id', '=', by.id);
  if (publishedOnly) query = query.where('p.published', '=', 1);
  return query.executeTakeFirst();
}

export type PostDetailRow = NonNullable<Awaited<ReturnType<typeof findPost>>>;

/** A post's title (drafts too), or undefined. */
export async function findPostTitle(db: Kysely<DB>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('blog_posts').select('title').where('id', '=', id).executeTakeFirst();
  return row?.title;
}

/** Published posts of one category other than `excludeId`, newest first. */
export async function listRelatedPublishedPosts(db: Kysely<DB>, categoryId: number, excludeId: number, limit: number) {
  return postsWithCategory(db)
    .select(summaryColumns)
    .where('p.published', '=', 1)
    .where('p.category_id', '=', categoryId)
    .where('p.id', '<>', excludeId)
    .orderBy('p.date', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** Tag names of the given posts, in each post's own order. */
export async function listTagNamesOfPosts(db: Kysely<DB>, postIds: number[]) {
  if (postIds.length === 0) return [];
  return db
    .selectFrom('blog_post_tags as pt')
    .innerJoin('blog_tags as t', 't.id', 'pt.tag_id')
    .select(['pt.post_id', 't.name'])
    .where('pt.post_id', 'in', postIds)
    .orderBy('pt.post_id')
    .orderBy('pt.position')
    .orderBy('t.name')
    .execute();
}

export async function listKeywordsOfPost(db: Kysely<DB>, postId: number) {
  const rows = await db
    .selectFrom('blog_post_keywords')
    .select('keyword')
    .where('post_id', '=', postId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.keyword);
}

/** Every category with the number of its published posts. */
export async function listCategoriesWithPublishedCount(db: Kysely<DB>) {
  return db
    .selectFrom('blog_categories as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.slug',
      'c.color',
      'c.description',
      'c.icon',
      eb
        .selectFrom('blog_posts as p')
        .whereRef('p.category_id', '=', 'c.id')
        .where('p.published', '=', 1)
        .select(eb.fn.countAll<number | string>().as('n'))
        .as('post_count'),
    ])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

/** Tags used by at least one published post, with that number; most used first. */
export async function listTagsWithPublishedCount(db: Kysely<DB>) {
  return db
    .selectFrom('blog_tags as t')
    .innerJoin('blog_post_tags as pt', 'pt.tag_id', 't.id')
    .innerJoin('blog_posts as p', 'p.id', 'pt.post_id')
    .where('p.published', '=', 1)
    .groupBy(['t.id', 't.name', 't.slug'])
    .select((eb) => ['t.name', 't.slug', eb.fn.count<number | string>('p.id').as('post_count')])
    .orderBy((eb) => eb.fn.count('p.id'), 'desc')
    .orderBy('t.name')
    .execute();
}

/** True on MySQL, which has no ON CONFLICT: INSERT IGNORE skips a duplicate of a unique key instead. */
const isMysql = (db: Kysely<DB>) => db.getExecutor().adapter instanceof MysqlAdapter;

/** Locks a post's row for the rest of the transaction (see forUpdate); false when the post does not exist. */
async function lockPost(trx: Kysely<DB>, postId: number): Promise<boolean> {
  return Boolean(
    await forUpdate(trx, trx.selectFrom('blog_posts').select('id').where('id', '=', postId)).executeTakeFirst(),
  );
}

/**
 * Records one visitor's like of a post and counts it on the post only when it is new, in one
 * transaction; a repeated like changes nothing. Returns the post's like count afterwards.
 */
export async function addPostLike(db: Kysely<DB>, postId: number, visitorKey: string, now: string) {
  return writeTransaction(db, async (trx) => {
    await lockPost(trx, postId);
    const insert = trx
      .insertInto('blog_post_likes')
      .values({ post_id: postId, visitor_key: visitorKey, created_at: now });
    const result = await (
      isMysql(trx) ? insert.ignore() : insert.onConflict((oc) => oc.columns(['post_id', 'visitor_key']).doNothing())
    ).executeTakeFirst();
    const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    if (added) {
      await trx
        .updateTable('blog_posts')
        .set((eb) => ({ likes: eb('likes', '+', 1) }))
        .where('id', '=', postId)
        .execute();
    }
    const row = await trx.selectFrom('blog_posts').select('likes').where('id', '=', postId).executeTakeFirstOrThrow();
    return { likes: Number(row.likes), added };
  });
}

/**
 * Counts one view of a post for a visitor and day: the (post, visitor, day) row is inserted unless it
 * exists (a concurrent duplicate is skipped by the unique key, never an error) and the post's counter
 * rises only when the row was new. True when the view was counted.
 */
export async function addPostView(db: Kysely<DB>, postId: number, visitorKey: string, day: string, now: string) {
  // Most page views are repeats of a view already counted today: answer those with one indexed read,
  // without a write transaction and a lock on the post row. The transaction below still settles races.
  const counted = await db
    .selectFrom('blog_post_views')
    .select('id')
    .where('post_id', '=', postId)
    .where('visitor_key', '=', visitorKey)
    .where('viewed_on', '=', day)
    .executeTakeFirst();
  if (counted) return false;
  return writeTransaction(db, async (trx) => {
    if (!(await lockPost(trx, postId))) return false;
    const insert = trx
      .insertInto('blog_post_views')
      .values({ post_id: postId, visitor_key: visitorKey, viewed_on: day, created_at: now });
    const result = await (
      isMysql(trx)
        ? insert.ignore()
        : insert.onConflict((oc) => oc.columns(['post_id', 'visitor_key', 'viewed_on']).doNothing())
    ).executeTakeFirst();
    const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    if (!added) return false;
    const updated = await trx
      .updateTable('blog_posts')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', postId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  });
}

/** Approved comments of a post, oldest first; the e-mail is not selected. */
export async function listApprovedComments(db: Kysely<DB>, postId: number) {
  return db
    .selectFrom('blog_comments')
    .select(['id', 'name', 'message', 'created_at'])
    .where('post_id', '=', postId)
    .where('status', '=', 'approved')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertComment(db: Kysely<DB>, values: Insertable<DB['blog_comments']>): Promise<number> {
  return insertReturningId(db, 'blog_comments', values);
}

// ---------------------------------------------------------------- staff writes

export type PostValues = Omit<Insertable<DB['blog_posts']>, 'id' | 'views' | 'likes'>;

export async function insertPost(db: Kysely<DB>, values: PostValues): Promise<number> {
  return insertReturningId(db, 'blog_posts', values);
}

export async function updatePost(db: Kysely<DB>, id: number, values: Updateable<DB['blog_posts']>): Promise<boolean> {
  const result = await db.updateTable('blog_posts').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function slugExists(db: Kysely<DB>, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('blog_posts').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** Slugs equal to `base` or starting with `base-`, to pick the next free suffix. */
export async function slugsLike(db: Kysely<DB>, table: 'blog_posts' | 'blog_categories', base: string) {
  const rows = await db
    .selectFrom(table)
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', likePrefix(`${base}-`))]))
    .execute();
  return rows.map((r) => r.slug);
}

/** Replaces the tags of a post: tags are found or created by slug, then linked in the given order. */
export async function replacePostTags(db: Kysely<DB>, postId: number, tags: { name: string; slug: string }[]) {
  await db.deleteFrom('blog_post_tags').where('post_id', '=', postId).execute();
  if (tags.length === 0) return;
  const insert = db.insertInto('blog_tags').values(tags);
  await (isMysql(db) ? insert.ignore() : insert.onConflict((oc) => oc.column('slug').doNothing())).execute();
  const rows = await db
    .selectFrom('blog_tags')
    .select(['id', 'slug'])
    .where(
      'slug',
      'in',
      tags.map((t) => t.slug),
    )
    .execute();
  const ids = new Map(rows.map((r) => [r.slug, Number(r.id)]));
  await db
    .insertInto('blog_post_tags')
    .values(tags.map((t, position) => ({ post_id: postId, tag_id: ids.get(t.slug) as number, position })))
    .execute();
}

export async function replacePostKeywords(db: Kysely<DB>, postId: number, keywords: string[]) {
  await db.deleteFrom('blog_post_keywords').where('post_id', '=', postId).execute();
  if (keywords.length === 0) return;
  await db
    .insertInto('blog_post_keywords')
    .values(keywords.map((keyword, position) => ({ post_id: postId, keyword, position })))
    .execute();
}

/** Tags no post uses any more (left behind by an edit or a delete). */
export async function deleteUnusedTags(db: Kysely<DB>) {
  await db
    .deleteFrom('blog_tags')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('blog_post_tags as pt').select('pt.tag_id').whereRef('pt.tag_id', '=', 'blog_tags.id'))),
    )
    .execute();
}

/** Which of these ids exist. */
export async function existingPostIds(db: Kysely<DB>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('blog_posts').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => Number(r.id));
}

export async function deletePosts(db: Kysely<DB>, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('blog_posts').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Publishes or unpublishes; the first publication time is kept. */
export async function setPublished(db: Kysely<DB>, ids: number[], published: boolean, now: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('blog_posts')
    .set((eb) => ({
      published: published ? 1 : 0,
      updated_at: now,
      ...(published ? { published_at: eb.fn.coalesce('published_at', eb.val(now)) } : {}),
    }))
    .where('id', 'in', ids)
    .execute();
}

export async function setFeatured(db: Kysely<DB>, ids: number[], featured: boolean, now: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('blog_posts')
    .set({ featured: featured ? 1 : 0, updated_at: now })
    .where('id', 'in', ids)
    .execute();
}

export async function setSortOrder(db: Kysely<DB>, id: number, sortOrder: number) {
  await db.updateTable('blog_posts').set({ sort_order: sortOrder }).where('id', '=', id).execute();
}

export async function nextSortOrder(db: Kysely<DB>, table: 'blog_posts' | 'blog_categories'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('sort_order').as('n'))
    .executeTakeFirst();
  return row?.n === null || row?.n === undefined ? 0 : Number(row.n) + 1;
}

export async function categoryExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('blog_categories').select('id').where('id', '=', id).executeTakeFirst());
}

/** The company name, the blog form's default author ('' before the profile exists). */
export async function companyName(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('company_profile').select('name').orderBy('id').limit(1).executeTakeFirst();
  return row?.name ?? '';
}

// ---------------------------------------------------------------- categories

export async function findCategory(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('blog_categories')
    .select(['id', 'name', 'slug', 'color', 'description', 'icon'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function categorySlugExists(db: Kysely<DB>, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('blog_categories').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function insertCategory(db: Kysely<DB>, values: Insertable<DB['blog_categories']>): Promise<number> {
  return insertReturningId(db, 'blog_categories', values);
}

export async function updateCategory(db: Kysely<DB>, id: number, values: Updateable<DB['blog_categories']>) {
  await db.updateTable('blog_categories').set(values).where('id', '=', id).execute();
}

/** Posts of a category, drafts included. */
export async function countPostsOfCategory(db: Kysely<DB>, id: number): Promise<number> {
  const row = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('category_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteCategory(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('blog_categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------------------------------------------------------------- comment moderation

export async function listCommentsForStaff(
  db: Kysely<DB>,
  filter: { postId?: number; status?: CommentStatus },
  page: number,
  limit: number,
) {
  let query = db.selectFrom('blog_comments as m').innerJoin('blog_posts as p', 'p.id', 'm.post_id');
  if (filter.postId !== undefined) query = query.where('m.post_id', '=', filter.postId);
  if (filter.status !== undefined) query = query.where('m.status', '=', filter.status);
  return pageWithTotal(
    query,
    (q) =>
      q
        .select([
          'm.id',
          'm.post_id',
          'p.title as post_title',
          'p.slug as post_slug',
          'm.name',
          'm.email',
          'm.message',
          'm.status',
          'm.created_at',
        ])
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc'),
    page,
    limit,
  );
}

/** The title of the post a comment is on, or undefined. */
export async function findCommentPostTitle(db: Kysely<DB>, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('blog_comments as m')
    .innerJoin('blog_posts as p', 'p.id', 'm.post_id')
    .select('p.title')
    .where('m.id', '=', id)
    .executeTakeFirst();
  return row?.title;
}

export async function deleteComment(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('blog_comments').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------------------------------------------------------------- stats

/** Post counts and totals over published posts, or over every post when `includeDrafts`. */
export async function postTotals(db: Kysely<DB>, includeDrafts: boolean) {
  let query = db.selectFrom('blog_posts');
  if (!includeDrafts) query = query.where('published', '=', 1);
  return query
    .select((eb) => [
      eb.fn.countAll<number | string>().as('posts'),
      eb.fn.sum<number | string | null>('published').as('published'),
      eb.fn.sum<number | string | null>('featured').as('featured'),
      eb.fn.sum<number | string | null>('views').as('views'),
      eb.fn.sum<number | string | null>('likes').as('likes'),
    ])
    .executeTakeFirstOrThrow();
}

/** Approved comments on published posts, or on every post when `includeDrafts`. */
export async function commentTotal(db: Kysely<DB>, includeDrafts: boolean): Promise<number> {
  let query = db
    .selectFrom('blog_comments as m')
    .innerJoin('blog_posts as p', 'p.id', 'm.post_id')
    .where('m.status', '=', 'approved');
  if (!includeDrafts) query = query.where('p.published', '=', 1);
  const row = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every category with its published and draft post counts and the views and likes of its published posts. */
export async function categoryTotals(db: Kysely<DB>) {
  return db
    .selectFrom('blog_categories as c')
    .leftJoin('blog_posts as p', 'p.category_id', 'c.id')
    .groupBy(['c.id', 'c.name', 'c.slug', 'c.color', 'c.sort_order'])
    .select((eb) => [
      'c.id',
      'c.name',
      'c.slug',
      'c.color',
      eb.fn.sum<number | string | null>(sql`case when ${sql.ref('p.published')} = 1 then 1 else 0 end`).as('published'),
      eb.fn.sum<number | string | null>(sql`case when ${sql.ref('p.published')} = 0 then 1 else 0 end`).as('drafts'),
      eb.fn
        .sum<number | string | null>(sql`case when ${sql.ref('p.published')} = 1 then ${sql.ref('p.views')} else 0 end`)
        .as('views'),
      eb.fn
        .sum<number | string | null>(sql`case when ${sql.ref('p.published')} = 1 then ${sql.ref('p.likes')} else 0 end`)
        .as('likes'),
    ])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}
