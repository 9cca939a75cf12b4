import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-client';
import { toast } from '../../lib/notifications';
import type { FormNotice } from './form-notice';

export interface SettingsFormOptions<T> {
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
 * One Settings section's form: loads its values (with retry), tracks changes against what is saved, saves
 * them with one success message (a notice, or a toast) or an error notice in the catalogue's "{failed}: {reason}"
 * form.
 */
export function useSettingsForm<T>({ load, save, texts, successNotice = true, onSaved }: SettingsFormOptions<T>) {
  const [saved, setSaved] = useState<T | null>(null);
  const [values, setValues] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<FormNotice | null>(null);

  useEffect(() => {
    let cancelled = false;
    setLoadError(null);
    load()
      .then((loaded) => {
        if (cancelled) return;
        setSaved(loaded);
        setValues(loaded);
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(userMessage(error, { surface: 'admin', fallback: texts.loadFailed }));
      });
    return () => {
      cancelled = true;
    };
    // Loaded once, and again on retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  async function submit(next: T) {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const { value, message } = await save(next);
      const kept = value ?? next;
      setSaved(kept);
      setValues(kept);
      const text = message ?? texts.saved;
      if (successNotice) setNotice({ type: 'success', text });
      else toast.success(text);
      onSaved?.(kept);
    } catch (error) {
      const reason = userMessage(error, { surface: 'admin', fallback: texts.saveFailed });
      setNotice({
        type: 'error',
        text: reason === texts.saveFailed ? reason : `${texts.saveFailed}: ${reason}`,
      });
    } finally {
      setBusy(false);
    }
  }

  return {
    values,
    saved,
    loadError,
    retry: () => setAttempt((n) => n + 1),
    busy,
    notice,
    dismissNotice: () => setNotice(null),
    /** New values from the form; a notice about the last save goes. */
    change: (next: T) => {
      setValues(next);
      setNotice(null);
    },
    submit,
    changed: Boolean(values && saved && JSON.stringify(values) !== JSON.stringify(saved)),
  };
}
