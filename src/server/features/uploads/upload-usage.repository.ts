import type { Kysely } from 'kysely';
import type { UploadUsage } from '../../../shared/contracts/uploads';
import { stemsIn } from './content-references';
import type { DB } from '../../db/schema';

/*
 * Where uploads are used. A reference is any stored text that names the upload's generated stem (32 hex
 * characters, unique): its address relative or absolute, with a query string, or one of its sizes
 * (/uploads/thumbnails/640w/{stem}.webp). So one rule finds image columns, galleries, settings and
 * images or links inside post content alike.
 */

/** The stem of a stored file name (`{stem}.{ext}`). */
export const stemOf = (filename: string) => filename.replace(/\.[a-z0-9]+$/, '');

/** A row that may refer to uploads: the place it stands for and its texts. */
export type Referrer = UploadUsage & { texts: (string | null)[] };

/**
 * Where the rows that may refer to uploads are read, each by the feature that owns them (posts, projects,
 * landing content, the company profile, settings; src/server/upload-references.ts), in this order. With
 * `stems`, a source gives only the rows that mention one of them; with null, every row.
 */
export type UploadReferenceSources = ReadonlyArray<
  (db: Kysely<DB>, stems: readonly string[] | null) => Promise<Referrer[]>
>;

/** Every place that may refer to uploads; with `stems`, only the rows that mention one of them. */
async function referrers(
  db: Kysely<DB>,
  sources: UploadReferenceSources,
  stems: readonly string[] | null,
): Promise<Referrer[]> {
  if (stems !== null && stems.length === 0) return [];
  const found: Referrer[] = [];
  for (const source of sources) found.push(...(await source(db, stems)));
  return found;
}

/** The places that use each of the stems (a stem used nowhere maps to []). */
export async function usagesOf(
  db: Kysely<DB>,
  sources: UploadReferenceSources,
  stems: readonly string[],
): Promise<Map<string, UploadUsage[]>> {
  const result = new Map<string, UploadUsage[]>(stems.map((stem) => [stem, []]));
  for (const r of await referrers(db, sources, stems)) {
    const named = new Set(r.texts.flatMap(stemsIn));
    for (const stem of stems) {
      if (named.has(stem)) result.get(stem)!.push({ kind: r.kind, label: r.label, admin_path: r.admin_path });
    }
  }
  return result;
}

/** A picture shipped with the demo content: an address under /demo/ (public/demo). */
const DEMO_IMAGE = /\/demo\/([A-Za-z0-9._-]+\.(?:svg|webp|png|jpe?g|gif))/g;

/** Each demo picture some place still shows, with those places (ADR 0044: demo content is replaced). */
export async function demoImageUsages(
  db: Kysely<DB>,
  sources: UploadReferenceSources,
): Promise<Map<string, UploadUsage[]>> {
  const result = new Map<string, UploadUsage[]>();
  for (const r of await referrers(db, sources, ['/demo/'])) {
    const urls = new Set(r.texts.flatMap((text) => [...(text ?? '').matchAll(DEMO_IMAGE)].map((m) => `/demo/${m[1]}`)));
    for (const url of urls) {
      const usages = result.get(url) ?? [];
      usages.push({ kind: r.kind, label: r.label, admin_path: r.admin_path });
      result.set(url, usages);
    }
  }
  return result;
}

/** Every stem some place refers to. */
export async function referencedStems(db: Kysely<DB>, sources: UploadReferenceSources): Promise<Set<string>> {
  const stems = new Set<string>();
  for (const r of await referrers(db, sources, null))
    for (const text of r.texts) for (const s of stemsIn(text)) stems.add(s);
  return stems;
}

/** Every upload's id, stored name and time, oldest first (for the unused list and the sweeps). */
export function allUploads(db: Kysely<DB>, createdBefore?: string) {
  let q = db.selectFrom('uploads').select(['id', 'filename', 'created_at']).orderBy('created_at').orderBy('id');
  if (createdBefore) q = q.where('created_at', '<', createdBefore);
  return q.execute();
}

/** Uploads being deleted, as the features that refer to them see them. */
export interface DeletedUploads {
  ids: readonly number[];
  /** Their generated stems: a text naming one refers to it, however its address is spelled. */
  stems: readonly string[];
  /** A text (post content) with the images showing them dropped and the links to them unlinked. */
  withoutFiles: (text: string) => string;
  /** When they are deleted, for the rows whose content changes. */
  now: string;
}

/**
 * Where references to deleted uploads are taken out, each by the feature that owns the rows (the same
 * features as UploadReferenceSources; src/server/upload-references.ts): image columns emptied, gallery
 * rows removed, post content rewritten. Run in the deleting transaction.
 */
export type UploadReferenceRemovers = ReadonlyArray<(trx: Kysely<DB>, deleted: DeletedUploads) => Promise<void>>;
