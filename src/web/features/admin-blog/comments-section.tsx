import { ExternalLink, Mail } from '../../components/icons';
import { Trash2 } from '../../components/admin/icons';
import { useCallback, useEffect, useState } from 'react';
import { BlogAdminMessage, type BlogAdminComment, type BlogAdminCommentsData } from '../../../shared/contracts/blog';
import { ConfirmDeleteDialog } from '../../components/admin/confirm-delete-dialog';
import { EmptyList, ListLoadError, ListSkeleton } from '../../components/admin/list-states';
import { pageSummary, PaginationFooter } from '../../components/admin/pagination-footer';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { cn } from '../../lib/cn';
import { onDataUpdate } from '../../lib/data-update';
import { toast } from '../../lib/notifications';
import { deleteComment, fetchComments } from './blog-admin-api';
import { useFormatDateTime } from '../../lib/date-time';

/**
 * Blog › Comments: every comment with its post, name, e-mail, message and date, newest first. What
 * visitors wrote is shown as text only (React escapes it), never as HTML.
 */
export function CommentsSection({ canEdit }: { canEdit: boolean }) {
  const formatDateTime = useFormatDateTime();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<BlogAdminCommentsData | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<Notice | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState<BlogAdminComment | null>(null);
  const [deleting, setDeleting] = useState(false);

  const reload = useCallback(() => setReloadKey((key) => key + 1), []);
  useEffect(() => onDataUpdate((detail) => detail.type === 'blog' && reload()), [reload]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    fetchComments(page)
      .then((result) => {
        if (cancelled) return;
        setData(result);
        setLoadError(null);
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(failureNotice('Failed to load comments', error));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [page, reloadKey]);

  async function confirmDelete() {
    if (!pending) return;
    setDeleting(true);
    try {
      const { message } = await deleteComment(pending.id);
      const title = message || BlogAdminMessage.COMMENT_DELETED;
      setNotice({ type: 'success', title });
      toast.success(title);
      if (data && data.comments.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      setNotice(failureNotice('Failed to delete comment', error));
    } finally {
      setDeleting(false);
      setPending(null);
    }
  }

  const pages = Math.max(1, data?.pages ?? 1);

  return (
    <div className="flex flex-col gap-5">
      <h2 className="text-lg font-semibold">Comments</h2>
      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      {loadError ? (
        <ListLoadError title={loadError.title} onRetry={reload}>
          {loadError.detail}
        </ListLoadError>
      ) : !data ? (
        <ListSkeleton label="Loading comments…" rows={3} rowClassName="h-24 rounded-xl" />
      ) : data.comments.length === 0 ? (
        <EmptyList>No comments yet</EmptyList>
      ) : (
        <ul
          aria-label="Comments"
          aria-busy={loading}
          className={cn('flex flex-col gap-3 transition-opacity', loading && 'opacity-60')}
        >
          {data.comments.map((comment) => (
            <li key={comment.id} data-comment={comment.id}>
              <Card padding="sm" className="flex flex-col gap-2">
                <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words text-slate-900">{comment.name}</p>
                    <a
                      href={`mailto:${comment.email}`}
                      className="inline-flex max-w-full items-center gap-1 text-sm break-all text-brand-700 hover:underline"
                    >
                      <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                      {comment.email}
                    </a>
                  </div>
                  <time dateTime={comment.created_at} className="text-xs whitespace-nowrap text-slate-500">
                    {formatDateTime(comment.created_at)}
                  </time>
                </div>
                <p className="text-sm break-words whitespace-pre-line text-slate-700">{comment.message}</p>
                <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2 text-xs text-slate-500">
                  <span className="min-w-0 flex-1">
                    On{' '}
                    <a
                      href={`/blog/${comment.post_slug}`}
                      target="_blank"
                      rel="noopener"
                      className="inline-flex items-center gap-1 font-medium text-slate-700 hover:text-brand-700"
                    >
                      {comment.post_title}
                      <ExternalLink className="size-3" aria-hidden="true" />
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </span>
                  {canEdit && (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      onClick={() => setPending(comment)}
                      aria-label={`Delete the comment by ${comment.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      {data && data.total > 0 && (
        <PaginationFooter label="Comment pages" page={page} pages={pages} loading={loading} onPage={setPage}>
          {pageSummary(page, pages, data.total, 'comments')}
        </PaginationFooter>
      )}

      <ConfirmDeleteDialog
        open={pending !== null}
        title="Delete comment?"
        busy={deleting}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirmDelete()}
      >
        <p>Are you sure you want to delete this comment?</p>
        {pending && (
          <p className="mt-1">
            By <span className="font-medium text-slate-800">{pending.name}</span> on “{pending.post_title}”.
          </p>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}
