import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { ErrorCode, type FieldError } from '../../shared/errors';
import { RedirectMessage, targetPath, type RedirectKind } from '../../shared/contracts/redirects.values';
import { AppError } from '../lib/errors';
import {
  deleteRedirectFrom,
  findRedirectFrom,
  insertRedirect,
  redirectsTargeting,
  setRedirectTarget,
} from './redirects.repository';

/*
 * Redirects kept without chains or loops (ADR 0039): no stored target's path is itself an old address.
 * Adding old → new points `old` at where `new` finally leads, and repoints every redirect that led to `old`
 * there too. A redirect whose end would be its own start is refused; a live post's or project's address is
 * never an old address (its redirect is removed when the item takes the address).
 */

/** The public address of a post or project. */
export type ItemSection = 'blog' | 'portfolio';
export const ITEM_TABLES: Record<ItemSection, 'blog_posts' | 'portfolio_projects'> = {
  blog: 'blog_posts',
  portfolio: 'portfolio_projects',
};
export const itemPath = (section: ItemSection, slug: string): string => `/${section}/${encodeURIComponent(slug)}`;

export const invalid = (errors: FieldError[], message = errors[0]?.message ?? RedirectMessage.TO_INVALID) =>
  new AppError(400, ErrorCode.VALIDATION_ERROR, message, errors);
export const conflict = (field: string, message: string) =>
  new AppError(409, ErrorCode.CONFLICT, message, [{ field, message }]);

/** `target` with its site path replaced by where that path finally leads (its own query kept if the end has none). */
function followed(target: string, end: string): string {
  const path = targetPath(target);
  if (path === undefined) return target;
  const rest = target.slice(path.length);
  return !rest || !end.startsWith('/') || /[?#]/.test(end) ? end : `${end}${rest}`;
}

interface NewRedirect {
  from: string;
  target: string;
  kind: RedirectKind;
  createdBy: number | null;
  now: string;
}

/** Adds from → target in `trx`, collapsing chains; an automatic redirect replaces one from the same address. */
export async function addRedirect(trx: Transaction<DB>, redirect: NewRedirect): Promise<number> {
  const { from, kind, now } = redirect;
  let target = redirect.target;
  const path = targetPath(target);
  if (path === from) throw invalid([{ field: 'target', message: RedirectMessage.SAME }], RedirectMessage.SAME);
  if (path !== undefined) {
    const onward = await findRedirectFrom(trx, path);
    if (onward) target = followed(target, onward.target);
  }
  if (targetPath(target) === from) {
    throw invalid([{ field: 'target', message: RedirectMessage.LOOP }], RedirectMessage.LOOP);
  }
  const existing = await findRedirectFrom(trx, from);
  let id: number;
  if (existing && kind === 'manual') throw conflict('from_path', RedirectMessage.FROM_TAKEN);
  if (existing) {
    id = Number(existing.id);
    await setRedirectTarget(trx, id, target, now);
  } else {
    id = await insertRedirect(trx, { from_path: from, target, kind, created_by: redirect.createdBy, now });
  }
  for (const earlier of await redirectsTargeting(trx, from)) {
    await setRedirectTarget(trx, earlier.id, followed(earlier.target, target), now);
  }
  return id;
}

/**
 * In the transaction that changes an item's slug (or creates it): the new address is the item's own, so a
 * redirect from it goes; a published item's old address now leads to the new one.
 */
export async function recordSlugChange(
  trx: Transaction<DB>,
  change: { section: ItemSection; oldSlug: string | null; newSlug: string; wasPublished: boolean; now: string },
): Promise<void> {
  const to = itemPath(change.section, change.newSlug);
  await deleteRedirectFrom(trx, to);
  if (change.oldSlug === null || change.oldSlug === change.newSlug || !change.wasPublished) return;
  await addRedirect(trx, {
    from: itemPath(change.section, change.oldSlug),
    target: to,
    kind: 'automatic',
    createdBy: null,
    now: change.now,
  });
}
