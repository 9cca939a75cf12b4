import { useCallback, useEffect, useRef, useState } from 'react';
import type { AutosaveKind } from '../../../shared/contracts/revisions';
import { deleteAutosave, saveAutosave, type AutosaveItem } from './revisions-api';

/*
 * Autosave of an editor's form (ADR 0041): a few seconds after the last change, the form's values are kept
 * on the server as the staff member's own draft (never published); a failed attempt is tried again. The
 * editor offers the draft back when the item is opened again, and clear() drops it after an explicit save.
 */

/** Quiet time after the last change before the draft is sent. */
export const AUTOSAVE_DELAY_MS = 3000;
/** Wait before trying again after a failure. */
const RETRY_MS = 10_000;

export type AutosaveState =
  { status: 'idle' } | { status: 'saving' } | { status: 'saved'; at: string } | { status: 'error' };

export interface UseAutosave {
  state: AutosaveState;
  /** Stops autosaving and deletes the draft (after an explicit save or a discard). */
  clear: () => Promise<void>;
}

export function useAutosave({
  kind,
  item,
  values,
  dirty,
  version,
  enabled = true,
}: {
  kind: AutosaveKind;
  item: AutosaveItem;
  values: Record<string, unknown>;
  /** Only a form that differs from what is saved is kept. */
  dirty: boolean;
  /** The item's version the form was loaded at (null for a new item). */
  version: number | null;
  enabled?: boolean;
}): UseAutosave {
  const [state, setState] = useState<AutosaveState>({ status: 'idle' });
  const serialized = JSON.stringify(values);
  const latest = useRef({ values, version });
  latest.current = { values, version };
  const lastSent = useRef<string | null>(null);
  const stopped = useRef(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled || !dirty || stopped.current || serialized === lastSent.current) return;
    let cancelled = false;
    const timer = setTimeout(
      () => {
        setState({ status: 'saving' });
        saveAutosave(kind, item, latest.current.values, latest.current.version)
          .then((at) => {
            if (cancelled || stopped.current) return;
            lastSent.current = serialized;
            setState({ status: 'saved', at });
            setAttempt(0);
          })
          .catch(() => {
            if (cancelled || stopped.current) return;
            setState({ status: 'error' });
            // Tried again after a pause, also when nothing changes meanwhile.
            setTimeout(() => !cancelled && setAttempt((n) => n + 1), RETRY_MS);
          });
      },
      attempt === 0 ? AUTOSAVE_DELAY_MS : 0,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [enabled, dirty, serialized, kind, item, attempt]);

  const clear = useCallback(async () => {
    stopped.current = true;
    setState({ status: 'idle' });
    try {
      await deleteAutosave(kind, item);
    } catch {
      // A draft left behind is offered on the next visit, where it can be discarded.
    }
  }, [kind, item]);

  return { state, clear };
}

/** A kept draft read onto the form's values: only the form's own fields, each only when of the same type. */
export function draftValues<T extends object>(base: T, data: Record<string, unknown>): T {
  const merged = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(base)) {
    const kept = data[key];
    if (kept !== undefined && typeof kept === typeof value && Array.isArray(kept) === Array.isArray(value)) {
      merged[key] = kept;
    }
  }
  return merged as T;
}
