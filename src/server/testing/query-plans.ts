/**
 * The query plans behind the endpoints `npm run bench -- --scale` loads (bench/scale.ts), on the database it has just seeded:
 * each read runs once through the real repository functions, every statement it sends is recorded and then
 * explained by the database itself (SQLite's EXPLAIN QUERY PLAN, PostgreSQL's and MySQL's EXPLAIN), and the
 * read's median time over a few runs is printed with it (the database alone, no HTTP, no render). Lines
 * that read a whole table or sort outside an index are marked, so a plan that grows with the content shows.
 */
import { CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import type { DialectName } from '../db/database';
import type { DB } from '../db/schema';
import {
  findPost,
  listCategoriesWithPublishedCount,
  listPosts,
  listRelatedPublishedPosts,
} from '../features/blog/blog.repository';
import {
  countPublished,
  listLatestPublishedPosts,
  newestPublishedChange,
  publishedIdAt,
  publishedPathsFrom,
} from '../features/feeds/feeds.repository';

const newest = { field: 'date', direction: 'desc' } as const;
/** Each read runs this many times after its explained run; the median time is printed with its plan. */
const TIMED_RUNS = 11;

/** What each endpoint reads; `slug`/`category`: a published post of the seeded database. */
function reads(post: { id: number; slug: string; categoryId: number }) {
  return {
    '/blog list': (db: Kysely<DB>) => listPosts(db, { published: true }, newest, 1, 9),
    '/blog categories': (db: Kysely<DB>) => listCategoriesWithPublishedCount(db),
    'staff list': (db: Kysely<DB>) => listPosts(db, {}, newest, 1, 20),
    'staff list page 500': (db: Kysely<DB>) => listPosts(db, {}, newest, 500, 20),
    article: (db: Kysely<DB>) => findPost(db, { slug: post.slug }, true),
    related: (db: Kysely<DB>) => listRelatedPublishedPosts(db, post.categoryId, post.id, 3),
    RSS: (db: Kysely<DB>) => listLatestPublishedPosts(db, 20),
    'sitemap index': (db: Kysely<DB>) => countPublished(db, 'blog_posts'),
    'sitemap child start': (db: Kysely<DB>) => publishedIdAt(db, 'blog_posts', 10_000),
    'sitemap keyset page': (db: Kysely<DB>) => publishedPathsFrom(db, 'blog_posts', post.id, 1000),
    'sitemap lastmod': (db: Kysely<DB>) => newestPublishedChange(db, 'blog_posts'),
  };
}

/** A plan line that reads every row or sorts without an index. */
function costly(dialect: DialectName, line: string): boolean {
  if (dialect === 'sqlite') return /^SCAN (?!.*COVERING INDEX)|TEMP B-TREE/.test(line.replace(/^[\s|`-]+/, ''));
  if (dialect === 'postgres') return /Seq Scan|(?<!Incremental )Sort\b/.test(line);
  return /type=ALL|filesort/.test(line);
}

async function explain(db: Kysely<DB>, dialect: DialectName, query: CompiledQuery): Promise<string[]> {
  const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${prefix}${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((row) => {
    if (dialect === 'sqlite') return String(row.detail);
    if (dialect === 'postgres') return String(row['QUERY PLAN']);
    return `table=${row.table} type=${row.type} key=${row.key} rows=${row.rows} ${row.Extra ?? ''}`;
  });
}

/** Every read's statements with their plans, costly lines marked with "!!". */
export async function explainScaleReads(db: Kysely<DB>, dialect: DialectName): Promise<string> {
  const row = await db
    .selectFrom('blog_posts')
    .select(['id', 'slug', 'category_id'])
    .where('published', '=', 1)
    .where('category_id', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const post = { id: Number(row.id), slug: row.slug, categoryId: Number(row.category_id) };
  const out: string[] = [];
  for (const [name, read] of Object.entries(reads(post))) {
    const recorded: CompiledQuery[] = [];
    const recorder: KyselyPlugin = {
      transformQuery(args) {
        recorded.push(db.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    await read(db.withPlugin(recorder));
    const times: number[] = [];
    for (let i = 0; i < TIMED_RUNS; i += 1) {
      const started = performance.now();
      await read(db);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    out.push(`${name}: median ${times[Math.floor(TIMED_RUNS / 2)]!.toFixed(2)} ms over ${TIMED_RUNS} runs`);
    for (const query of recorded) {
      out.push(`  ${query.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
      for (const line of await explain(db, dialect, query)) {
        out.push(`    ${costly(dialect, line) ? '!! ' : ''}${line}`);
      }
    }
  }
  return out.join('\n');
}
