import type { Kysely } from 'kysely';
import {
  applyBlogFormRules,
  BlogAdminMessage,
  blogPostInputSchema,
  parseReadTime,
  type BlogAdminPost,
  type BlogBulkOperation,
  type BlogBulkResult,
  type BlogOrderBody,
  type BlogPostInput,
  type BlogPostWrite,
} from '../../../shared/contracts/blog-admin';
import { ErrorCode, ErrorMessage, type FieldError } from '../../../shared/errors';
import type { Schedule } from '../../../shared/contracts/publishing.values';
import type { z } from '../../../shared/zod';
import type { DB } from '../../db/schema';
import { isUniqueViolation, writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import { recordSlugChange } from '../../pages/redirect-rules';
import { scheduleOfWrite } from '../../jobs/scheduled-publishing';
import { claimVersion, type SaveOptions } from '../../revisions/revision-store';
import { keepPostRevision, postRevisionFields } from './blog-revision-fields';
import { sanitizePostHtml, slugify, toPlainText } from './blog-html';
import {
  categoryExists,
  companyName,
  deletePosts,
  deleteUnusedTags,
  existingPostIds,
  findPost,
  findPostTitle,
  insertPost,
  listKeywordsOfPost,
  listTagNamesOfPosts,
  nextSortOrder,
  replacePostKeywords,
  replacePostTags,
  setFeatured,
  setPublished,
  setSortOrder,
  slugExists,
  slugsLike,
  updatePost as updatePostRow,
} from './blog.repository';
import { getPostForStaff, todayUtc } from './blog.service';

type ValidPost = z.infer<typeof blogPostInputSchema>;

export function validationError(errors: FieldError[]): AppError {
  return new AppError(400, ErrorCode.VALIDATION_ERROR, errors[0]?.message ?? ErrorMessage.VALIDATION_ERROR, errors);
}

/** Zod issues as field errors; the first one becomes the message. */
export function issuesToErrors(issues: z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
}

/** The form's values made safe: rich text sanitised, every other text plain. */
function cleanInput(input: BlogPostInput): BlogPostInput {
  const plainList = (items: string[]) => items.map(toPlainText).filter(Boolean);
  return {
    ...input,
    title: toPlainText(input.title),
    ...(input.slug !== undefined ? { slug: slugify(input.slug) } : {}),
    excerpt: toPlainText(input.excerpt),
    content: sanitizePostHtml(input.content),
    author: toPlainText(input.author),
    tags: plainList(input.tags),
    seo_title: toPlainText(input.seo_title),
    seo_description: toPlainText(input.seo_description),
    seo_keywords: plainList(input.seo_keywords),
  };
}

/** Applies the blog-form rules, cleans and validates; every problem names its field. */
async function preparePost(db: Kysely<DB>, form: BlogPostWrite, now: Date): Promise<ValidPost> {
  const input = cleanInput(applyBlogFormRules(form, { companyName: await companyName(db), today: todayUtc(now) }));
  const result = blogPostInputSchema.safeParse(input);
  if (!result.success) throw validationError(issuesToErrors(result.error.issues));
  if (!(await categoryExists(db, result.data.category_id))) {
    throw validationError([{ field: 'category_id', message: BlogAdminMessage.CATEGORY_UNKNOWN }]);
  }
  return result.data;
}

/** `base`, or `base-2`, `base-3`... whichever is free first. */
export async function uniqueSlug(
  db: Kysely<DB>,
  table: 'blog_posts' | 'blog_categories',
  base: string,
): Promise<string> {
  const taken = new Set(await slugsLike(db, table, base));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

const slugTaken = () =>
  new AppError(409, ErrorCode.CONFLICT, BlogAdminMessage.SLUG_TAKEN, [
    { field: 'slug', message: BlogAdminMessage.SLUG_TAKEN },
  ]);

/** Tags as rows: one per slug (the first spelling wins); names that make no slug are dropped. */
function tagRows(names: string[]): { name: string; slug: string }[] {
  const bySlug = new Map<string, string>();
  for (const name of names) {
    const slug = slugify(name, 100);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name);
  }
  return [...bySlug].map(([slug, name]) => ({ name, slug }));
}

function readMinutes(post: ValidPost): number {
  return parseReadTime(post.read_time) ?? 1;
}

/** The post columns that a create and an update both write. */
function postColumns(post: ValidPost, schedule: Schedule) {
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    image_url: post.image_url,
    category_id: post.category_id,
    author: post.author,
    date: post.date,
    read_time: readMinutes(post),
    featured: post.featured ? 1 : 0,
    published: schedule.published ? 1 : 0,
    publish_at: schedule.publish_at,
    seo_title: post.seo_title,
    seo_description: post.seo_description,
  };
}

/** Replaces the tags and SEO keywords of a post with the prepared ones. */
async function savePostLists(trx: Kysely<DB>, postId: number, post: ValidPost): Promise<void> {
  await replacePostTags(trx, postId, tagRows(post.tags));
  await replacePostKeywords(trx, postId, post.seo_keywords);
}

export async function createPost(
  db: Kysely<DB>,
  body: BlogPostWrite,
  now = new Date(),
  save: SaveOptions = {},
): Promise<BlogAdminPost> {
  const post = await preparePost(db, body, now);
  const schedule = scheduleOfWrite({ published: body.published, publish_at: body.publish_at }, undefined, now);
  const stamp = now.toISOString();
  const id = await writeTransaction(db, async (trx) => {
    let slug: string;
    if (post.slug) {
      if (await slugExists(trx, post.slug)) throw slugTaken();
      slug = post.slug;
    } else {
      slug = await uniqueSlug(trx, 'blog_posts', slugify(post.title) || 'post');
    }
    const postId = await insertPost(trx, {
      slug,
      ...postColumns(post, schedule),
      sort_order: await nextSortOrder(trx, 'blog_posts'),
      published_at: schedule.published ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
    });
    await savePostLists(trx, postId, post);
    // The new post's address is its own: a redirect from it goes (ADR 0039).
    await recordSlugChange(trx, { section: 'blog', oldSlug: null, newSlug: slug, wasPublished: false, now: stamp });
    await keepPostRevision(trx, postId, 1, null, save, stamp);
    return postId;
  });
  return getPostForStaff(db, String(id));
}

async function findPostOrThrow(db: Kysely<DB>, id: number) {
  const row = await findPost(db, { id }, false);
  if (!row) throw notFound(ErrorMessage.BLOG_POST_NOT_FOUND);
  return row;
}

/**
 * Updates a post: fields the body leaves out keep their value. The slug changes only when a new one is
 * sent (a new title keeps the address). New content without a read time gets its read time recomputed.
 */
export async function updatePost(
  db: Kysely<DB>,
  id: number,
  body: BlogPostWrite,
  now = new Date(),
  save: SaveOptions = {},
): Promise<BlogAdminPost> {
  const existing = await findPostOrThrow(db, id);
  const [tags, keywords] = await Promise.all([listTagNamesOfPosts(db, [id]), listKeywordsOfPost(db, id)]);
  const stored: BlogPostWrite = {
    title: existing.title,
    excerpt: existing.excerpt,
    content: existing.content,
    category_id: existing.category_id,
    author: existing.author,
    date: existing.date,
    read_time: Number(existing.read_time),
    image_url: existing.image_url,
    tags: tags.map((t) => t.name),
    featured: Number(existing.featured) === 1,
    published: Number(existing.published) === 1,
    seo_title: existing.seo_title,
    seo_description: existing.seo_description,
    seo_keywords: keywords,
  };
  const sent = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => value !== undefined && key !== 'version'),
  );
  const merged: BlogPostWrite = { ...stored, ...sent };
  if (body.content !== undefined && body.read_time === undefined) merged.read_time = '';
  const post = await preparePost(db, merged, now);
  const schedule = scheduleOfWrite(
    { published: body.published, publish_at: body.publish_at },
    { published: Number(existing.published) === 1, publish_at: existing.publish_at },
    now,
  );
  const stamp = now.toISOString();

  await writeTransaction(db, async (trx) => {
    // A save made from an older version is refused before anything changes (ADR 0041).
    const version = await claimVersion(trx, 'blog_posts', id, save.version);
    const before = await postRevisionFields(trx, id);
    if (version === undefined || !before) throw notFound(ErrorMessage.BLOG_POST_NOT_FOUND);
    const slug = post.slug && post.slug !== existing.slug ? post.slug : undefined;
    if (slug && (await slugExists(trx, slug, id))) throw slugTaken();
    try {
      await updatePostRow(trx, id, {
        ...(slug ? { slug } : {}),
        ...postColumns(post, schedule),
        published_at: schedule.published ? (existing.published_at ?? stamp) : existing.published_at,
        updated_at: stamp,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
    if (slug) {
      // A published post's old address leads to the new one (ADR 0039).
      const wasPublished = Number(existing.published) === 1;
      await recordSlugChange(trx, { section: 'blog', oldSlug: existing.slug, newSlug: slug, wasPublished, now: stamp });
    }
    await savePostLists(trx, id, post);
    await deleteUnusedTags(trx);
    await keepPostRevision(trx, id, version, before, save, stamp);
  });
  return getPostForStaff(db, String(id));
}

export async function deletePost(db: Kysely<DB>, id: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    if ((await deletePosts(trx, [id])) === 0) throw notFound(ErrorMessage.BLOG_POST_NOT_FOUND);
    await deleteUnusedTags(trx);
  });
}

/** Sets featured or published to `value`, or flips it when `value` is undefined. */
export async function setPostFlag(
  db: Kysely<DB>,
  id: number,
  flag: 'featured' | 'published',
  value: boolean | undefined,
  now = new Date(),
): Promise<BlogAdminPost> {
  const existing = await findPostOrThrow(db, id);
  const next = value ?? Number(existing[flag]) !== 1;
  if (flag === 'featured') await setFeatured(db, [id], next, now.toISOString());
  else await setPublished(db, [id], next, now.toISOString());
  return getPostForStaff(db, String(id));
}

/** Saves a manual order; ids that do not exist are reported, the others are saved. */
export async function reorderPosts(
  db: Kysely<DB>,
  body: BlogOrderBody,
): Promise<{ updated: number; failed: { id: number; message: string }[] }> {
  const entries = body.postIds
    ? body.postIds.map((id, order) => ({ id, order }))
    : (body.order ?? []).map(({ id, order }) => ({ id, order }));
  return writeTransaction(db, async (trx) => {
    const existing = new Set(
      await existingPostIds(
        trx,
        entries.map((e) => e.id),
      ),
    );
    const failed = entries
      .filter((e) => !existing.has(e.id))
      .map((e) => ({ id: e.id, message: ErrorMessage.BLOG_POST_NOT_FOUND }));
    const updated = entries.filter((e) => existing.has(e.id));
    // Rows are locked in id order whatever the order sent, so that two reorders at once cannot deadlock.
    for (const { id, order } of [...updated].sort((a, b) => a.id - b.id)) await setSortOrder(trx, id, order);
    return { updated: updated.length, failed };
  });
}

/** One operation on many posts in one transaction; ids that do not exist are reported as failures. */
export async function bulkAction(
  db: Kysely<DB>,
  operation: BlogBulkOperation,
  ids: number[],
  now = new Date(),
): Promise<BlogBulkResult> {
  const requested = [...new Set(ids)];
  const stamp = now.toISOString();
  return writeTransaction(db, async (trx) => {
    const found = await existingPostIds(trx, requested);
    const existing = new Set(found);
    const succeededIds = requested.filter((id) => existing.has(id));
    switch (operation) {
      case 'publish':
      case 'unpublish':
        await setPublished(trx, succeededIds, operation === 'publish', stamp);
        break;
      case 'feature':
      case 'unfeature':
        await setFeatured(trx, succeededIds, operation === 'feature', stamp);
        break;
      case 'delete':
        await deletePosts(trx, succeededIds);
        await deleteUnusedTags(trx);
        break;
    }
    return {
      operation,
      requested: requested.length,
      succeeded: succeededIds.length,
      succeededIds,
      failed: requested
        .filter((id) => !existing.has(id))
        .map((id) => ({ id, message: ErrorMessage.BLOG_POST_NOT_FOUND })),
    };
  });
}

// ---------------------------------------------------------------- names for the recent activity

/** A post's title; null when there is none (the call that follows answers 404). */
export async function postTitle(db: Kysely<DB>, id: number): Promise<string | null> {
  return (await findPostTitle(db, id)) ?? null;
}
