import { LoaderCircle, X } from '../icons';
import { ImageUp, Trash2, Upload } from './icons';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { UploadFileData, UploadedFile } from '../../../shared/contracts/uploads';
import {
  IMAGE_ACCEPT,
  UploadComponentMessage,
  UploadStatusMessage,
  checkSelectedFiles,
  formatMegabytes,
  uploadErrorMessage,
} from '../../../shared/contracts/uploads.values';
import { ClientErrorCode, isApiError, upload } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Alert } from '../alert';
import { Button } from '../button';
import { Input } from '../input';

export interface ImageUploadProps {
  /** The current image address ('' for none). */
  value: string;
  /** A new address: the uploaded file's URL (with the file), a typed address, or '' when removed. */
  onChange: (url: string, file?: UploadedFile) => void;
  label?: string;
  /** The label of the address field. */
  urlLabel?: string;
  /** Shows the address field (on by default). */
  urlField?: boolean;
  /** The upload category, e.g. 'blog' or 'portfolio'. */
  category?: string;
  /** Alt text stored with the upload. */
  altText?: string;
  /** Error text for the field (e.g. "required"), shown under the address field. */
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  /** Name of the address input (forms and tests find it by this). */
  name?: string;
  className?: string;
  /** Called with the whole record after a successful upload. */
  onUploaded?: (file: UploadedFile) => void;
  /** The API path the image is posted to (field "image"; the answer carries data.file). */
  uploadPath?: string;
}

interface Selection {
  file: File;
  previewUrl: string;
}

type Notice = { tone: 'success' | 'error' | 'info'; text: string } | null;

/** An address the preview may load: http(s) or a path on this site. */
const isPreviewable = (url: string) => /^(https?:\/\/|\/(?!\/))/i.test(url.trim());

/**
 * The admin's image picker: drop an image or choose one,
 * check it, see it with its name and size, upload it with progress, or type an address instead.
 * Once an image is set, the upload area is hidden until the image is removed.
 */
export function ImageUpload({
  value,
  onChange,
  label = 'Image',
  urlLabel = 'Image URL',
  urlField = true,
  category,
  altText,
  error,
  hint,
  required,
  disabled,
  name,
  className,
  onUploaded,
  uploadPath = '/uploads/image',
}: ImageUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const labelId = useId();
  const helpId = useId();
  const uploading = progress !== null;
  const current = value.replace(/`/g, '').trim();

  // The local preview lives until the selection changes or the component goes away.
  useEffect(() => {
    if (!selection) return;
    return () => URL.revokeObjectURL(selection.previewUrl);
  }, [selection]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const select = useCallback((files: readonly File[]) => {
    const problem = checkSelectedFiles(files, { multiple: false });
    if (problem) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
    const file = files[0] as File;
    setNotice(null);
    setSelection({ file, previewUrl: URL.createObjectURL(file) });
  }, []);

  const openPicker = () => {
    if (!disabled && !uploading) inputRef.current?.click();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled || uploading) return;
    select(Array.from(event.dataTransfer.files));
  };

  const onZoneKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    }
  };

  const removeSelection = () => {
    setSelection(null);
    setNotice({ tone: 'info', text: 'Preview removed. The file was not uploaded yet.' });
  };

  async function send() {
    if (!selection) return;
    const form = new FormData();
    if (category) form.append('category', category);
    if (altText) form.append('alt_text', altText);
    form.append('image', selection.file, selection.file.name);
    const controller = new AbortController();
    abortRef.current = controller;
    setNotice(null);
    setProgress(0);
    try {
      const body = await upload<UploadFileData>(uploadPath, form, (p) => setProgress(p.percent), {
        signal: controller.signal,
        // Large images on slow links take longer than an ordinary call.
        timeoutMs: 5 * 60_000,
      });
      const file = body.data.file;
      setSelection(null);
      setNotice({ tone: 'success', text: UploadComponentMessage.SUCCESS });
      onChange(file.url, file);
      onUploaded?.(file);
    } catch (caught) {
      if (isApiError(caught) && caught.code === ClientErrorCode.ABORTED) {
        setNotice({ tone: 'info', text: 'Upload cancelled.' });
      } else {
        const message = isApiError(caught)
          ? uploadErrorMessage(caught.status, caught.message)
          : caught instanceof Error && caught.message
            ? caught.message
            : UploadStatusMessage.FALLBACK;
        setNotice({ tone: 'error', text: `Image upload failed: ${message}` });
      }
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  }

  const removeImage = () => {
    onChange('');
    setNotice(null);
  };

  return (
    <div className={cn('flex flex-col gap-3', className)} role="group" aria-labelledby={labelId}>
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </p>

      {current && !selection && (
        <div className="flex flex-col gap-2">
          {isPreviewable(current) && (
            <img
              src={current}
              alt={altText || 'Current image'}
              className="aspect-video w-full rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
            />
          )}
          <div>
            <Button variant="secondary" size="sm" onClick={removeImage} disabled={disabled}>
              <Trash2 aria-hidden="true" />
              Remove image
            </Button>
          </div>
        </div>
      )}

      {!current && !selection && (
        <div
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-disabled={disabled || undefined}
          aria-describedby={helpId}
          onClick={openPicker}
          onKeyDown={onZoneKey}
          onDragEnter={(e) => {
            e.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragOver={(e) => e.preventDefault()}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
            dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-slate-400',
            disabled && 'pointer-events-none opacity-50',
          )}
        >
          <ImageUp className="size-8 text-slate-500" aria-hidden="true" />
          <span className="text-sm font-semibold text-slate-800">Drop an image here or click to choose one</span>
          <span id={helpId} className="text-xs text-slate-500">
            JPEG, PNG, GIF or WebP, up to 10 MB
          </span>
        </div>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          select(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />

      {selection && (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3">
          <img
            src={selection.previewUrl}
            alt={`Preview of ${selection.file.name}`}
            className="aspect-video w-full rounded-lg bg-slate-100 object-contain"
          />
          <p className="truncate text-sm text-slate-700">
            <span className="font-medium">{selection.file.name}</span>{' '}
            <span className="text-slate-500">({formatMegabytes(selection.file.size)})</span>
          </p>
          {uploading && (
            <div className="flex flex-col gap-1">
              <div
                role="progressbar"
                aria-label={`Uploading ${selection.file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
              </div>
              <span className="text-xs text-slate-500" aria-live="polite">
                {progress < 100 ? `Uploading… ${progress}%` : 'Processing…'}
              </span>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            {uploading ? (
              <Button variant="secondary" size="sm" onClick={() => abortRef.current?.abort()}>
                <X aria-hidden="true" />
                Cancel upload
              </Button>
            ) : (
              <>
                <Button size="sm" onClick={() => void send()} disabled={disabled}>
                  <Upload aria-hidden="true" />
                  Upload image
                </Button>
                <Button variant="ghost" size="sm" onClick={removeSelection} disabled={disabled}>
                  <X aria-hidden="true" />
                  Remove
                </Button>
              </>
            )}
            {uploading && (
              <LoaderCircle className="size-5 animate-spin self-center text-slate-400" aria-hidden="true" />
            )}
          </div>
        </div>
      )}

      {notice && (
        <Alert tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}

      {urlField && (
        <Input
          label={urlLabel}
          name={name}
          // Text, not url: a path on this site (/uploads/files/…) is a valid address too.
          type="text"
          inputMode="url"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="https://… or /uploads/files/…"
          error={error}
          hint={hint}
          disabled={disabled || uploading}
          required={required}
        />
      )}
      {!urlField && error && <p className="text-xs font-medium text-red-700">{error}</p>}
    </div>
  );
}
