import { Star } from '../icons';
import { Badge } from '../badge';

/** What staff see of a project's visibility: Featured (when it is) and Published or Draft. */
export function ProjectVisibilityBadges({ featured, published }: { featured: boolean; published: boolean }) {
  return (
    <>
      {featured && (
        <Badge tone="brand">
          <Star className="size-3 fill-current" aria-hidden="true" />
          Featured
        </Badge>
      )}
      <Badge tone={published ? 'success' : 'warning'}>{published ? 'Published' : 'Draft'}</Badge>
    </>
  );
}
