import { sql, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { BlogSortField, SortDirection } from '../../../shared/contracts/blog';
import {
  dialectOfDb,
  fts5Query,
  mysqlBooleanQuery,
  mysqlTokenRules,
  searchTerms,
  splitForInnodb,
  tsQuery,
} from '../../db/full-text';
import { likeContains } from '../../db/query-helpers';
import type { DB } from '../../db/schema';
import { countAfresh, type KeptCount } from '../../pages/kept-counts';

/*
 * The blog's lists (ADR 0007, ADR 0021, ADR 0035): filters, full-text search, orders and pages of posts with
 * their category, and the columns a post is read with. The rest of the blog's reads and writes are in
 * blog.repository.ts.
 */

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

export const summaryColumns = [
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
  'p.publish_at',
  'p.created_at',
  'p.updated_at',
  'c.name as category_name',
  'c.slug as category_slug',
  'c.color as category_color',
] as const;
export const detailColumns = [...summaryColumns, 'p.content', 'p.seo_title', 'p.seo_description', 'p.version'] as const;

export function postsWithCategory(db: Kysely<DB>) {
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
  count: KeptCount = countAfresh,
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
  const countRows = async () =>
    Number((await counted.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  // A search's count depends on the words and the index: counted every time. A filter's is kept until a
  // write to the posts purges it (ADR 0038): a list's later pages and the staff list do not count again.
  const [ids, total] = await Promise.all([
    orderPosts(counted.select('p.id as id'), order, rank)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    plan ? countRows() : count(`posts:${JSON.stringify(filter)}`, countRows),
  ]);
  return {
    rows: await postsInOrder(
      db,
      ids.map((row) => Number(row.id)),
    ),
    total,
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
