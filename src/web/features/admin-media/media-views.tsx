import type { UploadedFile } from '../../../shared/contracts/uploads';
import { formatFileSize } from '../../../shared/contracts/uploads.values';
import { FileText } from '../../components/admin/icons';
import { SelectAllHeader } from '../../components/admin/selectable-list';
import { rowCheckboxClass } from '../../components/admin/use-row-selection';
import { formatShortDate } from '../../components/article/article-format';
import { Card } from '../../components/card';
import { cn } from '../../lib/cn';
import { previewUrl } from './media-details';

/** The Media tab's two views of a page of files: a grid of thumbnails and a table. */

type Row = UploadedFile;

function Thumb({ file, className }: { file: Row; className?: string }) {
  const src = previewUrl(file, 640);
  return src ? (
    <img src={src} alt={file.alt_text ?? ''} loading="lazy" className={cn('bg-slate-100 object-cover', className)} />
  ) : (
    <span className={cn('flex items-center justify-center bg-slate-100', className)}>
      <FileText className="size-8 text-slate-400" aria-hidden="true" />
    </span>
  );
}

interface ViewProps {
  files: Row[];
  canEdit: boolean;
  selectedId: number | null;
  checked: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onOpen: (file: Row) => void;
}

export function MediaGrid({ files, canEdit, selectedId, checked, onToggle, onOpen }: ViewProps) {
  return (
    <ul aria-label="Files" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
      {files.map((file) => (
        <li
          key={file.id}
          data-media={file.original_name}
          className={cn(
            'relative overflow-hidden rounded-xl border bg-white shadow-sm',
            selectedId === file.id ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200',
          )}
        >
          <button
            type="button"
            onClick={() => onOpen(file)}
            className="block w-full text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            <span className="sr-only">Show details of </span>
            <Thumb file={file} className="aspect-square w-full" />
            <span className="block truncate px-2.5 pt-2 text-sm font-medium text-slate-800" title={file.original_name}>
              {file.original_name}
            </span>
            <span className="block px-2.5 pb-2 text-xs text-slate-500">{formatFileSize(file.size)}</span>
          </button>
          {canEdit && (
            <input
              type="checkbox"
              className="absolute top-2 left-2 size-6 rounded border-slate-300 bg-white accent-brand-600 focus-visible:outline-brand-500"
              checked={checked.has(file.id)}
              onChange={() => onToggle(file.id)}
              aria-label={`Select ${file.original_name}`}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/** The table's columns, each with the classes that hide it on narrow screens. */
const COLUMNS: [label: string, shownFrom: string][] = [
  ['File', ''],
  ['Type', 'hidden md:table-cell'],
  ['Size', ''],
  ['Category', 'hidden lg:table-cell'],
  ['Uploaded', 'hidden xl:table-cell'],
];

export function MediaTable({
  files,
  canEdit,
  selectedId,
  checked,
  allChecked,
  onToggle,
  onToggleAll,
  onOpen,
}: ViewProps & { allChecked: boolean; onToggleAll: () => void }) {
  return (
    <Card padding="none" className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Files</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {canEdit && (
              <SelectAllHeader checked={allChecked} onChange={onToggleAll} label="Select all files on this page" />
            )}
            {COLUMNS.map(([label, shownFrom]) => (
              <th key={label} scope="col" className={cn('px-4 py-3', shownFrom)}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {files.map((file) => (
            <tr
              key={file.id}
              data-media={file.original_name}
              className={cn((selectedId === file.id || checked.has(file.id)) && 'bg-brand-50/50')}
            >
              {canEdit && (
                <td className="py-3 pl-4">
                  <input
                    type="checkbox"
                    className={rowCheckboxClass}
                    checked={checked.has(file.id)}
                    onChange={() => onToggle(file.id)}
                    aria-label={`Select ${file.original_name}`}
                  />
                </td>
              )}
              <td className="px-4 py-2">
                <button
                  type="button"
                  onClick={() => onOpen(file)}
                  aria-label={`Show details of ${file.original_name}`}
                  className="flex min-w-0 items-center gap-3 text-left"
                >
                  <Thumb file={file} className="size-10 shrink-0 rounded-lg" />
                  <span className="min-w-0 font-medium break-all text-slate-900 line-clamp-2">
                    {file.original_name}
                  </span>
                </button>
              </td>
              <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 md:table-cell">{file.mime_type}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatFileSize(file.size)}</td>
              <td className="hidden px-4 py-3 text-slate-700 lg:table-cell">{file.category}</td>
              <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 xl:table-cell">
                {formatShortDate(file.created_at)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
