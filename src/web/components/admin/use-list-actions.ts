import { useState } from 'react';
import { failureNotice, type Notice } from '../notice';
import { useHandedNotice } from './use-handed-notice';

/** The delete waiting for confirmation: one row, or the selected rows. */
export type PendingDelete<T> = { kind: 'delete'; item: T } | { kind: 'bulk-delete'; ids: number[] };

/** What a bulk action did: its success line, how many rows it changed, and why the others could not be. */
export interface BulkOutcome {
  text: string;
  succeeded: number;
  failures: string[];
}

/** The parts of the list (useAdminList) that an action refreshes. */
interface ActedOnList {
  selection: { selectedIds: number[]; clear: () => void; remove: (id: number) => void };
  reload: () => void;
  afterRemoval: (removed: number) => void;
}

interface ListActionsOptions<T, O extends string> {
  deleteItem: (item: T) => Promise<unknown>;
  /** The notice after one row is deleted, and its error title when that fails. */
  deleted: string;
  deleteFailed: string;
  /** Runs a bulk operation ('delete' among them) on the ids; absent for a list without bulk actions. */
  bulk?: (operation: O | 'delete', ids: number[]) => Promise<BulkOutcome>;
  bulkFailed?: (error: unknown) => Notice;
}

/**
 * The actions of an admin list: delete one row or the selected ones (after a confirmation), and the
 * other bulk operations; each reports in the list's notice (which starts with the one a form handed
 * over; one message, not a toast besides), then refreshes the list.
 */
export function useListActions<T extends { id: number }, O extends string>(
  list: ActedOnList,
  options: ListActionsOptions<T, O>,
) {
  const [notice, setNotice] = useHandedNotice();
  const [pending, setPending] = useState<PendingDelete<T> | null>(null);
  const [acting, setActing] = useState(false);
  const { selection } = list;

  async function act(work: () => Promise<void>, failed: (error: unknown) => Notice) {
    setActing(true);
    try {
      await work();
    } catch (error) {
      setNotice(failed(error));
    } finally {
      setActing(false);
      setPending(null);
    }
  }

  const runBulk = (operation: O | 'delete', ids: number[]) => {
    const { bulk, bulkFailed } = options;
    if (!bulk || !bulkFailed) return Promise.resolve();
    return act(async () => {
      const { text, succeeded, failures } = await bulk(operation, ids);
      setNotice(
        failures.length > 0
          ? { type: 'warning', title: text, detail: `${failures.length} could not be changed: ${failures.join('; ')}` }
          : { type: 'success', title: text },
      );
      selection.clear();
      if (operation === 'delete') list.afterRemoval(succeeded);
      else list.reload();
    }, bulkFailed);
  };

  const runDelete = (item: T) =>
    act(
      async () => {
        await options.deleteItem(item);
        setNotice({ type: 'success', title: options.deleted });
        selection.remove(item.id);
        list.afterRemoval(1);
      },
      (error) => failureNotice(options.deleteFailed, error),
    );

  return {
    notice,
    setNotice,
    acting,
    /** Runs a bulk operation on the selected rows. */
    runBulk: (operation: O) => void runBulk(operation, selection.selectedIds),
    askDelete: (item: T) => setPending({ kind: 'delete', item }),
    askBulkDelete: () => setPending({ kind: 'bulk-delete', ids: selection.selectedIds }),
    /** For ConfirmPendingDelete. */
    confirm: {
      pending,
      busy: acting,
      onCancel: () => setPending(null),
      onConfirm: () => {
        if (pending?.kind === 'delete') void runDelete(pending.item);
        else if (pending) void runBulk('delete', pending.ids);
      },
    },
  };
}
