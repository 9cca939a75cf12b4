import { MysqlAdapter, sql, type Expression, type Insertable, type Kysely } from 'kysely';
import type { BlogSortField, SortDirection } from '../../../shared/contracts/blog';
import { insertReturningId } from '../../db/insert-id';
import type { DB } from '../../db/schema';

/** What a public list may filter on; every list shows published posts only. */
export interface PublishedPostFilter {
  search?: string;
  categoryId?: number;
  categorySlug?: string;
  tag?: string;
  author?: string;
  featured?: boolean;
  /** Leave out the post with this id or slug. */
  exclude?: { id?: number; slug: string };
}

export interface PostOrder {
  field: BlogSortField;
  direction: SortDirection;
}

/** `%text%` for LIKE with '!' as the escape (a backslash is spelled differently in MySQL and PostgreSQL). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
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
  'p.created_at',
  'c.name as category_name',
  'c.slug as category_slug',
  'c.color as category_color',
] as const;

function publishedPosts(db: Kysely<DB>) {
  return db
    .selectFrom('blog_posts as p')
    .leftJoin('blog_categories as c', 'c.id', 'p.category_id')
    .where('p.published', '=', 1);
}

type PostQuery = ReturnType<typeof publishedPosts>;

function applyFilter(query: PostQuery, filter: PublishedPostFilter): PostQuery {
  let q = query;
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    q = q.where((eb) =>
      eb.or(
        (['p.title', 'p.excerpt', 'p.content'] as const).map((column) =>
          eb(eb.fn('lower', [column]), 'like', sql<string>`${pattern} escape '!'`),
        ),
      ),
    );
  }
  if (filter.categoryId !== undefined) q = q.where('p.category_id', '=', filter.categoryId);
  if (filter.categorySlug !== undefined) q = q.where('c.slug', '=', filter.categorySlug);
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
  }
}

export async function listPublishedPosts(
  db: Kysely<DB>,
  filter: PublishedPostFilter,
  order: PostOrder,
  page: number,
  limit: number,
) {
  const query = applyFilter(publishedPosts(db), filter);
  const byDate = order.field === 'date' || order.field === 'created_at';
  const [rows, count] = await Promise.all([
    query
      .select(summaryColumns)
      .orderBy(orderExpression(order.field), order.direction)
      // Ties: newest first for the non-date keys, then by id in the direction of a date key.
      .$call((q) => (byDate ? q : q.orderBy('p.date', 'desc')))
      .orderBy('p.id', byDate ? order.direction : 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type PostSummaryRow = Awaited<ReturnType<typeof listPublishedPosts>>['rows'][number];

export async function findPublishedPostBySlug(db: Kysely<DB>, slug: string) {
  return publishedPosts(db)
    .select([...summaryColumns, 'p.content', 'p.seo_title', 'p.seo_description'])
    .where('p.slug', '=', slug)
    .executeTakeFirst();
}

export async function findPublishedPostById(db: Kysely<DB>, id: number) {
  return publishedPosts(db)
    .select([...summaryColumns, 'p.content', 'p.seo_title', 'p.seo_description'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/** Published posts of one category other than `excludeId`, newest first. */
export async function listRelatedPublishedPosts(db: Kysely<DB>, categoryId: number, excludeId: number, limit: number) {
  return publishedPosts(db)
    .select(summaryColumns)
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

/**
 * Records one visitor's like of a post and counts it on the post only when it is new, in one
 * transaction; a repeated like changes nothing. Returns the post's like count afterwards.
 */
export async function addPostLike(db: Kysely<DB>, postId: number, visitorKey: string, now: string) {
  return db.transaction().execute(async (trx) => {
    const insert = trx
      .insertInto('blog_post_likes')
      .values({ post_id: postId, visitor_key: visitorKey, created_at: now });
    // MySQL has no ON CONFLICT; INSERT IGNORE skips the duplicate of the unique (post_id, visitor_key) pair.
    const result = await (
      trx.getExecutor().adapter instanceof MysqlAdapter
        ? insert.ignore()
        : insert.onConflict((oc) => oc.columns(['post_id', 'visitor_key']).doNothing())
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
