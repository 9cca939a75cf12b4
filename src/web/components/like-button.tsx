import { Heart } from './icons';
import { useState } from 'react';
import { isLikeData } from '../../shared/contracts/common.values';
import { post } from '../lib/public-api';
import { cn } from '../lib/cn';
import type { LikedItems } from '../lib/liked-items';
import { useHydrated } from '../lib/use-hydrated';
import { sendEvent } from '../lib/analytics-beacon';

export interface OptimisticLikeButtonProps {
  id: number;
  initialLikes: number;
  /** Where this browser remembers what it liked. */
  store: LikedItems;
  /** The like endpoint of this item, under /api. */
  path: string;
  /** What is liked, in the label and the log: 'article', 'project'. */
  noun: string;
  formatLikes: (likes: number) => string;
  /** Height and padding of the pill. */
  sizeClassName: string;
}

/**
 * Likes: optimistic. The count rises at once and the item is remembered as liked;
 * if the server fails or answers without a numeric count, both roll back. A liked item cannot be liked
 * again. Failures are only logged (the API client logs every failed call).
 */
export function OptimisticLikeButton({
  id,
  initialLikes,
  store,
  path,
  noun,
  formatLikes,
  sizeClassName,
}: OptimisticLikeButtonProps) {
  const hydrated = useHydrated();
  const liked = store.useLiked(id);
  const [likes, setLikes] = useState(initialLikes);
  const [sending, setSending] = useState(false);

  async function like() {
    if (liked || sending) return;
    const before = likes;
    setSending(true);
    setLikes(before + 1);
    store.set(id, true);
    try {
      const answer = await post(path);
      if (!isLikeData(answer.data)) throw new Error('The like answer had no numeric like count');
      setLikes(answer.data.likes);
      sendEvent('like', { event_category: noun, event_action: 'like', custom_data: { id } });
    } catch (error) {
      setLikes(before);
      store.set(id, false);
      console.warn(`Liking the ${noun} failed`, error);
    } finally {
      setSending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void like()}
      disabled={!hydrated}
      aria-pressed={liked}
      // The name starts with what the button shows ("96 Like", "97 Liked"), as speech users say it (WCAG 2.5.3).
      aria-label={liked ? `${formatLikes(likes)} Liked, including you` : `${formatLikes(likes)} Like this ${noun}`}
      data-liked={liked ? '' : undefined}
      className={cn(
        'inline-flex items-center gap-2 rounded-full text-sm font-semibold ring-1 transition ring-inset',
        sizeClassName,
        liked
          ? 'cursor-default bg-rose-50 text-rose-700 ring-rose-200'
          : 'bg-white text-slate-700 ring-slate-300 hover:bg-rose-50 hover:text-rose-700 hover:ring-rose-200',
      )}
    >
      <Heart className={cn('size-4', liked && 'fill-current')} aria-hidden="true" />
      <span data-like-count="">{formatLikes(likes)}</span>{' '}
      <span className="hidden sm:inline">{liked ? 'Liked' : 'Like'}</span>
    </button>
  );
}
