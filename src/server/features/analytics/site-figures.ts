import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/*
 * The figures the analytics dashboards and the Overview show of other features' content. Each feature owns
 * its tables and counts its own (blog-figures, portfolio-figures and contact-figures repositories); the app
 * hands them to analytics together (src/server/site-figures.ts).
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

/** Items scheduled to go live (ADR 0040): how many, and the soonest. */
export interface ScheduledFigures {
  count: number;
  next: { id: number; title: string; publish_at: string }[];
}

/** Leads whose follow-up day has come (ADR 0047): how many, and those due longest. */
export interface FollowUpFigures {
  count: number;
  items: { id: number; name: string; follow_up_on: string }[];
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
  /** Posts scheduled, and the `limit` going live soonest. */
  scheduledPosts(db: Kysely<DB>, limit: number): Promise<ScheduledFigures>;
  /** Projects scheduled, and the `limit` going live soonest. */
  scheduledProjects(db: Kysely<DB>, limit: number): Promise<ScheduledFigures>;
  /** Comments held for review (ADR 0048). */
  heldComments(db: Kysely<DB>): Promise<number>;
  /** Leads due for a follow-up on or before `today` (the site's day), and the `limit` due longest. */
  dueFollowUps(db: Kysely<DB>, today: string, limit: number): Promise<FollowUpFigures>;
}
