import { PortfolioUploadMessage, imageFilenameOf } from '../../../shared/contracts/portfolio-uploads';
import { UPLOADS_PATH } from '../../../shared/contracts/image-variants';
import { isApiError, userMessage } from '../../lib/api-client';
import { deleteProjectImage } from './portfolio-admin-api';

/**
 * How an image of the form is deleted:
 * - nothing to delete: "No image to delete.";
 * - a local preview (blob:): removed here only, "Preview removed. The file was not uploaded yet.";
 * - no file name in the address: "Invalid image URL - cannot extract filename";
 * - an uploaded file: deleted on the server with its sizes and every reference;
 * - another address (demo image, external URL): its references in the saved project are removed on
 *   the server; a project not saved yet just drops it from the form.
 */
export type DeletionPlan =
  | { kind: 'nothing' }
  | { kind: 'preview' }
  | { kind: 'invalid' }
  | { kind: 'server'; upload: boolean }
  | { kind: 'form-only' };

export function planImageDeletion(url: string | null | undefined, projectId: number | undefined): DeletionPlan {
  const address = (url ?? '').trim();
  if (!address) return { kind: 'nothing' };
  if (address.startsWith('blob:')) return { kind: 'preview' };
  if (!imageFilenameOf(address)) return { kind: 'invalid' };
  const upload = address.includes(`${UPLOADS_PATH}/`);
  if (upload || projectId !== undefined) return { kind: 'server', upload };
  return { kind: 'form-only' };
}

export type DeletionOutcome = { ok: true; message: string } | { ok: false; title: string; detail: string };

/**
 * Runs a deletion. The caller has already removed the image from the form (optimistically) and puts
 * it back when the outcome is not ok. An image the server no longer knows (404) is gone: that counts
 * as done.
 */
export async function deleteImage(url: string, projectId: number | undefined): Promise<DeletionOutcome> {
  const plan = planImageDeletion(url, projectId);
  switch (plan.kind) {
    case 'nothing':
      return { ok: false, title: PortfolioUploadMessage.NO_IMAGE, detail: '' };
    case 'invalid':
      return {
        ok: false,
        title: PortfolioUploadMessage.DELETE_FAILED,
        detail: PortfolioUploadMessage.INVALID_IMAGE_URL,
      };
    case 'preview':
      return { ok: true, message: PortfolioUploadMessage.PREVIEW_REMOVED };
    case 'form-only':
      return { ok: true, message: PortfolioUploadMessage.IMAGE_REMOVED_LOCALLY };
    case 'server':
      try {
        const { message } = await deleteProjectImage(url, projectId);
        return { ok: true, message: message || PortfolioUploadMessage.IMAGE_DELETED };
      } catch (error) {
        if (isApiError(error) && error.status === 404) {
          return {
            ok: true,
            message: plan.upload ? PortfolioUploadMessage.IMAGE_DELETED : PortfolioUploadMessage.IMAGE_REMOVED_LOCALLY,
          };
        }
        const reason = isApiError(error)
          ? userMessage(error, { surface: 'admin', fallback: PortfolioUploadMessage.DELETE_FAILED_HINT })
          : error instanceof Error && error.message
            ? error.message
            : PortfolioUploadMessage.DELETE_FAILED_HINT;
        return { ok: false, title: PortfolioUploadMessage.DELETE_FAILED, detail: reason };
      }
  }
}
