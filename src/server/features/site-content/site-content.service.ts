import type { Kysely } from 'kysely';
import type {
  InternshipCard,
  LandingContent,
  PricingPackageCard,
  ServiceCard,
  TeamMemberCard,
  TechStackGroup,
  TestimonialCard,
} from '../../../shared/contracts/site-content.values';
import type { DB } from '../../db/schema';
import {
  listInternships,
  listPackages,
  listServices,
  listTeam,
  listTechStack,
  listTestimonials,
} from './site-content.repository';

type Db = Kysely<DB>;
/** A content item as staff see it: the card and whether it is shown. */
export type Staffed<T> = T & { active: boolean };

const shown = <T extends { active: number }>(row: T) => ({ ...row, active: row.active === 1 });

export async function readServices(db: Db, hidden = false, featured?: boolean): Promise<Staffed<ServiceCard>[]> {
  const rows = await listServices(db, { hidden, featured });
  return rows.map((row) => ({
    ...row,
    active: row.active === 1,
    light: row.light === 1,
    featured: row.featured === 1,
  }));
}

export async function readTeam(db: Db, hidden = false): Promise<Staffed<TeamMemberCard>[]> {
  const rows = await listTeam(db, hidden);
  return rows.map(({ linkedin, github, twitter, email, active, ...member }) => ({
    ...member,
    active: active === 1,
    social: { linkedin, github, twitter, email },
  }));
}

export async function readTestimonials(db: Db, hidden = false): Promise<Staffed<TestimonialCard>[]> {
  return (await listTestimonials(db, hidden)).map(shown);
}

export async function readPackages(db: Db, hidden = false): Promise<Staffed<PricingPackageCard>[]> {
  return (await listPackages(db, hidden)).map(shown);
}

export async function readInternships(db: Db, hidden = false): Promise<Staffed<InternshipCard>[]> {
  return (await listInternships(db, hidden)).map(shown);
}

export async function readTechStack(db: Db, hidden = false): Promise<Staffed<TechStackGroup>[]> {
  return (await listTechStack(db, hidden)).map(shown);
}

/**
 * Every landing section's visible content, each read on its own: one that fails is null (the page shows
 * that section's message and Try Again) and the others still render.
 */
export async function landingContent(
  db: Db,
  onError: (section: string, error: unknown) => void,
): Promise<LandingContent> {
  const read = <T>(section: string, load: () => Promise<T>) =>
    load().catch((error: unknown) => {
      onError(section, error);
      return null;
    });
  const [services, team, techStack, packages, testimonials, internships] = await Promise.all([
    read('services', () => readServices(db)),
    read('team', () => readTeam(db)),
    read('tech stack', () => readTechStack(db)),
    read('packages', () => readPackages(db)),
    read('testimonials', () => readTestimonials(db)),
    read('internships', () => readInternships(db)),
  ]);
  return { services, team, techStack, packages, testimonials, internships };
}
