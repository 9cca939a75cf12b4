import {
  uploadCategoriesDataSchema,
  uploadFileDataSchema,
  uploadListDataSchema,
  uploadUsageDataSchema,
  demoImagesDataSchema,
  type DemoImagesData,
  type UploadedFile,
  type UploadListData,
  type UploadUsage,
} from '../../../shared/contracts/uploads';
import { parseAnswer } from '../../components/admin/parse-answer';
import { api } from '../../lib/api-client';
import type { UploadProgressHandler } from '../../lib/api-transport';
import { broadcastDataUpdate } from '../../lib/data-update';
import { MEDIA_PAGE_SIZE, mediaListRequest, type MediaQuery } from './media-query';

/**
 * The Media tab's calls over /api/uploads. Every write
 * tells the other screens through the 'media' data-update event.
 */

export const MEDIA_UPDATE = 'media';

export async function fetchMedia(query: MediaQuery): Promise<UploadListData> {
  const body = query.unused
    ? await api.get('/uploads/meta/unused', { page: query.page, limit: MEDIA_PAGE_SIZE })
    : await api.get('/uploads', mediaListRequest(query));
  return parseAnswer(uploadListDataSchema, body.data);
}

export async function fetchCategories(): Promise<string[]> {
  const body = await api.get('/uploads/meta/categories');
  return parseAnswer(uploadCategoriesDataSchema, body.data).categories.map((c) => c.category);
}

export async function fetchUsage(id: number): Promise<UploadUsage[]> {
  const body = await api.get(`/uploads/${id}/usage`);
  return parseAnswer(uploadUsageDataSchema, body.data).usages;
}

export async function updateMedia(
  id: number,
  changes: { alt_text: string; description: string },
): Promise<{ file: UploadedFile; message?: string }> {
  const body = await api.put(`/uploads/${id}`, changes);
  broadcastDataUpdate(MEDIA_UPDATE);
  return { file: parseAnswer(uploadFileDataSchema, body.data).file, message: body.message };
}

/** Deletes files; refused with 409 (the places in the error) while one is used, unless `force`. */
export async function deleteMedia(ids: readonly number[], force: boolean): Promise<string | undefined> {
  const body =
    ids.length === 1
      ? await api.delete(`/uploads/${ids[0]}`, force ? { force: 'true' } : undefined)
      : await api.request({ method: 'DELETE', path: '/uploads/bulk', data: { ids, force } });
  broadcastDataUpdate(MEDIA_UPDATE);
  return body.message;
}

export async function uploadMedia(
  file: File,
  options: { onProgress: UploadProgressHandler; signal?: AbortSignal },
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('category', 'media');
  form.append('file', file);
  const body = await api.upload('/uploads/single', form, options.onProgress, {
    signal: options.signal,
    timeoutMs: 5 * 60_000,
  });
  return parseAnswer(uploadFileDataSchema, body.data).file;
}

/** Deletes every unused file (admins); returns the server's message. */
export async function sweepUnused(): Promise<string | undefined> {
  const body = await api.post('/uploads/unused/sweep', { olderThanDays: 0 });
  broadcastDataUpdate(MEDIA_UPDATE);
  return body.message;
}

/** The demo content's pictures that some place still shows (site files, not uploads). */
export async function fetchDemoImages(): Promise<DemoImagesData> {
  const body = await api.get('/uploads/demo-images');
  return parseAnswer(demoImagesDataSchema, body.data);
}
