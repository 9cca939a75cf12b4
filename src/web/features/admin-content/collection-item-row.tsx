import { Eye } from '../../components/icons';
import { ArrowDown, ArrowUp, EyeOff, GripVertical, Pencil, Trash2 } from '../../components/admin/icons';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';
import { ContentRevisionsButton } from './content-revisions';
import type { CollectionSpec, ContentItem } from './content-specs';

interface CollectionItemRowProps {
  spec: CollectionSpec;
  item: ContentItem;
  index: number;
  /** How many items the list has. */
  count: number;
  canEdit: boolean;
  busy: boolean;
  /** The index of the item being dragged, if any. */
  dragged: number | null;
  onDrag: (index: number | null) => void;
  onReorder: (from: number, to: number) => void;
  onToggle: (item: ContentItem) => void;
  onEdit: (item: ContentItem) => void;
  onDelete: (item: ContentItem) => void;
  /** After staff who can edit restored a revision, with its message. */
  onRestored: (message: string) => void;
  /** Reloads the list (the read-only revisions button's callback). */
  onReload: () => void;
}

/** One item of a collection: dragged or moved with its arrows, shown or hidden, edited, deleted. */
export function CollectionItemRow({
  spec,
  item,
  index,
  count,
  canEdit,
  busy,
  dragged,
  onDrag,
  onReorder,
  onToggle,
  onEdit,
  onDelete,
  onRestored,
  onReload,
}: CollectionItemRowProps) {
  const title = spec.title(item);
  return (
    <li
      data-content-item={title}
      draggable={canEdit && !busy}
      onDragStart={(event) => {
        onDrag(index);
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(item.id));
      }}
      onDragOver={(event) => {
        if (dragged === null) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      }}
      onDrop={(event) => {
        event.preventDefault();
        if (dragged !== null) onReorder(dragged, index);
        onDrag(null);
      }}
      onDragEnd={() => onDrag(null)}
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-xl border bg-white px-3 py-3 shadow-xs sm:flex-nowrap',
        dragged === index ? 'border-brand-400 opacity-60' : 'border-slate-200',
        !item.active && 'bg-slate-50',
      )}
    >
      {canEdit && <GripVertical className="size-5 shrink-0 cursor-grab text-slate-400" aria-hidden="true" />}
      <div className="min-w-0 flex-1 basis-48">
        <p className={cn('font-medium break-words', item.active ? 'text-slate-900' : 'text-slate-500')}>
          {title}
          {!item.active && (
            <Badge tone="neutral" className="ml-2 align-middle">
              Hidden
            </Badge>
          )}
        </p>
        {spec.subtitle(item) && (
          <p className="line-clamp-1 text-sm break-words text-slate-500">{spec.subtitle(item)}</p>
        )}
      </div>
      {!canEdit && (
        <ContentRevisionsButton spec={spec} item={item} title={title} canEdit={false} onRestored={onReload} />
      )}
      {canEdit && (
        <div className="ml-auto flex items-center gap-1">
          <ContentRevisionsButton spec={spec} item={item} title={title} canEdit onRestored={onRestored} />
          <Button
            variant="ghost"
            size="sm"
            disabled={busy || index === 0}
            onClick={() => onReorder(index, index - 1)}
            aria-label={`Move “${title}” up`}
            title="Move up"
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={busy || index === count - 1}
            onClick={() => onReorder(index, index + 1)}
            aria-label={`Move “${title}” down`}
            title="Move down"
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() => onToggle(item)}
            aria-label={`${item.active ? 'Hide' : 'Show'} “${title}” ${item.active ? 'from' : 'on'} the site`}
            title={item.active ? 'Hide from the site' : 'Show on the site'}
          >
            {item.active ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onEdit(item)} aria-label={`Edit “${title}”`} title="Edit">
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            disabled={busy}
            onClick={() => onDelete(item)}
            aria-label={`Delete “${title}”`}
            title="Delete"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      )}
    </li>
  );
}
