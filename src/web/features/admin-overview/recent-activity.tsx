import { Activity, Layers, Mail, MessageSquare, Sparkles, type IconComponent } from '../../components/icons';
import { Award, Briefcase, ChartColumn, FileText, Settings, UserRound } from '../../components/admin/icons';
import { useEffect, useId, useState } from 'react';
import { AnalyticsAdminMessage } from '../../../shared/contracts/analytics-admin.values';
import { ACTIVITY_SHOWN, type ActivityItem } from '../../../shared/contracts/analytics-dashboard';
import { EmptyList } from '../../components/admin/list-states';
import { Panel } from '../../components/admin/figures';
import { formatTimeAgo } from '../../lib/dashboard-format';
import { useFormatDateTime } from '../../lib/date-time';
import { ownEntry } from '../../lib/own-entry';

const typeIcons: Record<string, IconComponent> = {
  blog: FileText,
  comment: MessageSquare,
  portfolio: Briefcase,
  contact: Mail,
  certificate: Award,
  content: Layers,
  user: UserRound,
  analytics: ChartColumn,
  settings: Settings,
  system: Sparkles,
};

/** "5 minutes ago" moves on by itself: the list is drawn again every minute. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Types a visitor's action has: what has no staff member behind it and is not one of these, the site did. */
const visitorTypes = new Set(['contact', 'comment']);

/** Who did it: the staff member (unless the item already names them, as a sign-in does), a visitor, or the site. */
function ActivityAuthor({ activity }: { activity: ActivityItem }) {
  if (activity.user && activity.user === activity.item) return null;
  return (
    <p className="mt-0.5 text-xs text-slate-500">
      {activity.user ? (
        <>
          by <span className="font-medium text-slate-600">{activity.user}</span>
        </>
      ) : visitorTypes.has(activity.type) ? (
        'from a visitor'
      ) : (
        'by the site'
      )}
    </p>
  );
}

/**
 * The Overview's recent activity (action, item and time, or "No recent activity"): the newest
 * ten of what staff did and what visitors sent, who did it, and how long ago.
 */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  const id = useId();
  const now = useMinuteClock();
  const formatDateTime = useFormatDateTime();
  const shown = items.slice(0, ACTIVITY_SHOWN);
  return (
    <Panel
      id={id}
      title="Recent Activity"
      description="What staff and visitors did last"
      icon={<Activity />}
      bodyClassName="px-4 py-2 sm:px-5"
    >
      {shown.length === 0 ? (
        <EmptyList className="my-2 bg-slate-50 py-10">{AnalyticsAdminMessage.NO_RECENT_ACTIVITY}</EmptyList>
      ) : (
        <ol className="divide-y divide-slate-100" data-recent-activity>
          {shown.map((activity) => {
            const Icon = ownEntry(typeIcons, activity.type) ?? Activity;
            return (
              <li key={activity.id} className="flex gap-3 py-3" data-activity={activity.type}>
                <span
                  aria-hidden="true"
                  className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600"
                >
                  <Icon className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">{activity.action}</p>
                  {activity.item && (
                    <p className="text-sm break-words text-slate-600" data-activity-item>
                      {activity.item}
                    </p>
                  )}
                  <ActivityAuthor activity={activity} />
                </div>
                <time
                  dateTime={activity.time}
                  title={formatDateTime(activity.time)}
                  className="shrink-0 pt-0.5 text-xs whitespace-nowrap text-slate-500"
                >
                  {formatTimeAgo(activity.time, now)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
