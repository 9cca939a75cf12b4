import { ExternalLink, X } from '../../components/icons';
import { Copy, FileText, Trash2 } from '../../components/admin/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { UploadedFile } from '../../../shared/contracts/uploads';
import { formatFileSize } from '../../../shared/contracts/uploads.values';
import { formatShortDate } from '../../components/article/article-format';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Input } from '../../components/input';
import { Textarea } from '../../components/textarea';
import { userMessage } from '../../lib/api-client';
import { toast } from '../../lib/notifications';
import { fetchUsage, MEDIA_UPDATE, updateMedia } from './media-api';

export const URL_COPIED = 'File URL copied';
export const URL_COPY_FAILED = 'Could not copy the URL. Select it and copy it by hand.';
export const SAVE_FAILED = 'Failed to save the file details';

/** The largest preview the file has: a WebP size, else the original (images only). */
export function previewUrl(file: UploadedFile, maxWidth = 1280): string | null {
  if (!file.mime_type.startsWith('image/')) return null;
  const sizes = file.variants.filter((v) => v.format === 'webp' && v.width <= maxWidth);
  return sizes.sort((a, b) => b.width - a.width)[0]?.url ?? file.url;
}

/** The Media tab's details of one file: preview, facts, where it is used, its address, alt text and description. */
export function MediaDetails({
  file,
  canEdit,
  onSaved,
  onDelete,
  onClose,
}: {
  file: UploadedFile;
  canEdit: boolean;
  onSaved: (file: UploadedFile) => void;
  onDelete: (file: UploadedFile) => void;
  onClose: () => void;
}) {
  const usage = useQuery({ queryKey: [MEDIA_UPDATE, 'usage', file.id], queryFn: () => fetchUsage(file.id) });
  const [alt, setAlt] = useState(file.alt_text ?? '');
  const [description, setDescription] = useState(file.description ?? '');
  const saveDetails = useMutation({
    mutationFn: () => updateMedia(file.id, { alt_text: alt, description }),
    onSuccess: (saved) => {
      toast.success(saved.message ?? 'File updated successfully');
      onSaved(saved.file);
    },
  });
  const error = saveDetails.error ? userMessage(saveDetails.error, { surface: 'admin', fallback: SAVE_FAILED }) : null;
  const absolute = typeof window === 'undefined' ? file.url : `${window.location.origin}${file.url}`;
  const preview = previewUrl(file);
  const panelRef = useRef<HTMLDivElement>(null);

  // On a phone the panel opens above the files: bring it into view.
  useEffect(() => {
    panelRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(absolute);
      toast.success(URL_COPIED);
    } catch {
      toast.error(URL_COPY_FAILED);
    }
  }

  function save(event: FormEvent) {
    event.preventDefault();
    saveDetails.mutate();
  }

  const facts: Array<[string, string]> = [
    ['Type', file.mime_type],
    ['Size', formatFileSize(file.size)],
    ['Dimensions', file.width && file.height ? `${file.width} × ${file.height} px` : '—'],
    ['Category', file.category],
    ['Uploaded', formatShortDate(file.created_at)],
  ];

  return (
    <div ref={panelRef} className="scroll-mt-4">
      <Card padding="sm" className="flex flex-col gap-4" aria-label={`Details of ${file.original_name}`} role="region">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 text-base font-semibold break-words text-slate-900" data-details-name="">
            {file.original_name}
          </h3>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close details" title="Close">
            <X aria-hidden="true" />
          </Button>
        </div>
        <div className="flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-slate-100">
          {preview ? (
            <img src={preview} alt={file.alt_text ?? ''} className="max-h-full max-w-full object-contain" />
          ) : (
            <FileText className="size-12 text-slate-400" aria-hidden="true" />
          )}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-slate-500">{term}</dt>
              <dd className="min-w-0 break-words text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>

        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium text-slate-800">URL</p>
          <div className="flex gap-2">
            <input
              readOnly
              value={absolute}
              aria-label="File URL"
              onFocus={(event) => event.target.select()}
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-2.5 font-mono text-xs text-slate-700"
            />
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        </div>

        <section aria-label="Where it is used" className="flex flex-col gap-1.5">
          <p className="text-sm font-medium text-slate-800">Where it is used</p>
          {usage.isError ? (
            <p className="text-sm text-red-700">Could not load where this file is used.</p>
          ) : !usage.data ? (
            <p className="text-sm text-slate-500">Looking…</p>
          ) : usage.data.length === 0 ? (
            <p className="text-sm text-slate-500" data-usage="none">
              Not used anywhere: it can be deleted safely.
            </p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm" data-usage="used">
              {usage.data.map((place, i) => (
                <li key={`${place.admin_path}-${i}`}>
                  <Link to={place.admin_path} className="inline-flex items-center gap-1 text-brand-700 hover:underline">
                    {place.label}
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        {canEdit ? (
          <form onSubmit={save} className="flex flex-col gap-3" aria-label="File details">
            <Input
              label="Alt text"
              name="alt_text"
              maxLength={500}
              value={alt}
              hint="Describes the image for people who cannot see it."
              onChange={(event) => setAlt(event.target.value)}
            />
            <Textarea
              label="Description"
              name="description"
              rows={3}
              maxLength={5000}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <div className="flex flex-wrap justify-between gap-2">
              <Button
                variant="secondary"
                size="sm"
                className="text-red-700"
                onClick={() => onDelete(file)}
                aria-label={`Delete ${file.original_name}`}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
              <Button type="submit" size="sm" disabled={saveDetails.isPending}>
                {saveDetails.isPending ? 'Saving…' : 'Save details'}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="flex flex-col gap-1 text-sm">
            <dt className="font-medium text-slate-800">Alt text</dt>
            <dd className="text-slate-700">{file.alt_text || '—'}</dd>
            <dt className="mt-2 font-medium text-slate-800">Description</dt>
            <dd className="text-slate-700">{file.description || '—'}</dd>
          </dl>
        )}
      </Card>
    </div>
  );
}
