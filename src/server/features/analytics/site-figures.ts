import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/*
 * The figures the analytics dashboards show of other features' content. Each feature owns its tables and
 * counts its own (blog-figures, portfolio-figures and contact-figures repositories); the app hands them to
 * analytics together (src/server/site-figures.ts).
 */

export interface BlogFigures {
  total: number;
  published: number;
  views: number;
  likes: number;
  top: { id: number; title: string; slug: string; views: number; likes: number; published: boolean }[];
}

export interface PortfolioFigures {
  total: number;
  completed: number;
  featured: number;
  byIndustry: { industry: string; count: number }[];
  topTechnologies: { name: string; count: number }[];
}

export interface ContactFigures {
  total: number;
  stillNew: number;
  answered: number;
  thisWeek: number;
  inPeriod: number;
}

export interface SiteFigures {
  /** Posts in all, published, views and likes, and the `topPosts` most popular (views + 2 × likes). */
  blog(db: Kysely<DB>, topPosts: number): Promise<BlogFigures>;
  /** Projects in all, completed and featured, per industry, and the `topTechnologies` most used. */
  portfolio(db: Kysely<DB>, topTechnologies: number): Promise<PortfolioFigures>;
  /** Contacts in all, still new, answered, since `weekStart`, and between `periodStart` and `periodEnd`. */
  contacts(
    db: Kysely<DB>,
    since: { weekStart: string; periodStart: string; periodEnd: string },
  ): Promise<ContactFigures>;
}
