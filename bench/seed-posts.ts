/**
 * Bulk blog content for `npm run bench -- --scale`: published posts with realistic titles, excerpts,
 * HTML bodies (about 1,000 words), categories and tags, inserted in batches straight into the database.
 * A fixed pseudo-random sequence makes every run write the same posts.
 */
import slugify from '@sindresorhus/slugify';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../src/server/db/schema';
import { blogReadMinutes } from '../src/shared/contracts/blog-admin';

/** Posts are inserted this many at a time: 500 × 14 columns stays below every database's parameter limit. */
const BATCH_SIZE = 500;

/** mulberry32: small, fast and deterministic. */
export function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const subjects = [
  'Core Web Vitals',
  'Headless Commerce',
  'Accessibility Audits',
  'Customer Support Chatbots',
  'Invoice Automation',
  'Progressive Web Apps',
  'Technical SEO',
  'Checkout Conversion',
  'Cloud Cost Control',
  'Mobile Onboarding',
  'Data Dashboards',
  'API Integrations',
  'Inventory Sync',
  'Content Workflows',
  'Serverless Backends',
  'Search Ranking',
  'Payment Security',
  'Design Systems',
  'Lead Scoring',
  'Email Automation',
  'Image Optimisation',
  'Database Backups',
  'Multi-language Sites',
  'Booking Systems',
];
const angles = [
  'A Practical Checklist for {s}',
  '{s}: What Small Businesses Get Wrong',
  'How We Approach {s} on Client Projects',
  'Five Lessons from a Year of {s}',
  '{s} in 2026: Costs, Risks and Quick Wins',
  'A Beginner’s Guide to {s}',
  'When {s} Pays Off (and When It Does Not)',
  '{s} Without a Big Budget',
];
const sectionTitles = [
  'Why it matters',
  'Where to start',
  'Common mistakes',
  'What it costs',
  'Measuring the result',
  'Tools we use',
  'A short case study',
  'Next steps',
];
const sentences = [
  'Most teams notice the problem only when customers start to complain, which is the most expensive moment to fix it.',
  'We begin every engagement with a short audit so that the first week is spent on the changes that matter most.',
  'A fast, accessible page is not a luxury feature: it is the difference between a visit and a sale.',
  'Measure before you change anything, otherwise you will never know which change made the difference.',
  'Automation works best on boring, repetitive tasks that follow the same rules every time.',
  'The cheapest option up front is rarely the cheapest option after two years of maintenance.',
  'Search engines reward pages that answer a real question clearly and load quickly on a phone.',
  'Good accessibility helps everyone, including people on slow connections and small screens.',
  'Keep the first version small, ship it, and let real usage tell you what to build next.',
  'Security is a process, not a plugin: updates, backups and least privilege do most of the work.',
  'A clear dashboard turns raw numbers into decisions that the whole team can act on.',
  'Integrations fail at the edges, so plan for retries, timeouts and clear error messages from day one.',
  'Content that is easy to update stays accurate, and accurate content builds trust.',
  'We write down every assumption so that the client can challenge it before it becomes code.',
  'Images are usually the heaviest part of a page, and the easiest to make lighter.',
  'A checkout with fewer steps and honest shipping costs converts better than any discount banner.',
  'Monitoring tells you something broke; good logs tell you why.',
  'Training the people who use the system matters as much as the system itself.',
  'Every extra field in a form costs you a few percent of the people who would have finished it.',
  'A reliable backup is one you have restored at least once.',
];
const tagNames = [
  'Performance',
  'SEO',
  'Accessibility',
  'E-commerce',
  'Automation',
  'AI',
  'React',
  'Node.js',
  'PostgreSQL',
  'Security',
  'UX',
  'Analytics',
  'Mobile',
  'Cloud',
  'APIs',
  'Content',
  'Startups',
  'Case Study',
  'Checklist',
  'Strategy',
];
const authors = ['Ahmed Raza', 'Sara Malik', 'Bilal Khan', 'Ayesha Siddiqui', 'Usman Tariq'];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

function paragraph(random: () => number): string {
  const count = 4 + Math.floor(random() * 3);
  return Array.from({ length: count }, () => pick(random, sentences)).join(' ');
}

/** Clean HTML (h2, p, ul, strong) as the editor stores it: about 1,000 words with six sections. */
function articleHtml(random: () => number, subject: string, sections: number): string {
  const parts: string[] = [`<p><strong>${subject}</strong> ${paragraph(random)}</p>`];
  for (let section = 0; section < sections; section += 1) {
    parts.push(`<h2>${pick(random, sectionTitles)}</h2>`);
    parts.push(`<p>${paragraph(random)}</p>`, `<p>${paragraph(random)}</p>`);
    if (section % 2 === 1) {
      parts.push(`<ul>${[0, 1, 2].map(() => `<li>${pick(random, sentences)}</li>`).join('')}</ul>`);
    }
  }
  return parts.join('\n');
}

/** A published, unfeatured post without image or SEO fields, published and written at 09:00 on its date. */
export function publishedPostRow(
  post: Pick<
    Insertable<DB['blog_posts']>,
    'slug' | 'title' | 'excerpt' | 'content' | 'category_id' | 'author' | 'date' | 'read_time' | 'views' | 'likes'
  >,
): Insertable<DB['blog_posts']> {
  const stamp = `${post.date}T09:00:00.000Z`;
  return {
    ...post,
    image_url: null,
    featured: 0,
    published: 1,
    seo_title: null,
    seo_description: null,
    sort_order: 0,
    published_at: stamp,
    created_at: stamp,
    updated_at: stamp,
  };
}

/** YYYY-MM-DD, `daysAgo` days before 2026-11-01. */
export function dateDaysAgo(daysAgo: number): string {
  return new Date(Date.UTC(2026, 10, 1) - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

async function ensureTags(db: Kysely<DB>): Promise<number[]> {
  const existing = await db.selectFrom('blog_tags').select(['id', 'slug']).execute();
  const known = new Set(existing.map((t) => t.slug));
  const missing = tagNames.filter((name) => !known.has(slugify(name)));
  if (missing.length > 0) {
    await db
      .insertInto('blog_tags')
      .values(missing.map((name) => ({ name, slug: slugify(name) })))
      .execute();
  }
  const rows = await db
    .selectFrom('blog_tags')
    .select('id')
    .where(
      'slug',
      'in',
      tagNames.map((n) => slugify(n)),
    )
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Adds `count` published posts spread over the five years before November 2026, each in one of the
 * existing categories with two to four tags. `sections`: the body's sections (six: about 1,000 words;
 * fewer keeps 100,000 posts quick to write when the body's length is not what is measured). Returns how
 * many posts were written.
 */
export async function seedPublishedPosts(
  db: Kysely<DB>,
  count: number,
  options: { sections?: number; onBatch?: (written: number) => void } = {},
): Promise<number> {
  const sections = options.sections ?? 6;
  const random = randomSequence(20_261_101);
  const categories = (await db.selectFrom('blog_categories').select('id').execute()).map((c) => Number(c.id));
  if (categories.length === 0) throw new Error('seedPublishedPosts: load the demo content first (no categories)');
  const tags = await ensureTags(db);

  for (let start = 0; start < count; start += BATCH_SIZE) {
    const size = Math.min(BATCH_SIZE, count - start);
    await db.transaction().execute(async (trx) => {
      const posts = Array.from({ length: size }, (_, offset) => {
        const n = start + offset;
        const subject = pick(random, subjects);
        const title = pick(random, angles).replace('{s}', subject);
        const content = articleHtml(random, subject, sections);
        const date = dateDaysAgo(Math.floor(random() * 5 * 365));
        return publishedPostRow({
          slug: `${slugify(title)}-${n + 1}`,
          title,
          excerpt: `${pick(random, sentences)} ${pick(random, sentences)}`,
          content,
          category_id: pick(random, categories),
          author: pick(random, authors),
          date,
          read_time: blogReadMinutes(content),
          views: Math.floor(random() * 5000),
          likes: Math.floor(random() * 300),
        });
      });
      await trx.insertInto('blog_posts').values(posts).execute();
      const ids = await trx
        .selectFrom('blog_posts')
        .select(['id', 'slug'])
        .where(
          'slug',
          'in',
          posts.map((p) => p.slug),
        )
        .execute();
      const postTags = ids.flatMap(({ id }) => {
        const chosen = new Set<number>();
        const wanted = 2 + Math.floor(random() * 3);
        while (chosen.size < Math.min(wanted, tags.length)) chosen.add(pick(random, tags));
        return [...chosen].map((tagId, position) => ({ post_id: Number(id), tag_id: tagId, position }));
      });
      await trx.insertInto('blog_post_tags').values(postTags).execute();
    });
    options.onBatch?.(start + size);
  }
  return count;
}
