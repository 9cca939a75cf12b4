import type { WriteEffects } from '../../pages/page-purges';
import { postTag } from '../../pages/page-tags';

/**
 * A staff write to posts or categories (a save, a restore, the order, bulk changes): every post list and
 * article (related posts, categories, counts), and the item its address names by id; a slug may change,
 * which leaves a redirect.
 */
export const BLOG_WRITES = {
  purges: (params) => (params.id ? ['posts', postTag(params.id)] : ['posts']),
  changesRedirects: true,
} satisfies WriteEffects;
