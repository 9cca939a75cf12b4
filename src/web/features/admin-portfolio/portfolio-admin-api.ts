import {
  portfolioListDataSchema,
  projectDetailSchema,
  type PortfolioListData,
  type ProjectDetail,
} from '../../../shared/contracts/portfolio';
import {
  projectBulkResultSchema,
  type ProjectBulkOperation,
  type ProjectBulkResult,
  type ProjectInputValues,
} from '../../../shared/contracts/portfolio-admin';
import {
  PortfolioUploadMessage,
  imageFilenameOf,
  portfolioGalleryUploadDataSchema,
  type PortfolioGalleryUploadData,
} from '../../../shared/contracts/portfolio-uploads';
import { ErrorCode } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { api, ApiError } from '../../lib/api-client';
import type { UploadProgressHandler } from '../../lib/api-transport';
import { invalidAnswer, parseAnswer } from '../../components/admin/parse-answer';
import { broadcastDataUpdate } from '../../lib/data-update';
import { projectListRequest, type ProjectListState } from './portfolio-paths';

/**
 * The Portfolio tab's calls. Every
 * write clears the client's read cache and sends the 'portfolio' data-update event, which the other
 * screens (and the other open tabs) reload on.
 */

export const PortfolioAdminMessage = {
  LOAD_FAILED: 'Failed to load projects',
  LOAD_ONE_FAILED: 'Failed to load project',
  NOT_FOUND: 'Project not found',
  SAVE_FAILED: 'Failed to save project',
  UPDATE_FAILED: 'Failed to update project',
  MISSING_ID: 'Updated project data is invalid - missing ID',
  DELETE_FAILED: 'Failed to delete project',
  BULK_FAILED: 'Failed to perform bulk action',
  CREATED: 'Project created successfully',
  UPDATED: 'Project updated successfully',
  DELETED: 'Project deleted successfully',
} as const;

/** "Failed to perform bulk action: {message or Unknown error}". */
export function bulkFailureText(error: unknown): string {
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return `${PortfolioAdminMessage.BULK_FAILED}: ${message}`;
}

/** After any write, successful or not (a failure may have changed part of the data). */
function changed() {
  broadcastDataUpdate('portfolio');
}

async function write<T>(call: Promise<{ data: unknown; message?: string }>, read: (data: unknown) => T) {
  try {
    const body = await call;
    return { data: read(body.data), message: body.message };
  } finally {
    changed();
  }
}

export async function fetchProjects(state: ProjectListState): Promise<PortfolioListData> {
  const body = await api.get('/portfolio/projects', projectListRequest(state));
  return parseAnswer(portfolioListDataSchema, body.data);
}

const projectData = z.object({ project: projectDetailSchema });

export async function fetchProject(id: number): Promise<ProjectDetail> {
  const body = await api.get(`/portfolio/projects/${id}`);
  return parseAnswer(projectData, body.data).project;
}

/** The saved project; an answer without an id is "Updated project data is invalid - missing ID". */
function savedProject(data: unknown): ProjectDetail {
  const id = (data as { project?: { id?: unknown } } | null)?.project?.id;
  if (typeof id !== 'number') throw invalidAnswer(PortfolioAdminMessage.MISSING_ID);
  return parseAnswer(projectData, data).project;
}

/** The form's values as the server stores them, with the schedule (ADR 0040). */
export type ProjectBody = ProjectInputValues & { publish_at?: string | null; version?: number };

export function createProject(body: ProjectBody) {
  return write(api.post('/portfolio/projects', body), savedProject);
}

export function updateProject(id: number, body: ProjectBody) {
  return write(api.put(`/portfolio/projects/${id}`, body), savedProject);
}

export function deleteProject(id: number) {
  return write(api.delete(`/portfolio/projects/${id}`), () => undefined);
}

export function bulkProjects(
  operation: Extract<ProjectBulkOperation, 'complete' | 'feature' | 'delete'>,
  projectIds: number[],
): Promise<{ data: ProjectBulkResult; message?: string }> {
  const call =
    operation === 'delete'
      ? api.request({ method: 'DELETE', path: '/portfolio/projects/bulk', data: { projectIds } })
      : api.patch('/portfolio/projects/bulk', { operation, projectIds });
  return write(call, (data) => parseAnswer(projectBulkResultSchema, data));
}

/** Upload calls take longer than an ordinary call on slow links. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** One gallery image, added to the project's gallery on the server when the project exists already. */
export async function uploadGalleryImage(
  file: File,
  options: { projectId?: number; title?: string; onProgress: UploadProgressHandler; signal?: AbortSignal },
): Promise<PortfolioGalleryUploadData> {
  const form = new FormData();
  if (options.projectId !== undefined) form.append('projectId', String(options.projectId));
  if (options.title?.trim()) form.append('titles', JSON.stringify([options.title.trim()]));
  form.append('images', file, file.name);
  try {
    const body = await api.upload('/portfolio/upload/gallery', form, options.onProgress, {
      signal: options.signal,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
    return parseAnswer(portfolioGalleryUploadDataSchema, body.data);
  } finally {
    if (options.projectId !== undefined) changed();
  }
}

/**
 * Deletes an image by the file name of its address. An address
 * without one is refused before any call: "Invalid image URL - cannot extract filename".
 */
export async function deleteProjectImage(url: string, projectId: number | undefined) {
  const filename = imageFilenameOf(url);
  if (!filename) {
    throw new ApiError({ message: PortfolioUploadMessage.INVALID_IMAGE_URL, status: 400, code: ErrorCode.BAD_REQUEST });
  }
  return write(
    api.delete(`/portfolio/upload/${encodeURIComponent(filename)}`, projectId ? { projectId } : undefined),
    (data) => data,
  );
}
