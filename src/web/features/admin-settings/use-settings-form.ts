import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { userMessage } from '../../lib/api-client';
import { toast } from '../../lib/notifications';
import type { FormNotice } from './form-notice';

export interface SettingsFormOptions<T> {
  /** The query of the saved values; its first element the resource ('settings'). */
  queryKey: QueryKey;
  load: () => Promise<T>;
  /** Saves, answering with what the server kept (or nothing: what was sent is kept) and its message. */
  save: (values: T) => Promise<{ value?: T; message?: string }>;
  texts: { loadFailed: string; saveFailed: string; saved: string };
  /** Say "saved" above the form (the default), or in a toast instead (a form whose save moves the toasts). */
  successNotice?: boolean;
  /** After a save, with what was kept. */
  onSaved?: (value: T) => void;
}

/**
 * One Settings section's form: loads its values (a query, with retry), tracks changes against what is saved,
 * saves them with one success message (a notice, or a toast) or an error notice in the catalogue's
 * "{failed}: {reason}" form.
 */
export function useSettingsForm<T>({
  queryKey,
  load,
  save,
  texts,
  successNotice = true,
  onSaved,
}: SettingsFormOptions<T>) {
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey, queryFn: load });
  /** The form's values once changed; until then it shows what is saved. */
  const [edited, setEdited] = useState<T | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const saving = useMutation({
    mutationFn: save,
    onMutate: () => setNotice(null),
    onSuccess: ({ value, message }, sent) => {
      const kept = value ?? sent;
      queryClient.setQueryData(queryKey, kept);
      setEdited(null);
      const text = message ?? texts.saved;
      if (successNotice) setNotice({ type: 'success', text });
      else toast.success(text);
      onSaved?.(kept);
    },
    onError: (error) => {
      const reason = userMessage(error, { surface: 'admin', fallback: texts.saveFailed });
      setNotice({ type: 'error', text: reason === texts.saveFailed ? reason : `${texts.saveFailed}: ${reason}` });
    },
  });

  const saved = loaded.data ?? null;
  const values = edited ?? saved;
  // Try Again shows the grey rows while it loads, as the first load does.
  const loadError =
    loaded.isError && !loaded.isFetching
      ? userMessage(loaded.error, { surface: 'admin', fallback: texts.loadFailed })
      : null;

  return {
    values,
    saved,
    loadError,
    retry: () => void loaded.refetch(),
    busy: saving.isPending,
    notice,
    dismissNotice: () => setNotice(null),
    /** New values from the form; a notice about the last save goes. */
    change: (next: T) => {
      setEdited(next);
      setNotice(null);
    },
    submit: (next: T) => {
      if (!saving.isPending) saving.mutate(next);
    },
    changed: Boolean(values && saved && JSON.stringify(values) !== JSON.stringify(saved)),
  };
}

export type SettingsFormState<T> = ReturnType<typeof useSettingsForm<T>>;
