/**
 * `npm run bench -- --search` (ADR 0021): blog search at 100,000 published posts on each database
 * it is given (SQLite always; PostgreSQL and MySQL/MariaDB with BENCH_POSTGRES_URL / BENCH_MYSQL_URL or the
 * tests' TEST_POSTGRES_URL / TEST_MYSQL_URL). A fresh database gets the demo content and the posts (inserted
 * straight into blog_posts, so the database's own triggers and indexes do the indexing, as on any write),
 * then GET /api/blog/posts?search=… runs one request after another through the real app for a few
 * representative searches, and p50 / p95 are reported with how many posts each search answered (a visitor's
 * search answers at most 1,000, ADR 0021). Each search is measured again as staff, whose searches count
 * and rank every match (the search as it was before the cap), with the number of matches.
 * Goal: p95 ≤ 50 ms on each database. Results go to bench/results/search.json. On MySQL the seeding ends with
 * OPTIMIZE TABLE (minutes at 100,000 posts), which the seed time includes.
 *
 * The words follow Zipf's law over a vocabulary of 20,000 made-up words (letters only, so every engine
 * tokenises them alike) after 30 common English words: the searches are a common word (in about one post
 * in eight), a rare word (about one in a thousand), two words together and a four-letter prefix.
 *
 * Environment: BENCH_SEARCH_POSTS (default 100000), BENCH_SEARCH_REQUESTS (per search, default 100).
 */
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { DialectName } from '../src/server/db/database';
import type { DB } from '../src/server/db/schema';
import { seedDemoContent } from '../src/server/seed/seed';
import { bearer, createSignedIn } from '../src/server/testing/auth-helpers';
import { createTestDatabase } from '../src/server/testing/test-database';
import { benchDialects, machine, machineLine, percentile, writeResults } from './environment';
import { dateDaysAgo, publishedPostRow, randomSequence } from './seed-posts';
import { fixed, table } from './table';

const POSTS = Number(process.env.BENCH_SEARCH_POSTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 100);
const WARMUP = 10;
const BATCH = 250;
const VOCABULARY = 20_000;
const ENGLISH =
  'the of and to in is for that with on as are be this by from or at you it an your can we our was not'.split(' ');

/** 20,000 distinct pronounceable words of two to four syllables, in rank order. */
function madeUpWords(): string[] {
  const random = randomSequence(15_000_001);
  const onsets = ['b', 'c', 'd', 'f', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'br', 'st', 'tr', 'pl'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou'];
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    const syllables = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < syllables; i += 1) {
      word += onsets[Math.floor(random() * onsets.length)]! + vowels[Math.floor(random() * vowels.length)]!;
    }
    if (random() < 0.4) word += 'n';
    words.add(word);
  }
  return [...words];
}

/** Draws word ranks with probability ∝ 1 / rank (Zipf, s = 1) by inverting the cumulative sums. */
function zipfSampler(size: number, random: () => number): () => number {
  const cumulative = new Float64Array(size);
  let sum = 0;
  for (let rank = 0; rank < size; rank += 1) cumulative[rank] = sum += 1 / (rank + 1);
  return () => {
    const target = random() * sum;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const vocabulary = [...ENGLISH, ...madeUpWords()];

export const searches: { name: string; text: string }[] = [
  { name: 'common word', text: vocabulary[ENGLISH.length + 70]! },
  { name: 'rare word', text: vocabulary[ENGLISH.length + 12_000]! },
  { name: 'two words', text: `${vocabulary[ENGLISH.length + 150]} ${vocabulary[ENGLISH.length + 250]}` },
  { name: 'prefix', text: vocabulary[ENGLISH.length + 400]!.slice(0, 4) },
  { name: 'common word + category', text: vocabulary[ENGLISH.length + 70]! },
];

export async function seedPosts(db: Kysely<DB>, count: number): Promise<void> {
  const random = randomSequence(20_261_129);
  const nextRank = zipfSampler(vocabulary.length, random);
  const words = (n: number) => Array.from({ length: n }, () => vocabulary[nextRank()]).join(' ');
  const categories = (await db.selectFrom('blog_categories').select('id').execute()).map((c) => Number(c.id));
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const posts = Array.from({ length: size }, (_, offset) => {
      const n = start + offset;
      const date = dateDaysAgo(Math.floor(random() * 5 * 365));
      return publishedPostRow({
        slug: `search-bench-${n + 1}`,
        title: words(6),
        excerpt: words(18),
        content: `<h2>${words(4)}</h2><p>${words(60)}</p><p><strong>${words(3)}</strong> ${words(60)}</p>`,
        category_id: categories[Math.floor(random() * categories.length)] ?? null,
        author: 'Bench Writer',
        date,
        read_time: 1,
        views: Math.floor(random() * 5000),
        likes: Math.floor(random() * 300),
      });
    });
    await db.insertInto('blog_posts').values(posts).execute();
  }
}

interface SearchFigures {
  matches: number;
  p50: number;
  p95: number;
  max: number;
}

export interface SearchBenchRow {
  database: DialectName;
  posts: number;
  seedSeconds: number;
  searches: (SearchFigures & { name: string; text: string; uncapped: SearchFigures })[];
}

async function benchDatabase(dialect: DialectName): Promise<SearchBenchRow> {
  const test = await createTestDatabase(dialect);
  try {
    const db = test.database.db;
    await seedDemoContent(db);
    const seedStart = performance.now();
    await seedPosts(db, POSTS);
    // Fresh statistics, as autovacuum would have them on a live site. On MySQL, OPTIMIZE TABLE also merges
    // the FULLTEXT index that 400 batches left in pieces, as ADR 0021 advises after a bulk load or restore.
    await (dialect === 'mysql' ? sql`optimize table blog_posts` : sql`analyze`).execute(db);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    process.stdout.write(`  ${dialect}: ${POSTS.toLocaleString('en-US')} posts in ${fixed(seedSeconds, 0)} s\n`);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/site-bench-data',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      JOBS_ENABLED: 'false',
    });
    const app = await buildApp(config, { database: test.database, logger: false });
    await app.ready();
    try {
      // Staff searches count and rank every match (the search as it was before the cap): measured on
      // the same data, in the same run, for the before/after comparison of ADR 0021.
      const editor = await createSignedIn(app, db, { role: 'editor' });
      const measure = async (url: string, headers: Record<string, string>) => {
        const times: number[] = [];
        let matches = 0;
        for (let i = 0; i < REQUESTS + WARMUP; i += 1) {
          const start = performance.now();
          const res = await app.inject({
            method: 'GET',
            url,
            headers,
            remoteAddress: `10.9.${i % 250}.${(i >> 8) + 1}`,
          });
          const ms = performance.now() - start;
          if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
          matches = Number(res.json().data.total);
          if (i >= WARMUP) times.push(ms);
        }
        times.sort((a, b) => a - b);
        return { matches, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1)! };
      };
      const rows: SearchBenchRow['searches'] = [];
      for (const { name, text } of searches) {
        const category = name.endsWith('category') ? '&category=web-dev' : '';
        const url = `/api/blog/posts?search=${encodeURIComponent(text)}${category}`;
        const visitor = await measure(url, {});
        const staff = await measure(url, bearer(editor.token));
        rows.push({ name, text, ...visitor, uncapped: staff });
      }
      return { database: dialect, posts: POSTS, seedSeconds, searches: rows };
    } finally {
      await app.close();
    }
  } finally {
    await test.drop();
  }
}

export async function runSearchBench(): Promise<void> {
  const loadBefore = os.loadavg();
  const dialects = benchDialects();
  console.log(`\nBlog search at ${POSTS.toLocaleString('en-US')} published posts, ${REQUESTS} requests per search`);
  const rows: SearchBenchRow[] = [];
  for (const dialect of dialects) rows.push(await benchDatabase(dialect));
  const lines = [
    ['database', 'search', 'text', 'answered', 'p50 ms', 'p95 ms', 'max ms', 'matches', 'uncapped p50', 'p95'],
  ];
  for (const row of rows) {
    for (const s of row.searches) {
      lines.push([
        row.database,
        s.name,
        s.text,
        String(s.matches),
        fixed(s.p50, 1),
        fixed(s.p95, 1),
        fixed(s.max, 1),
        String(s.uncapped.matches),
        fixed(s.uncapped.p50, 1),
        fixed(s.uncapped.p95, 1),
      ]);
    }
  }
  console.log(table(lines, (column) => column >= 3));
  for (const row of rows) {
    const worst = Math.max(...row.searches.map((s) => s.p95));
    console.log(
      `Goal: p95 ≤ 50 ms on ${row.database}: worst ${fixed(worst, 1)} ms (${worst <= 50 ? 'met' : 'NOT met'})`,
    );
  }
  console.log(machineLine());
  const file = writeResults('search.json', { machine: machine(loadBefore), rows });
  console.log(`Results: ${file}`);
}
