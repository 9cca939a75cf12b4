import { MessageSquare } from '../../components/icons';
import { Suspense, useId, useState, type FormEvent } from 'react';
import { Await } from 'react-router';
import type { BlogComment, BlogCommentRequest } from '../../../shared/contracts/blog';
import {
  BlogMessage,
  COMMENT_EMAIL_MAX,
  COMMENT_MESSAGE_MAX,
  COMMENT_NAME_MAX,
} from '../../../shared/contracts/blog.values';
import { ErrorMessage } from '../../../shared/errors';
import { Alert, SendStatusAlert, type SendStatus } from '../../components/alert';
import { formatLongDate } from '../../components/article/article-format';
import { Button } from '../../components/button';
import { Input } from '../../components/input';
import { Textarea } from '../../components/textarea';
import { Skeleton } from '../../components/skeleton';
import { Honeypot } from '../../components/honeypot';
import { userMessage } from '../../lib/api-error';
import { post } from '../../lib/public-api';
import { useHydrated } from '../../lib/use-hydrated';
import { sendEvent } from '../../lib/analytics-beacon';
import { cn } from '../../lib/cn';

export const COMMENTS_FAILED = 'Failed to load comments';
export const COMMENT_FAILED = 'Failed to post comment. Please try again.';

function initialOf(name: string): string {
  return ([...name.trim()][0] ?? '?').toUpperCase();
}

function CommentList({ comments }: { comments: BlogComment[] }) {
  if (comments.length === 0) {
    return (
      <p data-comments-empty="" className="rounded-xl bg-slate-50 px-5 py-8 text-center text-sm text-slate-600">
        No comments yet. Be the first to share your thoughts!
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-4" aria-label="Comments">
      {comments.map((comment) => (
        <li
          key={comment.id}
          data-comment=""
          className={cn(
            'flex gap-4 rounded-xl border p-5',
            comment.awaiting_review ? 'border-dashed border-amber-300 bg-amber-50/40' : 'border-slate-200 bg-white',
          )}
        >
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-700"
          >
            {initialOf(comment.name)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
              <span className="font-semibold break-words text-slate-900">{comment.name}</span>
              <time dateTime={comment.created_at} className="text-xs text-slate-500">
                {formatLongDate(comment.created_at.slice(0, 10))}
              </time>
              {comment.awaiting_review && (
                <span className="text-xs font-medium text-amber-800" data-awaiting-review="">
                  Awaiting review · only you can see it for now
                </span>
              )}
            </p>
            {/* Plain text: React escapes it; line breaks are kept by CSS. */}
            <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-slate-700">{comment.message}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function CommentForm({ postId, onPosted }: { postId: number; onPosted: (comment: BlogComment) => void }) {
  const hydrated = useHydrated();
  const id = useId();
  const [status, setStatus] = useState<SendStatus>({ kind: 'idle' });
  const busy = status.kind === 'busy';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    const body: BlogCommentRequest = {
      name: field('name'),
      email: field('email'),
      message: field('message'),
      website: field('website'),
    };
    if (!body.name || !body.email || !body.message) {
      setStatus({ kind: 'error', message: ErrorMessage.COMMENT_FIELDS_REQUIRED });
      return;
    }
    setStatus({ kind: 'busy' });
    try {
      const answer = await post<{ comment: BlogComment }>(`/blog/posts/${postId}/comments`, body);
      setStatus({ kind: 'done', message: answer.message ?? BlogMessage.COMMENT_POSTED });
      sendEvent('comment', { event_category: 'blog', event_action: 'comment', custom_data: { post_id: postId } });
      form.reset();
      // A comment that waits for review is shown to its author only, until staff approve it.
      if (answer.data.comment.id > 0 || answer.data.comment.awaiting_review) onPosted(answer.data.comment);
    } catch (error) {
      setStatus({ kind: 'error', message: userMessage(error, { surface: 'public', fallback: COMMENT_FAILED }) });
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-slate-50/60 p-5 sm:p-6"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        Leave a comment
      </h3>
      <p className="mt-1 text-sm text-slate-600">Your email address will not be published.</p>
      <Honeypot />
      <fieldset disabled={busy} className="mt-5 grid gap-4 sm:grid-cols-2">
        <Input label="Name" name="name" autoComplete="name" maxLength={COMMENT_NAME_MAX} required />
        <Input label="Email" name="email" type="email" autoComplete="email" maxLength={COMMENT_EMAIL_MAX} required />
        <Textarea
          label="Comment"
          name="message"
          rows={5}
          required
          maxLength={COMMENT_MESSAGE_MAX}
          containerClassName="sm:col-span-2"
        />
      </fieldset>
      <SendStatusAlert status={status} className="mt-4" />
      <Button type="submit" className="mt-5" disabled={busy || !hydrated}>
        {busy ? 'Submitting...' : 'Post Comment'}
      </Button>
    </form>
  );
}

function CommentThread({ postId, initial }: { postId: number; initial: BlogComment[] }) {
  const [comments, setComments] = useState(initial);
  // Their own comments waiting for review are not counted: the count is what every visitor sees.
  const count = comments.filter((comment) => !comment.awaiting_review).length;
  return (
    <>
      <p className="mt-1 text-sm text-slate-600" data-comment-count="">
        {count} {count === 1 ? 'comment' : 'comments'}
      </p>
      <div className="mt-6">
        <CommentList comments={comments} />
      </div>
      <div className="mt-8">
        <CommentForm
          postId={postId}
          // A comment set aside has no id to show: a key of its own, below any stored id.
          onPosted={(comment) =>
            setComments((list) => [...list, comment.id > 0 ? comment : { ...comment, id: -list.length - 1 }])
          }
        />
      </div>
    </>
  );
}

function CommentsLoading() {
  return (
    <div role="status" className="mt-6 flex flex-col gap-4" data-comments-loading="">
      <span className="sr-only">Loading comments...</span>
      {[0, 1].map((key) => (
        <div key={key} className="flex gap-4 rounded-xl border border-slate-200 p-5">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Comments of an article: loading, empty or the list, then the form. */
export function CommentsSection({ postId, comments }: { postId: number; comments: Promise<BlogComment[]> }) {
  return (
    <section id="comments" aria-labelledby="comments-heading" className="scroll-mt-24">
      <h2 id="comments-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight">
        <MessageSquare className="size-6 text-brand-600" aria-hidden="true" />
        Comments
      </h2>
      <Suspense fallback={<CommentsLoading />}>
        <Await
          resolve={comments}
          errorElement={
            <Alert tone="error" className="mt-6">
              {COMMENTS_FAILED}
            </Alert>
          }
        >
          {(list) => <CommentThread postId={postId} initial={list} />}
        </Await>
      </Suspense>
    </section>
  );
}
