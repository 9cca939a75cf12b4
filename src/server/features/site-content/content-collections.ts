import type { Kysely } from 'kysely';
import {
  internshipCardSchema,
  internshipWriteSchema,
  pricingPackageCardSchema,
  pricingPackageWriteSchema,
  serviceCardSchema,
  serviceWriteSchema,
  teamMemberCardSchema,
  teamMemberWriteSchema,
  techStackGroupSchema,
  techStackGroupWriteSchema,
  testimonialCardSchema,
  testimonialWriteSchema,
} from '../../../shared/contracts/site-content';
import { z } from '../../../shared/zod';
import type { DB } from '../../db/schema';
import {
  readInternships,
  readPackages,
  readServices,
  readTeam,
  readTechStack,
  readTestimonials,
} from './site-content.service';

/*
 * The six kinds of landing content staff edit, described once so that one set of routes, one repository
 * and one test suite serve them all: the parent table (with id, active, sort_order and timestamps), the
 * lists kept in child tables, the write schema and the staff item's shape.
 */

export type ContentTable =
  'services' | 'team_members' | 'testimonials' | 'pricing_packages' | 'internships' | 'tech_stack_groups';

export type ChildTable =
  'team_member_skills' | 'package_features' | 'internship_skills' | 'internship_requirements' | 'tech_stack_items';

/** A list field stored as ordered child rows: `table`.`column`, linked by `fk`, ordered by `position`. */
export interface ChildList {
  field: string;
  table: ChildTable;
  fk: string;
  column: string;
}

export interface ContentCollection {
  /** The address under /api: /api/{path}. */
  path: string;
  table: ContentTable;
  /** 'Service', for messages ("Service created"). */
  label: string;
  write: z.ZodType<Record<string, unknown>>;
  /** What staff get back: the public card and whether it is shown. */
  item: z.ZodType;
  lists: ChildList[];
  /** Every item in order, hidden ones too. */
  readAll: (db: Kysely<DB>) => Promise<Array<{ id: number; active: boolean }>>;
}

/** What staff get: the card, whether it is shown, and the version a save may name (ADR 0041). */
const staffItem = <T extends z.ZodObject>(card: T) => card.extend({ active: z.boolean(), version: z.number().int() });

export const contentCollections: ContentCollection[] = [
  {
    path: 'services',
    table: 'services',
    label: 'Service',
    write: serviceWriteSchema,
    item: staffItem(serviceCardSchema),
    lists: [],
    readAll: (db) => readServices(db, true),
  },
  {
    path: 'team',
    table: 'team_members',
    label: 'Team member',
    write: teamMemberWriteSchema,
    item: staffItem(teamMemberCardSchema),
    lists: [{ field: 'skills', table: 'team_member_skills', fk: 'team_member_id', column: 'name' }],
    readAll: (db) => readTeam(db, true),
  },
  {
    path: 'testimonials',
    table: 'testimonials',
    label: 'Testimonial',
    write: testimonialWriteSchema,
    item: staffItem(testimonialCardSchema),
    lists: [],
    readAll: (db) => readTestimonials(db, true),
  },
  {
    path: 'packages',
    table: 'pricing_packages',
    label: 'Package',
    write: pricingPackageWriteSchema,
    item: staffItem(pricingPackageCardSchema),
    lists: [{ field: 'features', table: 'package_features', fk: 'package_id', column: 'text' }],
    readAll: (db) => readPackages(db, true),
  },
  {
    path: 'internships',
    table: 'internships',
    label: 'Internship',
    write: internshipWriteSchema,
    item: staffItem(internshipCardSchema),
    lists: [
      { field: 'skills', table: 'internship_skills', fk: 'internship_id', column: 'name' },
      { field: 'requirements', table: 'internship_requirements', fk: 'internship_id', column: 'text' },
    ],
    readAll: (db) => readInternships(db, true),
  },
  {
    path: 'tech-stack',
    table: 'tech_stack_groups',
    label: 'Technology column',
    write: techStackGroupWriteSchema,
    item: staffItem(techStackGroupSchema),
    lists: [{ field: 'items', table: 'tech_stack_items', fk: 'group_id', column: 'name' }],
    readAll: (db) => readTechStack(db, true),
  },
];
