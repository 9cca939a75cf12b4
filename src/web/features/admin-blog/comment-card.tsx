import { Check, ExternalLink, Mail, RotateCcw } from '../../components/icons';
import { Ban, Trash2 } from '../../components/admin/icons';
import type { CommentStatus } from '../../../shared/contracts/blog.values';
import type { BlogAdminComment } from '../../../shared/contracts/comment-moderation';
import { EmailText } from '../../components/admin/email-text';
import { rowCheckboxClass } from '../../components/admin/use-row-selection';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { cn } from '../../lib/cn';
import { useFormatDateTime } from '../../lib/date-time';

const STATUS_BADGE: Record<CommentStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'warning', label: 'Awaiting review' },
  approved: { tone: 'success', label: 'Approved' },
  spam: { tone: 'danger', label: 'Spam' },
};

export interface CommentCardProps {
  comment: BlogAdminComment;
  canEdit: boolean;
  busy: boolean;
  selected: boolean;
  onSelect: () => void;
  onStatus: (status: CommentStatus) => void;
  onDelete: () => void;
}

/**
 * One comment of the queue: who wrote it (the e-mail for staff only), when, its status and why it waits,
 * the text (React escapes it: never HTML), its post, and what staff can do with it.
 */
export function CommentCard({ comment, canEdit, busy, selected, onSelect, onStatus, onDelete }: CommentCardProps) {
  const formatDateTime = useFormatDateTime();
  const badge = STATUS_BADGE[comment.status];
  const who = `the comment by ${comment.name}`;
  const time = <time dateTime={comment.created_at}>{formatDateTime(comment.created_at)}</time>;
  return (
    <Card
      padding="sm"
      className={cn('flex flex-col gap-2', comment.status === 'pending' && 'border-amber-200 bg-amber-50/30')}
    >
      <div className="flex items-start gap-3">
        {canEdit && (
          <input
            type="checkbox"
            className={cn(rowCheckboxClass, 'mt-1 shrink-0')}
            checked={selected}
            onChange={onSelect}
            aria-label={`Select ${who}`}
          />
        )}
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold break-words text-slate-900">{comment.name}</span>
              <Badge tone={badge.tone}>{badge.label}</Badge>
            </p>
            <a
              href={`mailto:${comment.email}`}
              className="inline-flex max-w-full items-center gap-1 text-sm text-brand-700 hover:underline"
            >
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="min-w-0 wrap-anywhere">
                <EmailText email={comment.email} />
              </span>
            </a>
            <p className="text-xs text-slate-500 sm:hidden">{time}</p>
          </div>
          <p className="hidden text-xs whitespace-nowrap text-slate-500 sm:block">{time}</p>
        </div>
      </div>
      {comment.review_reason && (
        <p className="text-xs text-slate-600" data-review-reason="">
          <span className="font-medium">{comment.status === 'spam' ? 'Set aside: ' : 'Held: '}</span>
          {comment.review_reason}
        </p>
      )}
      <p className="text-sm break-words whitespace-pre-line text-slate-700">{comment.message}</p>
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2 text-xs text-slate-500">
        <span className="min-w-0 flex-1 basis-48">
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
          <div className="flex flex-wrap items-center gap-1">
            {comment.status !== 'approved' && (
              <Button
                variant="ghost"
                size="sm"
                className="text-emerald-700 hover:bg-emerald-50 hover:text-emerald-800"
                disabled={busy}
                onClick={() => onStatus('approved')}
                aria-label={`${comment.status === 'spam' ? 'Not spam: approve' : 'Approve'} ${who}`}
              >
                <Check aria-hidden="true" />
                {comment.status === 'spam' ? 'Not spam' : 'Approve'}
              </Button>
            )}
            {comment.status === 'approved' && (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => onStatus('pending')}
                aria-label={`Hide ${who} until it is reviewed again`}
              >
                <RotateCcw aria-hidden="true" />
                Unapprove
              </Button>
            )}
            {comment.status !== 'spam' && (
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => onStatus('spam')}
                aria-label={`Mark ${who} as spam`}
              >
                <Ban aria-hidden="true" />
                Spam
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              disabled={busy}
              onClick={onDelete}
              aria-label={`Delete ${who}`}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
