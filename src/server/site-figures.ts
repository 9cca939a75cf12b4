import type { SiteFigures } from './features/analytics/site-figures';
import { blogFigures } from './features/blog/blog-figures.repository';
import { contactFigures } from './features/contacts/contact-figures.repository';
import { portfolioFigures } from './features/portfolio/portfolio-figures.repository';

/** The blog's, the portfolio's and the contacts' own counts, as the analytics dashboards read them. */
export const siteFigures: SiteFigures = {
  blog: blogFigures,
  portfolio: portfolioFigures,
  contacts: contactFigures,
};
