import { LoaderCircle, RotateCw, X } from '../../components/icons';
import { Images, Trash2, Upload } from '../../components/admin/icons';
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { PORTFOLIO_GALLERY_MAX } from '../../../shared/contracts/portfolio.values';
import {
  PortfolioUploadMessage,
  galleryUploadedText,
  galleryCapacityProblem,
  galleryCapacityText,
  galleryMoreFit,
  galleryMeterTone,
  type GalleryMeterTone,
} from '../../../shared/contracts/portfolio-uploads';
import {
  IMAGE_ACCEPT,
  UploadStatusMessage,
  checkSelectedFiles,
  formatMegabytes,
  uploadErrorMessage,
} from '../../../shared/contracts/uploads.values';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import type { Notice } from '../../components/notice';
import { ClientErrorCode, isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { deleteImage } from './image-deletion';
import { uploadGalleryImage } from './portfolio-admin-api';
import { galleryItem, newKey, type GalleryItem } from './project-form-values';

interface PendingImage {
  key: string;
  file: File;
  previewUrl: string;
  title: string;
  /** null before the upload starts; 0 to 100 while it runs. */
  progress: number | null;
  error?: string;
}

export interface GalleryManagerProps {
  gallery: GalleryItem[];
  /** Appends an uploaded image (the latest list, so uploads in a row never lose one). */
  onAdd: (item: GalleryItem) => void;
  /** Removes an image; `restore` puts it back at its place (failed deletion). */
  onRemove: (key: string) => void;
  onRestore: (item: GalleryItem, index: number) => void;
  onTitleChange: (key: string, title: string) => void;
  projectId: number | undefined;
  onNotice: (notice: Notice) => void;
  disabled?: boolean;
  error?: string;
}

const meterColours: Record<GalleryMeterTone, { bar: string; text: string }> = {
  green: { bar: 'bg-emerald-500', text: 'text-emerald-700' },
  yellow: { bar: 'bg-amber-400', text: 'text-amber-700' },
  red: { bar: 'bg-red-500', text: 'text-red-700' },
};

function uploadFailure(error: unknown): string {
  if (isApiError(error)) return uploadErrorMessage(error.status, error.message);
  return error instanceof Error && error.message ? error.message : UploadStatusMessage.FALLBACK;
}

/**
 * The project gallery: drop or choose several images, see them with
 * name and size, title them, upload them one request each (a progress bar per file), at most 10 in
 * the gallery. Each image can be titled and deleted (after confirmation, optimistically).
 */
export function GalleryManager({
  gallery,
  onAdd,
  onRemove,
  onRestore,
  onTitleChange,
  projectId,
  onNotice,
  disabled,
  error,
}: GalleryManagerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [pending, setPending] = useState<PendingImage[]>([]);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [confirming, setConfirming] = useState<GalleryItem | null>(null);
  const helpId = useId();
  const countRef = useRef(gallery.length);
  countRef.current = gallery.length;

  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  // Local previews are released when the component goes away; an upload in flight is cancelled.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      for (const item of pendingRef.current) URL.revokeObjectURL(item.previewUrl);
    },
    [],
  );

  const count = gallery.length;
  const tone = galleryMeterTone(count);
  const full = count + pending.length >= PORTFOLIO_GALLERY_MAX;

  function select(files: readonly File[]) {
    if (files.length === 0) return;
    const capacity = galleryCapacityProblem(count + pending.length, files.length);
    const problem = capacity ?? checkSelectedFiles(files, { multiple: true, maxFiles: PORTFOLIO_GALLERY_MAX });
    if (problem) {
      onNotice({ type: 'error', title: problem });
      return;
    }
    setPending((current) => [
      ...current,
      ...files.map((file) => ({
        key: newKey('pending'),
        file,
        previewUrl: URL.createObjectURL(file),
        title: '',
        progress: null,
      })),
    ]);
  }

  function removePending(key: string) {
    setPending((current) => {
      const item = current.find((p) => p.key === key);
      if (item) URL.revokeObjectURL(item.previewUrl);
      return current.filter((p) => p.key !== key);
    });
    onNotice({ type: 'info', title: PortfolioUploadMessage.PREVIEW_REMOVED });
  }

  const update = (key: string, change: Partial<PendingImage>) =>
    setPending((current) => current.map((p) => (p.key === key ? { ...p, ...change } : p)));

  /** Uploads the waiting images one after another; each failure stays in the list with its reason. */
  async function uploadAll() {
    const queue = pendingRef.current;
    if (queue.length === 0 || uploading) return;
    const capacity = galleryCapacityProblem(countRef.current, queue.length);
    if (capacity) {
      onNotice({ type: 'error', title: `Gallery upload failed: ${capacity}` });
      return;
    }
    setUploading(true);
    let uploaded = 0;
    let lastFailure: string | null = null;
    for (const item of queue) {
      const controller = new AbortController();
      abortRef.current = controller;
      update(item.key, { progress: 0, error: undefined });
      try {
        const data = await uploadGalleryImage(item.file, {
          projectId,
          title: item.title,
          signal: controller.signal,
          onProgress: (p) => update(item.key, { progress: p.percent }),
        });
        const image = data.images[0];
        if (!image) throw new Error(UploadStatusMessage.FALLBACK);
        onAdd(galleryItem(image.url, item.title.trim() || image.title));
        URL.revokeObjectURL(item.previewUrl);
        setPending((current) => current.filter((p) => p.key !== item.key));
        uploaded += 1;
      } catch (caught) {
        if (isApiError(caught) && caught.code === ClientErrorCode.ABORTED) {
          update(item.key, { progress: null, error: 'Upload cancelled.' });
          break;
        }
        lastFailure = uploadFailure(caught);
        update(item.key, { progress: null, error: lastFailure });
      }
    }
    abortRef.current = null;
    setUploading(false);
    if (lastFailure) {
      onNotice({
        type: 'error',
        title: `Gallery upload failed: ${lastFailure}`,
        detail: uploaded > 0 ? galleryUploadedText(uploaded) + '; the others are listed below.' : undefined,
      });
    } else if (uploaded > 0) {
      const message = galleryUploadedText(uploaded);
      onNotice({ type: 'success', title: message });
    }
  }

  async function remove(item: GalleryItem) {
    setConfirming(null);
    const index = gallery.findIndex((g) => g.key === item.key);
    onRemove(item.key);
    const outcome = await deleteImage(item.url, projectId);
    if (outcome.ok) {
      onNotice({ type: 'success', title: outcome.message });
    } else {
      onRestore(item, index);
      onNotice({ type: 'error', title: outcome.title, detail: outcome.detail || undefined });
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && !uploading) select(Array.from(event.dataTransfer.files));
  };
  const onZoneKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (!disabled && !uploading) inputRef.current?.click();
    }
  };

  return (
    <div className="flex flex-col gap-4" data-gallery="">
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-medium text-slate-800">Gallery</p>
          <p className={cn('text-sm font-semibold tabular-nums', meterColours[tone].text)} data-gallery-count={count}>
            {count}/{PORTFOLIO_GALLERY_MAX}
          </p>
        </div>
        <div
          role="meter"
          aria-label="Gallery images"
          aria-valuemin={0}
          aria-valuemax={PORTFOLIO_GALLERY_MAX}
          aria-valuenow={count}
          aria-valuetext={`${count} of ${PORTFOLIO_GALLERY_MAX} images`}
          data-tone={tone}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={cn('h-full transition-[width]', meterColours[tone].bar)}
            style={{ width: `${(count / PORTFOLIO_GALLERY_MAX) * 100}%` }}
          />
        </div>
        <p className="text-xs text-slate-500">
          {count >= PORTFOLIO_GALLERY_MAX
            ? 'The gallery is full. Delete an image to add another.'
            : galleryCapacityText(count)}
        </p>
      </div>

      {!full && (
        <div
          role="button"
          tabIndex={disabled || uploading ? -1 : 0}
          aria-disabled={disabled || uploading || undefined}
          aria-describedby={helpId}
          aria-label="Add gallery images"
          onClick={() => !disabled && !uploading && inputRef.current?.click()}
          onKeyDown={onZoneKey}
          onDragEnter={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragOver={(event) => event.preventDefault()}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-gallery-dropzone=""
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-7 text-center transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
            dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-slate-400',
            (disabled || uploading) && 'pointer-events-none opacity-50',
          )}
        >
          <Images className="size-8 text-slate-500" aria-hidden="true" />
          <span className="text-sm font-semibold text-slate-800">Drop images here or click to choose several</span>
          <span id={helpId} className="text-xs text-slate-500">
            JPEG, PNG, GIF or WebP, up to 10 MB each; {galleryMoreFit(PORTFOLIO_GALLERY_MAX - count - pending.length)}
          </span>
        </div>
      )}
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-gallery-input=""
        onChange={(event) => {
          select(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />

      {pending.length > 0 && (
        <section aria-label="Images waiting to upload" className="flex flex-col gap-3">
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {pending.map((item) => (
              <li
                key={item.key}
                data-pending-image={item.file.name}
                className="flex min-w-0 gap-3 rounded-xl border border-slate-200 bg-white p-3"
              >
                <img
                  src={item.previewUrl}
                  alt={`Preview of ${item.file.name}`}
                  className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                  <p className="text-sm">
                    <span className="block truncate font-medium text-slate-800" title={item.file.name}>
                      {item.file.name}
                    </span>{' '}
                    <span className="block text-xs text-slate-500">({formatMegabytes(item.file.size)})</span>
                  </p>
                  <label className="sr-only" htmlFor={`${item.key}-title`}>
                    Title of {item.file.name}
                  </label>
                  <input
                    id={`${item.key}-title`}
                    type="text"
                    value={item.title}
                    maxLength={300}
                    placeholder="Title (optional)"
                    disabled={item.progress !== null}
                    onChange={(event) => update(item.key, { title: event.target.value })}
                    className="h-9 w-full rounded-lg border border-slate-300 px-2.5 text-sm focus:outline-none focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/20"
                  />
                  {item.progress !== null && (
                    <div className="flex items-center gap-2">
                      <div
                        role="progressbar"
                        aria-label={`Uploading ${item.file.name}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={item.progress}
                        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
                      >
                        <div
                          className="h-full bg-brand-600 transition-[width]"
                          style={{ width: `${item.progress}%` }}
                        />
                      </div>
                      <span className="w-20 text-right text-xs text-slate-500 tabular-nums">
                        {item.progress < 100 ? `${item.progress}%` : 'Processing…'}
                      </span>
                    </div>
                  )}
                  {item.error && <p className="text-xs font-medium text-red-700">{item.error}</p>}
                </div>
                {item.progress === null && (
                  <button
                    type="button"
                    onClick={() => removePending(item.key)}
                    disabled={uploading}
                    className="grid size-8 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
                  >
                    <X className="size-4" aria-hidden="true" />
                    <span className="sr-only">Remove {item.file.name}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-2">
            {uploading ? (
              <>
                <Button variant="secondary" size="sm" onClick={() => abortRef.current?.abort()}>
                  <X aria-hidden="true" />
                  Cancel upload
                </Button>
                <LoaderCircle className="size-5 animate-spin text-slate-400" aria-hidden="true" />
              </>
            ) : (
              <Button size="sm" onClick={() => void uploadAll()} disabled={disabled}>
                {pending.some((p) => p.error) ? <RotateCw aria-hidden="true" /> : <Upload aria-hidden="true" />}
                {pending.length === 1 ? 'Upload 1 image' : `Upload ${pending.length} images`}
              </Button>
            )}
          </div>
        </section>
      )}

      {gallery.length > 0 ? (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Gallery images">
          {gallery.map((item, index) => (
            <li
              key={item.key}
              data-gallery-image={item.url}
              className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white"
            >
              <img
                src={item.url}
                alt={item.title || `Gallery image ${index + 1}`}
                loading="lazy"
                className="aspect-video w-full bg-slate-100 object-cover"
              />
              <div className="flex items-center gap-2 p-2">
                <label className="sr-only" htmlFor={`${item.key}-title`}>
                  Title of gallery image {index + 1}
                </label>
                <input
                  id={`${item.key}-title`}
                  type="text"
                  value={item.title}
                  maxLength={300}
                  placeholder="Title (optional)"
                  disabled={disabled}
                  onChange={(event) => onTitleChange(item.key, event.target.value)}
                  className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 px-2.5 text-sm focus:outline-none focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/20"
                />
                <button
                  type="button"
                  onClick={() => setConfirming(item)}
                  disabled={disabled}
                  className="grid size-9 shrink-0 place-items-center rounded-lg text-red-700 hover:bg-red-50 disabled:opacity-50"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  <span className="sr-only">Delete gallery image {index + 1}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        pending.length === 0 && <p className="text-sm text-slate-500">No gallery images yet.</p>
      )}
      {error && <p className="text-xs font-medium text-red-700">{error}</p>}

      <ConfirmDialog
        open={confirming !== null}
        title="Delete image?"
        confirmLabel="Delete"
        danger
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void remove(confirming)}
      >
        {PortfolioUploadMessage.CONFIRM_DELETE}
      </ConfirmDialog>
    </div>
  );
}
