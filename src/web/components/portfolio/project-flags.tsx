import type { PublicationStatus } from '../../../shared/contracts/publishing.values';
import { PublicationBadge } from '../publication-badge';
import { Star } from '../icons';
import { Badge } from '../badge';

/** What staff see of a project's visibility: Featured (when it is) and Published, Scheduled or Draft. */
export function ProjectVisibilityBadges({
  featured,
  status,
  publishAt,
}: {
  featured: boolean;
  status: PublicationStatus;
  publishAt: string | null;
}) {
  return (
    <>
      {featured && (
        <Badge tone="brand">
          <Star className="size-3 fill-current" aria-hidden="true" />
          Featured
        </Badge>
      )}
      <PublicationBadge status={status} publishAt={publishAt} />
    </>
  );
}
