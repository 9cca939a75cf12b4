/*
 * Plain checks of shared answers, without zod, for the public pages (common.ts has the schemas).
 */

/** The answer to a visitor's like (likeDataSchema in common.ts): the item's like count afterwards. */
export interface LikeData {
  likes: number;
  liked: true;
}

/** The same check as likeDataSchema: an object with an integer `likes` and `liked: true`. */
export function isLikeData(value: unknown): value is LikeData {
  if (typeof value !== 'object' || value === null) return false;
  const { likes, liked } = value as Record<string, unknown>;
  return Number.isInteger(likes) && liked === true;
}
