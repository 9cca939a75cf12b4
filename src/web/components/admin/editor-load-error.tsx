import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from '../icons';
import { useId } from 'react';
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
 * retry), keeps what was loaded on show until the next answer, and turns a failure into an EditorFailure.
 * `load` null means there is nothing to load (a new item).
 *
 * The query's key is this editor's own (useId): no other screen reads it and no data-update names it, so
 * it is never loaded again under a form being edited; it is forgotten when the editor closes, and the next
 * opening loads afresh.
 */
export function useEditorLoad<T>(
  key: string | number,
  load: (() => Promise<T>) | null,
  titles: { notFound: string; failed: string },
): { data: T | null; failure: EditorFailure | null; retry: () => void } {
  const editor = useId();
  const loaded = useQuery({
    queryKey: ['editor', editor, key],
    queryFn: load ?? skipToken,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  // Try Again clears the failure while it loads.
  const failure = loaded.isError && !loaded.isFetching ? editorFailure(loaded.error, titles) : null;
  return { data: loaded.data ?? null, failure, retry: () => void loaded.refetch() };
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
