import { useId } from 'react';
import { Link } from 'react-router';
import type { AnalyticsOverview } from '../../../shared/contracts/analytics-dashboard';
import { Briefcase, CalendarRange, FileText } from '../../components/admin/icons';
import { Panel } from '../../components/admin/figures';
import { useFormatDateTime } from '../../lib/date-time';

/** "1 post", "3 posts". */
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Posts and projects waiting to go live (ADR 0040), soonest first, each a link to its editor. */
export function ScheduledPanel({ scheduled }: { scheduled: AnalyticsOverview['scheduled'] }) {
  const id = useId();
  const formatDateTime = useFormatDateTime();
  const { posts, projects, items } = scheduled;
  if (posts + projects === 0) return null;
  return (
    <Panel
      id={id}
      title="Scheduled"
      icon={<CalendarRange />}
      description={`${[posts > 0 && plural(posts, 'post'), projects > 0 && plural(projects, 'project')]
        .filter(Boolean)
        .join(' and ')} waiting to go live`}
      bodyClassName="p-2"
    >
      <ul className="flex flex-col" data-scheduled-list="">
        {items.map((item) => {
          const Icon = item.kind === 'post' ? FileText : Briefcase;
          const editor = item.kind === 'post' ? `/admin/blog/${item.id}/edit` : `/admin/portfolio/${item.id}/edit`;
          return (
            <li key={`${item.kind}-${item.id}`}>
              <Link
                to={editor}
                className="flex items-center gap-3 rounded-xl px-3 py-2.5 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <Icon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-900">{item.title}</span>
                  <span className="block text-xs text-slate-500">
                    {item.kind === 'post' ? 'Post' : 'Project'} · goes live{' '}
                    <time dateTime={item.publish_at}>{formatDateTime(item.publish_at)}</time>
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
