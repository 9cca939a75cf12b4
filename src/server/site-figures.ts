import type { SiteFigures } from './features/analytics/site-figures';
import { blogFigures, heldComments, scheduledPosts } from './features/blog/blog-figures.repository';
import { contactFigures, dueFollowUps } from './features/contacts/contact-figures.repository';
import { portfolioFigures, scheduledProjects } from './features/portfolio/portfolio-figures.repository';

/** The blog's, the portfolio's and the contacts' own counts, as the analytics dashboards and the Overview read them. */
export const siteFigures: SiteFigures = {
  blog: blogFigures,
  portfolio: portfolioFigures,
  contacts: contactFigures,
  scheduledPosts,
  scheduledProjects,
  heldComments,
  dueFollowUps,
};
