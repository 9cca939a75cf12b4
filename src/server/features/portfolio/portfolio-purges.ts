import type { WriteEffects } from '../../pages/page-purges';
import { projectTag } from '../../pages/page-tags';

/**
 * A staff write to projects (a save, a restore, the order, bulk changes): every project list and project
 * page (related projects), and the project its address names by id; a slug may change, which leaves a
 * redirect.
 */
export const PORTFOLIO_WRITES = {
  purges: (params) => (params.id ? ['projects', projectTag(params.id)] : ['projects']),
  changesRedirects: true,
} satisfies WriteEffects;
