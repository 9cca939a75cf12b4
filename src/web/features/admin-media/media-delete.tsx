import { useState } from 'react';
import type { UploadedFile } from '../../../shared/contracts/uploads';
import { UploadMessage } from '../../../shared/contracts/uploads.values';
import { ConfirmDialog } from '../../components/dialog';
import type { Notice } from '../../components/notice';
import { isApiError, userMessage } from '../../lib/api-client';
import { deleteMedia } from './media-api';
import { MediaMessage } from './media-messages';

interface PendingDelete {
  files: UploadedFile[];
  /** Set once the server refused because the files are used: its message and the places. */
  inUse?: { message: string; places: string[] };
}

interface MediaDeleteOptions {
  /** After the files are gone, with their ids. */
  onDeleted: (ids: number[]) => void;
  onNotice: (notice: Notice) => void;
}

/**
 * Deleting files: asked first, then sent; a refusal because the files are in use is asked again with the
 * places, and "Delete anyway" forces it.
 */
export function useMediaDelete({ onDeleted, onNotice }: MediaDeleteOptions) {
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function remove(force: boolean) {
    if (!pending) return;
    setDeleting(true);
    const ids = pending.files.map((f) => f.id);
    try {
      const message = (await deleteMedia(ids, force)) ?? UploadMessage.DELETED;
      setPending(null);
      onNotice({ type: 'success', title: message });
      onDeleted(ids);
    } catch (error) {
      if (!force && isApiError(error) && error.status === 409) {
        setPending({ ...pending, inUse: { message: error.message, places: error.errors.map((e) => e.message) } });
      } else {
        setPending(null);
        onNotice({
          type: 'error',
          title: MediaMessage.DELETE_FAILED,
          detail: userMessage(error, { surface: 'admin', fallback: MediaMessage.DELETE_FAILED }),
        });
      }
    } finally {
      setDeleting(false);
    }
  }

  return {
    pending,
    deleting,
    askDelete: (files: UploadedFile[]) => setPending({ files }),
    cancel: () => setPending(null),
    remove,
  };
}

/** The two questions of a deletion: "Delete file?" and, when the server refused, "still in use". */
export function MediaDeleteDialogs({
  pending,
  deleting,
  cancel,
  remove,
}: Pick<ReturnType<typeof useMediaDelete>, 'pending' | 'deleting' | 'cancel' | 'remove'>) {
  return (
    <>
      <ConfirmDialog
        open={pending !== null && !pending.inUse}
        title={pending && pending.files.length > 1 ? 'Delete files?' : 'Delete file?'}
        confirmLabel="Delete"
        danger
        busy={deleting}
        onCancel={cancel}
        onConfirm={() => void remove(false)}
      >
        {pending && pending.files.length > 1 ? (
          MediaMessage.DELETE_MANY_CONFIRM.replace('{count}', String(pending.files.length))
        ) : (
          <>
            <span className="block font-medium break-words text-slate-800">{pending?.files[0]?.original_name}</span>
            {MediaMessage.DELETE_CONFIRM}
          </>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={pending?.inUse !== undefined}
        title={pending && pending.files.length > 1 ? MediaMessage.IN_USE_MANY_TITLE : MediaMessage.IN_USE_TITLE}
        confirmLabel="Delete anyway"
        danger
        busy={deleting}
        onCancel={cancel}
        onConfirm={() => void remove(true)}
      >
        <span className="block" data-in-use="">
          {pending && pending.files.length > 1 ? pending.inUse?.message : MediaMessage.IN_USE_WHERE}
        </span>
        {pending?.inUse && pending.inUse.places.length > 0 && (
          <ul className="mt-2 list-disc pl-5">
            {[...new Set(pending.inUse.places)].map((place) => (
              <li key={place}>{place}</li>
            ))}
          </ul>
        )}
        <span className="mt-2 block">{MediaMessage.IN_USE_CONSEQUENCE}</span>
      </ConfirmDialog>
    </>
  );
}
