import { likedItemsStore } from '../../lib/liked-items';

/** Browser storage key of the posts this browser has liked (liked-post flags stay in the browser). */
export const LIKED_POSTS_STORAGE_KEY = 'likedBlogPosts';

/** The posts this browser has liked. */
export const likedPosts = likedItemsStore(LIKED_POSTS_STORAGE_KEY);
