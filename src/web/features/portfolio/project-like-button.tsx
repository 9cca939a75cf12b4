import { OptimisticLikeButton } from '../../components/like-button';
import { likedItemsStore } from '../../lib/liked-items';

/** Browser storage key of the projects this browser has liked. */
export const LIKED_PROJECTS_STORAGE_KEY = 'likedPortfolioProjects';
const likedProjects = likedItemsStore(LIKED_PROJECTS_STORAGE_KEY);

const count = new Intl.NumberFormat('en-US');
const formatLikes = (likes: number) => count.format(likes);

/** Likes, as on the blog. */
export function ProjectLikeButton({ projectId, initialLikes }: { projectId: number; initialLikes: number }) {
  return (
    <OptimisticLikeButton
      id={projectId}
      initialLikes={initialLikes}
      store={likedProjects}
      path={`/portfolio/projects/${projectId}/like`}
      noun="project"
      formatLikes={formatLikes}
      sizeClassName="h-9 px-3.5"
    />
  );
}
