import { CalendarClock, MessageSquare } from '../../components/icons';
import { BellRing } from '../../components/admin/icons';
import { useId } from 'react';
import { Link } from 'react-router';
import type { AnalyticsOverview } from '../../../shared/contracts/analytics-dashboard';
import { Panel } from '../../components/admin/figures';
import { formatShortDate } from '../../components/article/article-format';
import { plural } from './scheduled-panel';

const rowClass =
  'flex items-center gap-3 rounded-xl px-3 py-2.5 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500';

/**
 * What waits for staff (ADR 0047, 0048): comments held for review, to the queue; leads whose follow-up
 * day has come, the longest due first, each to its contact. Nothing when nothing waits.
 */
export function WaitingPanel({ waiting }: { waiting: AnalyticsOverview['waiting'] }) {
  const id = useId();
  const { comments, follow_ups: followUps, follow_up_items: items } = waiting;
  if (comments + followUps === 0) return null;
  return (
    <Panel
      id={id}
      title="Waiting for you"
      icon={<BellRing />}
      description={[comments > 0 && plural(comments, 'comment'), followUps > 0 && plural(followUps, 'follow-up')]
        .filter(Boolean)
        .join(' and ')}
      bodyClassName="p-2"
    >
      <ul className="flex flex-col" data-waiting-list="">
        {comments > 0 && (
          <li>
            <Link to="/admin/blog/comments?status=pending" className={rowClass} data-waiting="comments">
              <MessageSquare className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
              <span className="min-w-0 flex-1 text-sm font-medium text-slate-900">
                {plural(comments, 'comment')} awaiting review
              </span>
            </Link>
          </li>
        )}
        {items.map((item) => (
          <li key={item.id}>
            <Link to={`/admin/contacts?contact=${item.id}`} className={rowClass} data-waiting="follow-up">
              <CalendarClock className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">{item.name}</span>
                <span className="block text-xs text-slate-500">
                  Follow-up due <time dateTime={item.follow_up_on}>{formatShortDate(item.follow_up_on)}</time>
                </span>
              </span>
            </Link>
          </li>
        ))}
        {followUps > items.length && (
          <li>
            <Link to="/admin/contacts?followUp=due" className={rowClass}>
              <span className="text-sm font-medium text-brand-700">All {plural(followUps, 'follow-up')} due</span>
            </Link>
          </li>
        )}
      </ul>
    </Panel>
  );
}
