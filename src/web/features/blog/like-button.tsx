import { formatCount } from '../../components/article/article-format';
import { OptimisticLikeButton } from '../../components/like-button';
import { likedPosts } from './liked-posts';

export function LikeButton({ postId, initialLikes }: { postId: number; initialLikes: number }) {
  return (
    <OptimisticLikeButton
      id={postId}
      initialLikes={initialLikes}
      store={likedPosts}
      path={`/blog/posts/${postId}/like`}
      noun="article"
      formatLikes={formatCount}
      sizeClassName="h-10 px-4"
    />
  );
}
