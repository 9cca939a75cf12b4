import type { PublicationStatus } from '../../shared/contracts/publishing.values';
import { Badge } from './badge';
import { useFormatDateTime } from '../lib/date-time';

/** Published, Draft, or Scheduled with the time it goes live in the staff member's own time zone. */
export function PublicationBadge({ status, publishAt }: { status: PublicationStatus; publishAt: string | null }) {
  const formatDateTime = useFormatDateTime();
  if (status === 'scheduled' && publishAt) {
    return (
      <Badge tone="info" title={`Goes live ${formatDateTime(publishAt)}`} data-status="scheduled">
        Scheduled · {formatDateTime(publishAt, 'short')}
      </Badge>
    );
  }
  return (
    <Badge tone={status === 'published' ? 'success' : 'warning'} data-status={status}>
      {status === 'published' ? 'Published' : 'Draft'}
    </Badge>
  );
}
