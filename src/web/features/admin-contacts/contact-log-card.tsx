import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { LoaderCircle } from '../../components/icons';
import { failureNotice } from '../../components/notice';
import { Textarea } from '../../components/textarea';
import { useFormatDateTime } from '../../lib/date-time';
import { toast } from '../../lib/notifications';

/** A failed change: its catalogue title as a toast, with the server's reason when it says more. */
export function toastFailure(title: string, error: unknown) {
  const notice = failureNotice(title, error);
  toast.error(notice.detail ?? notice.title, notice.detail ? notice.title : undefined);
}

/** The box under a contact's log where staff who may change contacts write the next entry. */
export interface LogComposer {
  /** The form's accessible name, when the box's label does not say enough. */
  formLabel?: string;
  label: string;
  name: string;
  rows: number;
  maxLength: number;
  placeholder?: string;
  hint?: ReactNode;
  icon: ReactNode;
  submitLabel: string;
  /** Sends what was written (never only whitespace); resolves with the success toast's text. */
  send: (text: string) => Promise<string>;
  failed: string;
  /** After a send, before the button is free again: the contact loads again. */
  onSent: () => Promise<void>;
}

/**
 * One of a contact's append-only logs (the notes, the replies): its heading with the count, the entries
 * oldest first (or `empty`), and the composer for those who may write one.
 */
export function ContactLogCard({
  id,
  title,
  count,
  empty,
  listLabel,
  children,
  composer,
}: {
  id: string;
  title: string;
  count: number;
  empty: string;
  listLabel: string;
  /** The entries, each an <li>. */
  children: ReactNode;
  composer: LogComposer | null;
}) {
  return (
    <Card padding="none">
      <section aria-labelledby={id} className="flex flex-col gap-4 p-5">
        <h3 id={id} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {title} ({count})
        </h3>
        {count === 0 ? (
          <p className="text-sm text-slate-500">{empty}</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label={listLabel}>
            {children}
          </ol>
        )}
        {composer && <ComposeForm composer={composer} />}
      </section>
    </Card>
  );
}

function ComposeForm({ composer }: { composer: LogComposer }) {
  const [text, setText] = useState('');
  const sending = useMutation({
    mutationFn: composer.send,
    onSuccess: async (message) => {
      toast.success(message);
      setText('');
      await composer.onSent();
    },
    onError: (error) => toastFailure(composer.failed, error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // Whitespace only is not sent.
    if (!text.trim() || sending.isPending) return;
    sending.mutate(text);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label={composer.formLabel}>
      <Textarea
        label={composer.label}
        name={composer.name}
        rows={composer.rows}
        maxLength={composer.maxLength}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={composer.placeholder}
        hint={composer.hint}
      />
      <div>
        <Button type="submit" size="sm" disabled={sending.isPending || text.trim() === ''}>
          {sending.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : composer.icon}
          {composer.submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** Who wrote a log entry and when, under its text. */
export function LogEntryByline({ author, at }: { author: string | null; at: string }) {
  const formatDateTime = useFormatDateTime();
  return (
    <p className="mt-1.5 text-xs text-slate-500">
      {author ?? 'Unknown'} · <time dateTime={at}>{formatDateTime(at)}</time>
    </p>
  );
}
