import { formatMessage, plural } from '../errors';
import { z } from '../zod';
import { PORTFOLIO_GALLERY_MAX } from './portfolio.values';
import { uploadedFileSchema } from './uploads';
import { rowIdParam } from './common';

/*
 * The portfolio's image calls: POST /api/portfolio/upload/main,
 * POST /api/portfolio/upload/gallery, DELETE /api/portfolio/upload/{id or filename} and
 * GET /api/portfolio/upload/stats. The files themselves are ordinary uploads (category 'portfolio').
 */

export const PORTFOLIO_UPLOAD_CATEGORY = 'portfolio';

/** Gallery meter colours: green under 7 images, yellow 7 to 9, red at 10. */
export const GALLERY_WARNING_AT = 7;
export type GalleryMeterTone = 'green' | 'yellow' | 'red';

export function galleryMeterTone(count: number): GalleryMeterTone {
  if (count >= PORTFOLIO_GALLERY_MAX) return 'red';
  if (count >= GALLERY_WARNING_AT) return 'yellow';
  return 'green';
}

export const PortfolioUploadMessage = {
  MAIN_UPLOADED: 'File uploaded successfully!',
  // {images} and {slots} are the nouns in the number of the count before them (plural()).
  GALLERY_UPLOADED: 'Successfully uploaded {count} gallery {images}',
  GALLERY_CAPACITY: 'You can upload {count} more {images} ({remaining} {slots} remaining)',
  GALLERY_FULL: 'Cannot upload {count} {images}. Only {remaining} {slots} remaining in gallery.',
  IMAGE_DELETED: 'Image deleted successfully and removed from all project references',
  IMAGE_REMOVED_LOCALLY: 'Image removed from this project. Save the project to keep the change.',
  PREVIEW_REMOVED: 'Preview removed. The file was not uploaded yet.',
  NO_IMAGE: 'No image to delete.',
  INVALID_IMAGE_URL: 'Invalid image URL - cannot extract filename',
  DELETE_FAILED: 'Failed to delete image',
  DELETE_FAILED_HINT: 'Please try again or contact support if the problem persists',
  CONFIRM_DELETE: 'Are you sure you want to delete this image? This action cannot be undone.',
} as const;

/** "Cannot upload N images. Only R slots remaining in gallery." (or null when they fit). */
export function galleryCapacityProblem(currentCount: number, adding: number): string | null {
  const remaining = Math.max(0, PORTFOLIO_GALLERY_MAX - currentCount);
  if (adding <= remaining) return null;
  return formatMessage(PortfolioUploadMessage.GALLERY_FULL, {
    count: adding,
    images: plural(adding, 'image', 'images'),
    remaining,
    slots: plural(remaining, 'slot', 'slots'),
  });
}

/** "Successfully uploaded N gallery images", in the singular for one. */
export function galleryUploadedText(count: number): string {
  return formatMessage(PortfolioUploadMessage.GALLERY_UPLOADED, { count, images: plural(count, 'image', 'images') });
}

/** "You can upload N more images (R slots remaining)": what the gallery still takes. */
export function galleryCapacityText(currentCount: number): string {
  const remaining = Math.max(0, PORTFOLIO_GALLERY_MAX - currentCount);
  const images = plural(remaining, 'image', 'images');
  const slots = plural(remaining, 'slot', 'slots');
  return formatMessage(PortfolioUploadMessage.GALLERY_CAPACITY, { count: remaining, images, remaining, slots });
}

/** The gallery drop zone's hint: "3 more fit", "1 more fits". */
export function galleryMoreFit(remaining: number): string {
  return `${remaining} more ${plural(remaining, 'fits', 'fit')}`;
}

/**
 * The stored name an image address points at: the last path segment without query or fragment
 *. Null when there is none ('', '/', 'https://host/').
 */
export function imageFilenameOf(url: string | null | undefined): string | null {
  const value = (url ?? '').trim();
  if (!value) return null;
  const path = value.split(/[?#]/, 1)[0] ?? '';
  const segment = path.split('/').pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(segment).trim();
  } catch {
    name = segment.trim();
  }
  return name === '' || name === '.' || name === '..' ? null : name;
}

/** DELETE /api/portfolio/upload/{id or filename}: a numeric upload id, or a file name (e.g. the URL's last segment). */
export const portfolioImageParamsSchema = z.object({
  file: z.string().trim().min(1, PortfolioUploadMessage.INVALID_IMAGE_URL).max(255),
});

const projectReference = {
  projectId: rowIdParam().optional(),
  projectSlug: z.string().trim().min(1).max(200).optional(),
};

/** The project whose references a deletion also removes when the file is not an upload (an address). */
export const portfolioImageDeleteQuerySchema = z.object(projectReference);

/** Text fields of the multipart uploads (empty fields count as not sent). */
export const portfolioMainUploadFieldsSchema = z.object({
  alt_text: z.string().trim().max(500).optional(),
  description: z.string().trim().max(5000).optional(),
});
export const portfolioGalleryUploadFieldsSchema = z.object({
  ...projectReference,
  /** Titles of the images in order: a JSON list of text (or null). */
  titles: z.string().max(20_000).optional(),
});

export const portfolioMainUploadDataSchema = z.object({ url: z.string(), file: uploadedFileSchema });
export type PortfolioMainUploadData = z.infer<typeof portfolioMainUploadDataSchema>;

export const portfolioGalleryImageSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  file: uploadedFileSchema,
});
export const portfolioGalleryUploadDataSchema = z.object({
  images: z.array(portfolioGalleryImageSchema),
  /** The project the images were added to (null when none was named: the form saves them later). */
  project_id: z.number().int().nullable(),
  /** Images in the project's gallery after the upload (null without a project). */
  gallery_count: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
});
export type PortfolioGalleryUploadData = z.infer<typeof portfolioGalleryUploadDataSchema>;

export const portfolioImageDeleteDataSchema = z.object({
  /** The upload removed (null when the name was not an upload: only references were removed). */
  id: z.number().int().nullable(),
  filename: z.string(),
  /** Projects whose main image was cleared. */
  main_images_cleared: z.number().int(),
  /** Gallery entries removed. */
  gallery_images_removed: z.number().int(),
});
export type PortfolioImageDeleteData = z.infer<typeof portfolioImageDeleteDataSchema>;

export const portfolioUploadStatsDataSchema = z.object({
  /** Uploads in the portfolio category, and their bytes (originals). */
  files: z.number().int(),
  total_size: z.number().int(),
  projects: z.number().int(),
  projects_with_main_image: z.number().int(),
  gallery_images: z.number().int(),
  /** Projects whose gallery holds the maximum. */
  full_galleries: z.number().int(),
  gallery_max: z.number().int(),
});
export type PortfolioUploadStatsData = z.infer<typeof portfolioUploadStatsDataSchema>;
