import { PORTFOLIO_GALLERY_MAX, PortfolioMessage } from '../../../shared/contracts/portfolio.values';
import { parseJsonList } from '../../../shared/contracts/portfolio-admin';
import {
  PORTFOLIO_UPLOAD_CATEGORY,
  PortfolioUploadMessage,
  galleryCapacityProblem,
  type PortfolioGalleryUploadData,
  type PortfolioImageDeleteData,
  type PortfolioMainUploadData,
  type PortfolioUploadStatsData,
} from '../../../shared/contracts/portfolio-uploads';
import { UploadMessage } from '../../../shared/contracts/uploads.values';
import { ErrorCode } from '../../../shared/errors';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import { categoryTotals, findUploadByFilename, findUploadByStem } from './portfolio-upload.repository';
import type { PortfolioUploadContext, ProjectRef } from './project-images';
import { findUpload, type UploadRow } from './uploads.repository';
import { deleteUploads, storeFiles, type CheckedFile, type UploadContext } from './uploads.service';

const galleryFull = (message: string) =>
  new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: 'images', message }]);

export interface ProjectSelector {
  projectId?: number;
  projectSlug?: string;
}

/** The project named by id (preferred) or slug; undefined when none is named; 404 when it does not exist. */
export async function resolveProject(
  ctx: PortfolioUploadContext,
  selector: ProjectSelector,
): Promise<ProjectRef | undefined> {
  if (selector.projectId === undefined && selector.projectSlug === undefined) return undefined;
  const project = await ctx.projects.findProjectRef(ctx.db, { id: selector.projectId, slug: selector.projectSlug });
  if (!project) throw notFound(PortfolioMessage.PROJECT_NOT_FOUND);
  return project;
}

export async function uploadMainImage(
  ctx: UploadContext,
  file: CheckedFile,
  options: { altText?: string; description?: string; uploadedBy: number },
): Promise<PortfolioMainUploadData> {
  const [stored] = await storeFiles(ctx, [file], { ...options, category: PORTFOLIO_UPLOAD_CATEGORY });
  if (!stored) throw new Error('upload stored nothing');
  return { url: stored.url, file: stored };
}

/** Titles sent with a gallery upload: a JSON list; anything else gives none. */
function titlesOf(raw: string | undefined, count: number): Array<string | null> {
  const list = parseJsonList(raw);
  return Array.from({ length: count }, (_, index) => {
    const title = list[index];
    return typeof title === 'string' && title.trim() !== '' ? title.trim().slice(0, 300) : null;
  });
}

/**
 * Stores gallery images. With a project, they are appended to its gallery, never beyond the maximum:
 * the count is checked before anything is stored and again under the project's lock when appending
 * (a concurrent upload may have taken the last slots; then the files just stored are removed again).
 */
export async function uploadGalleryImages(
  ctx: PortfolioUploadContext,
  files: readonly CheckedFile[],
  options: { project?: ProjectRef; titles?: string; uploadedBy: number },
): Promise<PortfolioGalleryUploadData> {
  const { project } = options;
  if (project) {
    const problem = galleryCapacityProblem(await ctx.projects.countGalleryImages(ctx.db, project.id), files.length);
    if (problem) throw galleryFull(problem);
  } else {
    const problem = galleryCapacityProblem(0, files.length);
    if (problem) throw galleryFull(problem);
  }
  const stored = await storeFiles(ctx, files, { category: PORTFOLIO_UPLOAD_CATEGORY, uploadedBy: options.uploadedBy });
  const titles = titlesOf(options.titles, stored.length);
  const images = stored.map((file, index) => ({ url: file.url, title: titles[index] ?? null, file }));
  if (!project) return { images, project_id: null, gallery_count: null, remaining: null };

  let count: number;
  try {
    count = await writeTransaction(ctx.db, async (trx) => {
      await ctx.projects.lockProject(trx, project.id, new Date().toISOString());
      const current = await ctx.projects.countGalleryImages(trx, project.id);
      const problem = galleryCapacityProblem(current, images.length);
      if (problem) throw galleryFull(problem);
      await ctx.projects.appendGalleryImages(
        trx,
        project.id,
        images.map((image) => ({ url: image.url, title: image.title, uploadId: image.file.id })),
      );
      return current + images.length;
    });
  } catch (error) {
    await deleteUploads(
      ctx,
      stored.map((file) => file.id),
    ).catch((cleanupError: unknown) => ctx.log.error({ err: cleanupError }, 'gallery upload rollback failed'));
    throw error;
  }
  return { images, project_id: project.id, gallery_count: count, remaining: PORTFOLIO_GALLERY_MAX - count };
}

const STEM = /^([a-f0-9]{32})\.[a-z0-9]{1,5}$/;

/** The upload an id or a file name names: its stored name, or a resized copy's name ({stem}.webp). */
async function findNamedUpload(ctx: UploadContext, file: string): Promise<UploadRow | undefined> {
  if (/^\d{1,10}$/.test(file)) return findUpload(ctx.db, Number(file));
  const exact = await findUploadByFilename(ctx.db, file);
  if (exact) return exact;
  const stem = STEM.exec(file.toLowerCase());
  return stem ? findUploadByStem(ctx.db, stem[1] as string) : undefined;
}

/**
 * Deletes a portfolio image by upload id or file name:
 * - an upload: the file, its sizes and every reference to it (main images cleared, gallery entries
 *   removed in every project, blog and team images cleared);
 * - another address (a demo image, an external URL): only references in the named project, matched
 *   by file name; nothing when no project is named.
 * Not found when nothing was removed.
 */
export async function deletePortfolioImage(
  ctx: PortfolioUploadContext,
  file: string,
  project: ProjectRef | undefined,
): Promise<PortfolioImageDeleteData> {
  if (/[/\\]/.test(file) || file === '.' || file === '..') {
    throw new AppError(400, ErrorCode.BAD_REQUEST, PortfolioUploadMessage.INVALID_IMAGE_URL);
  }
  const upload = await findNamedUpload(ctx, file);
  if (upload) {
    const counts = await ctx.projects.countProjectReferences(ctx.db, upload.filename);
    // Its references go with it, however their addresses are spelled (by the file's stem: deleteUploads).
    await deleteUploads(ctx, [Number(upload.id)]);
    return {
      id: Number(upload.id),
      filename: upload.filename,
      main_images_cleared: counts.mainImages,
      gallery_images_removed: counts.galleryImages,
    };
  }
  if (!project) throw notFound(UploadMessage.NOT_FOUND);
  const counts = await ctx.projects.countProjectReferences(ctx.db, file, project.id);
  if (counts.mainImages + counts.galleryImages === 0) throw notFound(UploadMessage.NOT_FOUND);
  await writeTransaction(ctx.db, (trx) => ctx.projects.removeProjectReferences(trx, file, project.id));
  return {
    id: null,
    filename: file,
    main_images_cleared: counts.mainImages,
    gallery_images_removed: counts.galleryImages,
  };
}

export async function portfolioUploadStats(ctx: PortfolioUploadContext): Promise<PortfolioUploadStatsData> {
  const [files, projects] = await Promise.all([
    categoryTotals(ctx.db, PORTFOLIO_UPLOAD_CATEGORY),
    ctx.projects.projectImageTotals(ctx.db, PORTFOLIO_GALLERY_MAX),
  ]);
  return {
    files: files.files,
    total_size: files.totalSize,
    projects: projects.projects,
    projects_with_main_image: projects.projectsWithMainImage,
    gallery_images: projects.galleryImages,
    full_galleries: projects.fullGalleries,
    gallery_max: PORTFOLIO_GALLERY_MAX,
  };
}
