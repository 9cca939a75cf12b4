import type { Kysely } from 'kysely';
import { type BlogCategory } from '../../../shared/contracts/blog';
import { BlogAdminMessage, blogCategoryWriteSchema, type BlogCategoryBody } from '../../../shared/contracts/blog-admin';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import type { z } from '../../../shared/zod';
import type { DB } from '../../db/schema';
import { isUniqueViolation, writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import { issuesToErrors, uniqueSlug, validationError } from './blog-admin.service';
import { slugify, toPlainText } from './blog-html';
import {
  categorySlugExists,
  countPostsOfCategory,
  deleteCategory as deleteCategoryRow,
  findCategory,
  insertCategory,
  nextSortOrder,
  updateCategory as updateCategoryRow,
} from './blog.repository';

/* Staff writes of blog categories. */

async function categoryOut(db: Kysely<DB>, id: number): Promise<BlogCategory> {
  const row = await findCategory(db, id);
  if (!row) throw notFound(BlogAdminMessage.CATEGORY_NOT_FOUND);
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    color: row.color,
    description: row.description,
    icon: row.icon,
    post_count: 0,
  };
}

const categorySlugTaken = () =>
  new AppError(409, ErrorCode.CONFLICT, BlogAdminMessage.CATEGORY_SLUG_TAKEN, [
    { field: 'slug', message: BlogAdminMessage.CATEGORY_SLUG_TAKEN },
  ]);

function parseCategory<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(issuesToErrors(result.error.issues));
  return result.data;
}

/** Creates a category; the slug comes from the name (made unique) unless one is given (then it must be free). */
export async function createCategory(db: Kysely<DB>, body: BlogCategoryBody, now = new Date()) {
  const input = parseCategory(blogCategoryWriteSchema, body);
  const name = toPlainText(input.name);
  if (!name) throw validationError([{ field: 'name', message: BlogAdminMessage.CATEGORY_NAME_REQUIRED }]);
  const stamp = now.toISOString();
  const id = await writeTransaction(db, async (trx) => {
    let slug: string;
    if (input.slug) {
      if (await categorySlugExists(trx, input.slug)) throw categorySlugTaken();
      slug = input.slug;
    } else {
      slug = await uniqueSlug(trx, 'blog_categories', slugify(name, 90) || 'category');
    }
    return insertCategory(trx, {
      name,
      slug,
      color: input.color.toUpperCase(),
      description: input.description ? toPlainText(input.description) : null,
      icon: input.icon ? toPlainText(input.icon) : null,
      sort_order: await nextSortOrder(trx, 'blog_categories'),
      created_at: stamp,
      updated_at: stamp,
    });
  });
  return categoryOut(db, id);
}

/** Updates the fields sent; the slug stays unless a new one is sent. */
export async function updateCategory(db: Kysely<DB>, id: number, body: BlogCategoryBody, now = new Date()) {
  const existing = await findCategory(db, id);
  if (!existing) throw notFound(BlogAdminMessage.CATEGORY_NOT_FOUND);
  const merged = {
    name: existing.name,
    color: existing.color,
    description: existing.description,
    icon: existing.icon,
    ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
  };
  const input = parseCategory(blogCategoryWriteSchema, merged);
  const name = toPlainText(input.name);
  if (!name) throw validationError([{ field: 'name', message: BlogAdminMessage.CATEGORY_NAME_REQUIRED }]);
  const slug = input.slug && input.slug !== existing.slug ? input.slug : undefined;
  if (slug && (await categorySlugExists(db, slug, id))) throw categorySlugTaken();
  try {
    await updateCategoryRow(db, id, {
      name,
      ...(slug ? { slug } : {}),
      color: input.color.toUpperCase(),
      description: input.description ? toPlainText(input.description) : null,
      icon: input.icon ? toPlainText(input.icon) : null,
      updated_at: now.toISOString(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw categorySlugTaken();
    throw error;
  }
  return categoryOut(db, id);
}

/** Deletes a category that no post (draft or published) uses; otherwise 409 naming the count. */
export async function deleteCategory(db: Kysely<DB>, id: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    if (!(await findCategory(trx, id))) throw notFound(BlogAdminMessage.CATEGORY_NOT_FOUND);
    const count = await countPostsOfCategory(trx, id);
    if (count > 0) {
      throw new AppError(409, ErrorCode.CONFLICT, formatMessage(BlogAdminMessage.CATEGORY_HAS_POSTS, { count }));
    }
    await deleteCategoryRow(trx, id);
  });
}

export async function categoryName(db: Kysely<DB>, id: number): Promise<string | null> {
  return (await findCategory(db, id))?.name ?? null;
}
