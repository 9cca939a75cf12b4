import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { Card } from '../card';
import { RowActions, type ActionLabels } from './row-actions';
import { rowCheckboxClass } from './use-row-selection';

/** What the table and the cards need of a row: its id, and its name for the checkbox's label. */
export interface SelectableItem {
  id: number;
  title: string;
}

/** The selection state of the list (see useRowSelection). */
export interface ListSelection {
  selected: ReadonlySet<number>;
  allSelected: boolean;
  toggle: (id: number) => void;
  toggleAll: () => void;
}

interface SelectableListProps<T extends SelectableItem> {
  items: readonly T[];
  /** The list's name (the table caption, the cards' list label). */
  label: string;
  /** "Select all posts on this page". */
  selectAllLabel: string;
  /** Checkboxes only for those who may act on the rows. */
  canEdit: boolean;
  selection: ListSelection;
  /** data-* attributes that name a row for tests and styling ({ 'data-post': slug }). */
  rowData: (item: T) => Record<`data-${string}`, string>;
  /** false: no checkboxes, for a list without bulk actions. */
  selectable?: boolean;
}

export interface TableColumn<T> {
  header: string;
  /** Classes besides the header's padding. */
  headerClassName?: string;
  cellClassName: string;
  cell: (item: T) => ReactNode;
}

/** A selectable table's first header cell: the box that selects every row on the page. */
export function SelectAllHeader({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: () => void;
  label: string;
}) {
  return (
    <th scope="col" className="w-10 py-3 pl-4">
      <input type="checkbox" className={rowCheckboxClass} checked={checked} onChange={onChange} aria-label={label} />
    </th>
  );
}

/** An admin list as a table (tablets and up): a checkbox column for staff who may edit, then `columns`. */
export function SelectableTable<T extends SelectableItem>({
  items,
  label,
  selectAllLabel,
  canEdit,
  selection,
  rowData,
  columns,
  selectable = true,
}: SelectableListProps<T> & { columns: ReadonlyArray<TableColumn<T>> }) {
  const { selected, allSelected, toggle, toggleAll } = selection;
  const checkboxes = canEdit && selectable;
  return (
    // A query container: a column shows once the card, not the window, is wide enough for it (`@min-[60rem]:`).
    // The card is 718 px wide at 768 px and again at 1024 px, where the sidebar appears, and at most 1102 px.
    <Card padding="none" className="@container hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {checkboxes && <SelectAllHeader checked={allSelected} onChange={toggleAll} label={selectAllLabel} />}
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn('px-4 py-3', column.headerClassName)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => (
            <tr key={item.id} {...rowData(item)} className={cn(selected.has(item.id) && 'bg-brand-50/50')}>
              {checkboxes && (
                <td className="py-3 pl-4">
                  <input
                    type="checkbox"
                    className={rowCheckboxClass}
                    checked={selected.has(item.id)}
                    onChange={() => toggle(item.id)}
                    aria-label={`Select “${item.title}”`}
                  />
                </td>
              )}
              {columns.map((column) => (
                <td key={column.header} className={column.cellClassName}>
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** The same list as cards (phones): a checkbox beside each card's `body`, its `actions` under it. */
export function SelectableCards<T extends SelectableItem>({
  items,
  label,
  selectAllLabel,
  canEdit,
  selection,
  rowData,
  body,
  actions,
  selectable = true,
}: SelectableListProps<T> & { body: (item: T) => ReactNode; actions: (item: T) => ReactNode }) {
  const { selected, allSelected, toggle, toggleAll } = selection;
  const checkboxes = canEdit && selectable;
  return (
    <div className="flex flex-col gap-3 md:hidden">
      {checkboxes && (
        <label className="flex items-center gap-2 px-1 text-sm font-medium text-slate-700">
          <input type="checkbox" className={rowCheckboxClass} checked={allSelected} onChange={toggleAll} />
          {selectAllLabel}
        </label>
      )}
      <ul className="flex flex-col gap-3" aria-label={label}>
        {items.map((item) => (
          <li
            key={item.id}
            {...rowData(item)}
            className={cn(
              'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm',
              selected.has(item.id) && 'border-brand-300 bg-brand-50/40',
            )}
          >
            <div className="flex items-start gap-3">
              {checkboxes && (
                <input
                  type="checkbox"
                  className={cn(rowCheckboxClass, 'mt-1')}
                  checked={selected.has(item.id)}
                  onChange={() => toggle(item.id)}
                  aria-label={`Select “${item.title}”`}
                />
              )}
              <div className="min-w-0 flex-1">{body(item)}</div>
            </div>
            <div className="mt-2 border-t border-slate-100 pt-2">{actions(item)}</div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The title cell of a row: a link to its edit screen for those who may edit, plain text otherwise. */
export function TitleLink({ title, editTo, canEdit }: { title: string; editTo: string; canEdit: boolean }) {
  return canEdit ? (
    <Link to={editTo} className="line-clamp-2 font-semibold text-slate-900 hover:text-brand-700">
      {title}
    </Link>
  ) : (
    <span className="line-clamp-2 font-semibold text-slate-900">{title}</span>
  );
}

/**
 * An admin list both ways, the table (tablets and up) and the cards (phones), each row ending in
 * its RowActions: View on the site (where `viewHref` gives a link), Edit and Delete.
 */
export function SelectableList<T extends SelectableItem>({
  columns,
  body,
  editTo,
  viewHref,
  onDelete,
  disabled,
  tooltips,
  tableLabels = 'wide',
  extraActions,
  ...list
}: SelectableListProps<T> & {
  /** The table's columns before Actions. */
  columns: ReadonlyArray<TableColumn<T>>;
  /** A card's content above its actions. */
  body: (item: T) => ReactNode;
  editTo: (item: T) => string;
  viewHref: (item: T) => string | undefined;
  onDelete: (item: T) => void;
  disabled: boolean;
  tooltips?: boolean;
  /** The buttons' words in the table: 'wide' (from 64rem) unless the row has too many buttons ('never'). */
  tableLabels?: Exclude<ActionLabels, 'always'>;
  /** The list's own row actions before Edit, their words as RowActions shows its own. */
  extraActions?: (item: T, labels: ActionLabels) => ReactNode;
}) {
  const actions = (item: T, labels: ActionLabels) => (
    <RowActions
      name={item.title}
      viewHref={viewHref(item)}
      editTo={editTo(item)}
      canEdit={list.canEdit}
      disabled={disabled}
      onDelete={() => onDelete(item)}
      labels={labels}
      tooltips={tooltips}
      extra={extraActions?.(item, labels)}
    />
  );
  const actionsColumn: TableColumn<T> = {
    header: 'Actions',
    headerClassName: 'text-right',
    cellClassName: 'px-2 py-2',
    cell: (item) => actions(item, tableLabels),
  };
  return (
    <>
      <SelectableTable {...list} columns={[...columns, actionsColumn]} />
      <SelectableCards {...list} body={body} actions={(item) => actions(item, 'always')} />
    </>
  );
}
