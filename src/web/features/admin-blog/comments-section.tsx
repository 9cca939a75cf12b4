import { Check } from '../../components/icons';
import { Ban } from '../../components/admin/icons';
import type { CommentStatus } from '../../../shared/contracts/blog.values';
import {
  COMMENT_STATUS_MESSAGES,
  CommentModerationMessage,
  commentBulkMessage,
  type BlogAdminComment,
  type CommentCounts,
} from '../../../shared/contracts/comment-moderation';
import { BulkActionBar } from '../../components/admin/bulk-action-bar';
import { ConfirmPendingDelete } from '../../components/admin/confirm-delete-dialog';
import { ListContent } from '../../components/admin/list-states';
import { ListPagination } from '../../components/admin/pagination-footer';
import { useAdminList } from '../../components/admin/use-admin-list';
import { useListActions } from '../../components/admin/use-list-actions';
import { rowCheckboxClass } from '../../components/admin/use-row-selection';
import { Button } from '../../components/button';
import { failureNotice, NoticeAlert } from '../../components/notice';
import { cn } from '../../lib/cn';
import { CommentCard } from './comment-card';
import { ModerationSetting } from './comment-moderation-setting';
import {
  deleteComment,
  fetchComments,
  moderateComments,
  readCommentQuery,
  setCommentStatus,
  writeCommentQuery,
  type CommentQuery,
} from './comments-api';

/** A comment of the queue, with the words the delete confirmation names it by. */
type QueueComment = BlogAdminComment & { title: string };

const TITLE_TEXT = 80;
const titleOf = (comment: BlogAdminComment) => {
  const text = [...comment.message.replace(/\s+/g, ' ')];
  return `${comment.name}: ${text.length > TITLE_TEXT ? `${text.slice(0, TITLE_TEXT).join('')}…` : text.join('')}`;
};

const FILTERS: { status: CommentQuery['status']; label: string }[] = [
  { status: 'pending', label: 'Awaiting review' },
  { status: 'approved', label: 'Approved' },
  { status: 'spam', label: 'Spam' },
  { status: 'all', label: 'All' },
];

const countOf = (counts: CommentCounts | undefined, status: CommentQuery['status']) =>
  counts ? (status === 'all' ? counts.pending + counts.approved + counts.spam : counts[status]) : undefined;

const EMPTY: Record<CommentQuery['status'], string> = {
  pending: 'No comments are waiting for review',
  approved: 'No approved comments yet',
  spam: 'No spam',
  all: 'No comments yet',
};

/**
 * Blog › Comments (ADR 0048): the review queue by status with how many each holds, approve / spam /
 * delete one comment or the selected ones, and which new comments are held. What visitors wrote is shown
 * as text only (React escapes it), never as HTML.
 */
export function CommentsSection({ canEdit, canChooseHold }: { canEdit: boolean; canChooseHold: boolean }) {
  const list = useAdminList({
    readQuery: readCommentQuery,
    writeQuery: writeCommentQuery,
    fetchPage: fetchComments,
    rowsOf: (data): QueueComment[] => data.comments.map((comment) => ({ ...comment, title: titleOf(comment) })),
    loadFailed: CommentModerationMessage.LOAD_FAILED,
    updates: 'blog',
    name: 'comments',
  });
  const actions = useListActions(list, {
    deleteItem: (comment: QueueComment) => deleteComment(comment.id),
    deleted: 'Comment deleted successfully',
    deleteFailed: 'Failed to delete comment',
    bulk: async (action: 'approve' | 'spam' | 'delete', ids) => {
      const { data } = await moderateComments(action, ids);
      return {
        text: commentBulkMessage(data.succeeded, action),
        succeeded: data.succeeded,
        failures: data.missing.map((id) => `comment ${id} was deleted meanwhile`),
      };
    },
    bulkFailed: (error) => failureNotice('Failed to change the comments', error),
  });
  const { query, setQuery, selection } = list;
  const { selectedIds } = selection;
  const counts = list.data?.counts;

  async function changeStatus(comment: QueueComment, status: CommentStatus) {
    try {
      await setCommentStatus(comment.id, status);
      actions.setNotice({ type: 'success', title: COMMENT_STATUS_MESSAGES[status] });
      selection.remove(comment.id);
      // Leaving the status on show: the comment leaves this page.
      if (query.status !== 'all') list.afterRemoval(1);
      else list.reload();
    } catch (error) {
      actions.setNotice(failureNotice('Failed to change the comment', error));
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">Comments</h2>
        <ModerationSetting canChoose={canChooseHold} />
      </div>
      <NoticeAlert notice={actions.notice} onDismiss={() => actions.setNotice(null)} />

      <div role="group" aria-label="Show comments" className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => {
          const count = countOf(counts, filter.status);
          const active = query.status === filter.status;
          return (
            <button
              key={filter.status}
              type="button"
              aria-pressed={active}
              onClick={() => setQuery({ status: filter.status })}
              data-comment-filter={filter.status}
              className={cn(
                'inline-flex h-9 items-center gap-2 rounded-full border px-3.5 text-sm font-medium transition-colors',
                active
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50',
              )}
            >
              {filter.label}
              {count !== undefined && (
                <span
                  className={cn(
                    'rounded-full px-1.5 text-xs tabular-nums',
                    active
                      ? 'bg-white/20'
                      : filter.status === 'pending' && count > 0
                        ? 'bg-amber-100 text-amber-900'
                        : 'bg-slate-100',
                  )}
                >
                  {count}
                </span>
              )}
            </button>
          );
        })}
      </div>

      {canEdit && list.rows.length > 0 && (
        <label className="flex w-fit items-center gap-2 text-sm text-slate-600">
          <input
            type="checkbox"
            className={rowCheckboxClass}
            checked={selection.allSelected}
            onChange={selection.toggleAll}
          />
          Select all comments on this page
        </label>
      )}

      {canEdit && selectedIds.length > 0 && (
        <BulkActionBar count={selectedIds.length} disabled={actions.acting} onDelete={actions.askBulkDelete}>
          <Button size="sm" variant="secondary" disabled={actions.acting} onClick={() => actions.runBulk('approve')}>
            <Check aria-hidden="true" />
            Approve
          </Button>
          <Button size="sm" variant="secondary" disabled={actions.acting} onClick={() => actions.runBulk('spam')}>
            <Ban aria-hidden="true" />
            Mark as spam
          </Button>
        </BulkActionBar>
      )}

      <ListContent list={list} loadingLabel="Loading comments…" emptyText={EMPTY[query.status]}>
        <ul aria-label="Comments" className="flex flex-col gap-3">
          {list.rows.map((comment) => (
            <li key={comment.id} data-comment={comment.id} data-comment-status={comment.status}>
              <CommentCard
                comment={comment}
                canEdit={canEdit}
                busy={actions.acting}
                selected={selection.selected.has(comment.id)}
                onSelect={() => selection.toggle(comment.id)}
                onStatus={(status) => void changeStatus(comment, status)}
                onDelete={() => actions.askDelete(comment)}
              />
            </li>
          ))}
        </ul>
      </ListContent>

      <ListPagination label="Comment pages" plural="comments" {...list.paging} />

      <ConfirmPendingDelete
        {...actions.confirm}
        titles={{ one: 'Delete comment?', many: 'Delete comments?' }}
        question={(count) =>
          count === 1
            ? 'Are you sure you want to delete this comment?'
            : `Are you sure you want to delete ${count} comments?`
        }
        consequence={() => 'This cannot be undone.'}
      />
    </div>
  );
}
