import { likedItemsStore } from '../../lib/liked-items';

/** Browser storage key of the posts this browser has liked (decisions.md: liked-post flags stay local). */
export const LIKED_POSTS_STORAGE_KEY = 'likedBlogPosts';

/** The posts this browser has liked. */
export const likedPosts = likedItemsStore(LIKED_POSTS_STORAGE_KEY);
