import { z } from '../zod';
import { isRealDate, optionalText, pageQueryFields, pageTotalsFields, rowId } from './common';
import {
  UPLOAD_MAX_BULK_IDS,
  UPLOAD_MAX_IMAGE_SIDE,
  UPLOAD_MAX_PAGE_SIZE,
  UPLOAD_PAGE_SIZE,
  uploadSortFields,
} from './uploads.values';
import { variantFormats } from './image-variants';

/*
 * Uploads.
 * Files are checked by their content, stored under generated names and served from
 * /uploads/files/{name}; images also get resized copies under /uploads/thumbnails/{label}/{stem}.{format}.
 */

export type { ImageMimeType, UploadMimeType, UploadSortField } from './uploads.values';
export type { ResponsiveSources, VariantFormat } from './image-variants';

/** Categories are free labels (e.g. general, blog, portfolio); letters, digits, - and _. */
export const uploadCategorySchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'may contain only letters, digits, - and _');

// ---------------------------------------------------------------------------------------------------
// Payloads

export const uploadVariantSchema = z.object({
  /** '320w', '640w', '1280w' or 'og'. */
  label: z.string(),
  format: z.enum(variantFormats),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  url: z.string(),
});
export type UploadVariant = z.infer<typeof uploadVariantSchema>;

export const uploadedFileSchema = z.object({
  id: z.number().int(),
  /** /uploads/files/{filename}. */
  url: z.string(),
  /** Generated stored name. */
  filename: z.string(),
  /** The name the file had on the uploader's computer (display only). */
  original_name: z.string(),
  /** Detected from the content, not the name. */
  mime_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  category: z.string(),
  alt_text: z.string().nullable(),
  description: z.string().nullable(),
  created_at: z.string(),
  variants: z.array(uploadVariantSchema),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const uploadFileDataSchema = z.object({ file: uploadedFileSchema });
export const uploadFilesDataSchema = z.object({ files: z.array(uploadedFileSchema) });
export const uploadListDataSchema = z.object({
  files: z.array(uploadedFileSchema),
  ...pageTotalsFields,
});
export type UploadFileData = z.infer<typeof uploadFileDataSchema>;
export type UploadFilesData = z.infer<typeof uploadFilesDataSchema>;
export type UploadListData = z.infer<typeof uploadListDataSchema>;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, 'must be a date (YYYY-MM-DD)')
  // A day that does not exist (0000-00-00, 2026-02-30) is refused rather than turned into a bound.
  .refine((value) => isRealDate(value.slice(0, 10)), 'must be a date (YYYY-MM-DD)')
  .optional();

/** GET /api/uploads (and the category / mime lists). `sort` is accepted as another name of sortOrder. */
export const uploadListQuerySchema = z.object({
  ...pageQueryFields(UPLOAD_PAGE_SIZE, UPLOAD_MAX_PAGE_SIZE),
  search: optionalText(200),
  category: optionalText(50),
  /** A full type (image/png) or a family (image). */
  mimeType: optionalText(100),
  dateFrom: isoDate,
  dateTo: isoDate,
  sortBy: z.enum(uploadSortFields).default('created_at'),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
});
export type UploadListQuery = z.infer<typeof uploadListQuerySchema>;

export const uploadSearchRequestSchema = z.object({
  query: z.string().trim().min(1, 'Search text is required').max(200),
  ...pageQueryFields(UPLOAD_PAGE_SIZE, UPLOAD_MAX_PAGE_SIZE),
  category: optionalText(50),
  mimeType: optionalText(100),
});

/** PUT /api/uploads/{id}: empty text clears alt_text / description. */
export const uploadUpdateRequestSchema = z
  .object({
    alt_text: z.string().trim().max(500).nullable().optional(),
    description: z.string().trim().max(5000).nullable().optional(),
    category: uploadCategorySchema.optional(),
  })
  .refine((v) => v.alt_text !== undefined || v.description !== undefined || v.category !== undefined, {
    message: 'Nothing to update',
  });
export type UploadUpdateRequest = z.infer<typeof uploadUpdateRequestSchema>;

export const uploadCategoriesDataSchema = z.object({
  categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
});
export type UploadCategoriesData = z.infer<typeof uploadCategoriesDataSchema>;
const breakdown = z.object({ count: z.number().int(), size: z.number().int() });
export const uploadStatsDataSchema = z.object({
  total_files: z.number().int(),
  total_size: z.number().int(),
  images: z.number().int(),
  documents: z.number().int(),
  by_category: z.array(breakdown.extend({ category: z.string() })),
  by_mime_type: z.array(breakdown.extend({ mime_type: z.string() })),
});
export type UploadStatsData = z.infer<typeof uploadStatsDataSchema>;

/** Optional form fields sent with the files (multipart). */
export const uploadFieldsSchema = z.object({
  category: uploadCategorySchema.optional(),
  alt_text: z.string().trim().max(500).optional(),
  description: z.string().trim().max(5000).optional(),
  /** Portfolio uploads name their project; stored as the category 'portfolio' when none is given. */
  projectSlug: z.string().trim().max(200).optional(),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/** Extra fields of /api/uploads/image: the stored image is fitted inside width x height and re-encoded. */
export const imageUploadOptionsSchema = z.object({
  width: z.coerce.number().int().min(1).max(UPLOAD_MAX_IMAGE_SIDE).optional(),
  height: z.coerce.number().int().min(1).max(UPLOAD_MAX_IMAGE_SIDE).optional(),
  quality: z.coerce.number().int().min(1).max(100).optional(),
  format: z.enum(['jpeg', 'jpg', 'png', 'webp']).optional(),
});
export type ImageUploadOptions = z.infer<typeof imageUploadOptionsSchema>;

// ---------------------------------------------------------------------------------------------------
// Media library: where a file is used, refusing deletes of used files, unused files

export const uploadUsageKinds = [
  'blog_image',
  'blog_content',
  'project_image',
  'project_gallery',
  'project_team',
  'service',
  'team_member',
  'testimonial',
  'company',
  'setting',
] as const;
export type UploadUsageKind = (typeof uploadUsageKinds)[number];

/** One place that refers to an upload (by its address, relative or absolute, or one of its sizes). */
export const uploadUsageSchema = z.object({
  kind: z.enum(uploadUsageKinds),
  /** "Blog post “Hello” (featured image)". */
  label: z.string(),
  /** Where the admin edits it (/admin/blog/12/edit). */
  admin_path: z.string(),
});
export type UploadUsage = z.infer<typeof uploadUsageSchema>;
export const uploadUsageDataSchema = z.object({ usages: z.array(uploadUsageSchema) });

/**
 * GET /api/uploads/demo-images: the pictures that came with the demo content (site files under /demo/, not
 * uploads) that some place still shows, by name, with those places.
 */
export const demoImagesDataSchema = z.object({
  images: z.array(z.object({ url: z.string(), name: z.string(), usages: z.array(uploadUsageSchema) })),
});
export type DemoImagesData = z.infer<typeof demoImagesDataSchema>;
export type UploadUsageData = z.infer<typeof uploadUsageDataSchema>;

/** DELETE /api/uploads/{id}?force=true: delete a file still in use (its references are removed). */
export const uploadDeleteQuerySchema = z.object({
  force: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/**
 * DELETE /api/uploads/bulk: `ids` (or `fileIds`, the name the spec's client sends); `force` deletes even
 * the files still in use.
 */
export const uploadBulkDeleteBodySchema = z
  .object({
    ids: z.array(rowId()).max(UPLOAD_MAX_BULK_IDS).optional(),
    fileIds: z.array(rowId()).max(UPLOAD_MAX_BULK_IDS).optional(),
    force: z.boolean().optional(),
  })
  .transform((v) => ({ ids: [...new Set([...(v.ids ?? []), ...(v.fileIds ?? [])])], force: v.force ?? false }))
  .refine((v) => v.ids.length > 0, { message: 'Select at least one file' });

/** GET /api/uploads/meta/unused: files nothing refers to, oldest first. */
export const uploadUnusedQuerySchema = z.object({
  ...pageQueryFields(UPLOAD_PAGE_SIZE, UPLOAD_MAX_PAGE_SIZE),
  /** Only files uploaded at least this many days ago (0: all). */
  olderThanDays: z.coerce.number().int().min(0).max(3650).default(0),
});
export type UploadUnusedQuery = z.infer<typeof uploadUnusedQuerySchema>;

/** POST /api/uploads/unused/sweep: deletes the unused files uploaded at least `olderThanDays` ago. */
export const uploadSweepRequestSchema = z.object({
  olderThanDays: z.number().int().min(0).max(3650).default(0),
});
export const uploadSweepDataSchema = z.object({ deleted: z.number().int() });
