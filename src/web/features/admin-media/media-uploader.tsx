import { CircleCheck } from '../../components/icons';
import { CircleAlert, ImageUp } from '../../components/admin/icons';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  IMAGE_ACCEPT,
  UPLOAD_COMPONENT_DEFAULT_MAX_FILES,
  UploadComponentMessage,
  UploadStatusMessage,
  checkSelectedFiles,
  formatMegabytes,
  uploadErrorMessage,
} from '../../../shared/contracts/uploads.values';
import { formatMessage } from '../../../shared/errors';
import { Card } from '../../components/card';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/notifications';
import { uploadMedia } from './media-api';

interface Upload {
  key: string;
  name: string;
  size: number;
  /** 0 to 100 while sending; 100 once stored. */
  progress: number;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  error?: string;
}

/** Spec 02 section 8: "File uploaded successfully!" for one, and in the words of "Successfully uploaded N gallery images". */
export const UPLOADED_MANY = 'Successfully uploaded {count} files';

export const uploadedMessage = (count: number): string =>
  count === 1 ? UploadComponentMessage.SUCCESS : formatMessage(UPLOADED_MANY, { count });

function failure(error: unknown): string {
  if (isApiError(error)) return uploadErrorMessage(error.status, error.message);
  return UploadStatusMessage.FALLBACK;
}

/**
 * Drop zone of the Media tab: several images at once (checked in the browser first: types, 10 MB, at
 * most five, names), each sent on its own with its own progress bar.
 */
export function MediaUploader({
  onUploaded,
  onProblem,
  onSelection,
}: {
  onUploaded: () => void;
  onProblem: (text: string) => void;
  /** A new selection starts: what the last one left on screen (its problem, its failed rows) is old news. */
  onSelection: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const [dragging, setDragging] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const busy = uploads.some((u) => u.state === 'waiting' || u.state === 'sending');

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function send(files: readonly File[]) {
    if (busy) return;
    onSelection();
    setUploads([]);
    const problem = checkSelectedFiles(files, { multiple: true, maxFiles: UPLOAD_COMPONENT_DEFAULT_MAX_FILES });
    if (problem) {
      onProblem(problem);
      return;
    }
    const stamp = Date.now();
    const batch: Upload[] = files.map((file, i) => ({
      key: `${stamp}-${i}`,
      name: file.name,
      size: file.size,
      progress: 0,
      state: 'waiting',
    }));
    setUploads(batch);
    let uploaded = 0;
    for (const [i, file] of files.entries()) {
      const key = batch[i]!.key;
      update(key, { state: 'sending' });
      try {
        await uploadMedia(file, { onProgress: (p) => update(key, { progress: p.percent }) });
        update(key, { state: 'done', progress: 100 });
        uploaded += 1;
      } catch (error) {
        update(key, { state: 'failed', error: failure(error) });
      }
    }
    if (uploaded > 0) {
      toast.success(uploadedMessage(uploaded));
      onUploaded();
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void send(Array.from(event.dataTransfer.files));
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!busy) inputRef.current?.click();
    }
  };

  return (
    <Card padding="sm" className="flex flex-col gap-3">
      <div
        role="button"
        tabIndex={busy ? -1 : 0}
        aria-disabled={busy || undefined}
        aria-describedby={helpId}
        onClick={() => !busy && inputRef.current?.click()}
        onKeyDown={onKey}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-media-dropzone=""
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-slate-400',
          busy && 'pointer-events-none opacity-60',
        )}
      >
        <ImageUp className="size-8 text-slate-500" aria-hidden="true" />
        <span className="text-sm font-semibold text-slate-800">Drop images here or click to choose</span>
        <span id={helpId} className="text-xs text-slate-500">
          JPEG, PNG, GIF or WebP, up to 10 MB each, at most {UPLOAD_COMPONENT_DEFAULT_MAX_FILES} at a time
        </span>
      </div>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-media-input=""
        onChange={(event) => {
          void send(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      {uploads.length > 0 && (
        <ul aria-label="Uploads" className="flex flex-col gap-2">
          {uploads.map((u) => (
            <li key={u.key} data-upload={u.name} data-state={u.state} className="flex flex-col gap-1">
              <div className="flex items-center gap-2 text-sm">
                {u.state === 'done' && <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />}
                {u.state === 'failed' && <CircleAlert className="size-4 shrink-0 text-red-600" aria-hidden="true" />}
                <span className="min-w-0 flex-1 truncate font-medium text-slate-800" title={u.name}>
                  {u.name}
                </span>
                <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                  {formatMegabytes(u.size)} · {u.state === 'failed' ? 'failed' : `${u.progress}%`}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={`Uploading ${u.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={u.progress}
                className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className={cn(
                    'h-full transition-[width]',
                    u.state === 'failed' ? 'bg-red-500' : u.state === 'done' ? 'bg-emerald-500' : 'bg-brand-600',
                  )}
                  style={{ width: `${u.state === 'failed' ? 100 : u.progress}%` }}
                />
              </div>
              {u.error && <p className="text-xs text-red-700">{u.error}</p>}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
