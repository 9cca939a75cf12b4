import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { UploadContext } from './uploads.service';

/** A project as the portfolio upload endpoints name it. */
export interface ProjectRef {
  id: number;
  title: string;
}

/** How many project references name a file: main images and gallery entries. */
export interface ReferenceCounts {
  mainImages: number;
  galleryImages: number;
}

/**
 * What the portfolio upload endpoints need of projects and their galleries. The portfolio feature owns
 * those tables and provides this (its project-images service); the app passes it in (app.ts). `db` may be
 * a transaction.
 */
export interface ProjectImages {
  findProjectRef(db: Kysely<DB>, ref: { id?: number; slug?: string }): Promise<ProjectRef | undefined>;
  countGalleryImages(db: Kysely<DB>, projectId: number): Promise<number>;
  /** Holds the project's row for the rest of the transaction, so that concurrent gallery uploads queue. */
  lockProject(db: Kysely<DB>, projectId: number, now: string): Promise<void>;
  appendGalleryImages(
    db: Kysely<DB>,
    projectId: number,
    images: ReadonlyArray<{ url: string; title: string | null; uploadId: number }>,
  ): Promise<void>;
  /** References to the file in every project, or in one. */
  countProjectReferences(db: Kysely<DB>, filename: string, projectId?: number): Promise<ReferenceCounts>;
  removeProjectReferences(db: Kysely<DB>, filename: string, projectId?: number): Promise<void>;
  projectImageTotals(
    db: Kysely<DB>,
    galleryMax: number,
  ): Promise<{ projects: number; projectsWithMainImage: number; galleryImages: number; fullGalleries: number }>;
}

/** An upload request's context with the projects it may change. */
export type PortfolioUploadContext = UploadContext & { projects: ProjectImages };
