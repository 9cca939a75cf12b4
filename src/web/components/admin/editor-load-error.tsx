import { ArrowLeft } from '../icons';
import { useEffect, useEffectEvent, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { Alert } from '../alert';
import { Button } from '../button';
import { failureNotice, type Notice } from '../notice';

/** Why an edit screen could not load what it edits; `notFound` when it is gone (no point in trying again). */
export interface EditorFailure {
  notice: Notice;
  notFound: boolean;
}

/** The failure of an edit screen's load: "not found" for a 404, else the title with the server's reason. */
export function editorFailure(error: unknown, titles: { notFound: string; failed: string }): EditorFailure {
  const notFound = isApiError(error) && error.status === 404;
  return {
    notice: notFound
      ? { type: 'error', title: titles.notFound, detail: 'It may have been deleted by someone else.' }
      : failureNotice(titles.failed, error),
    notFound,
  };
}

/**
 * What an edit screen loads before it shows its form: runs `load` whenever `key` changes (and on
 * retry), ignores answers that arrive after the screen moved on, and turns a failure into an
 * EditorFailure. `load` null means there is nothing to load (a new item).
 */
export function useEditorLoad<T>(
  key: string | number,
  load: (() => Promise<T>) | null,
  titles: { notFound: string; failed: string },
): { data: T | null; failure: EditorFailure | null; retry: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<EditorFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const start = useEffectEvent(() => load?.() ?? null);
  const failed = useEffectEvent((error: unknown) => editorFailure(error, titles));

  useEffect(() => {
    const pending = start();
    if (!pending) return;
    let cancelled = false;
    setFailure(null);
    pending
      .then((loaded) => !cancelled && setData(loaded))
      .catch((error: unknown) => !cancelled && setFailure(failed(error)));
    return () => {
      cancelled = true;
    };
  }, [key, attempt]);

  return { data, failure, retry: () => setAttempt((n) => n + 1) };
}

/** An edit screen that could not load: the reason, Try Again (unless it is gone) and the way back to the list. */
export function EditorLoadError({
  failure,
  onRetry,
  backTo,
  backLabel,
}: {
  failure: EditorFailure;
  onRetry: () => void;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Alert
      tone="error"
      title={failure.notice.title}
      action={
        <div className="flex flex-wrap gap-2">
          {!failure.notFound && (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              Try Again
            </Button>
          )}
          <Button size="sm" variant="secondary" to={backTo}>
            <ArrowLeft aria-hidden="true" />
            {backLabel}
          </Button>
        </div>
      }
    >
      {failure.notice.detail}
    </Alert>
  );
}
