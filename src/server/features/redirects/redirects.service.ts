import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import type { FieldError } from '../../../shared/errors';
import type {
  Redirect,
  RedirectCreate,
  RedirectListData,
  RedirectListQuery,
} from '../../../shared/contracts/redirects';
import {
  REDIRECT_FROM_MAX,
  REDIRECT_TARGET_MAX,
  RedirectMessage,
  isRedirectablePath,
  normalisePath,
  normaliseTarget,
} from '../../../shared/contracts/redirects.values';
import { notFound } from '../../lib/errors';
import { ITEM_TABLES, addRedirect, conflict, invalid, type ItemSection } from '../../pages/redirect-rules';
import {
  countRedirects,
  deleteRedirectById,
  listRedirectRows,
  slugInUse,
  type RedirectRow,
} from '../../pages/redirects.repository';

/* Staff's redirects (ADR 0039): the list, manual redirects added and deleted. */

/** The checked addresses of a manual redirect, or a 400 naming each field at fault. */
function checkedAddresses(body: RedirectCreate): { from: string; target: string } {
  const errors: FieldError[] = [];
  const fromText = body.from_path.trim();
  const from = normalisePath(fromText.split(/[?#]/)[0] ?? '');
  if (!fromText) errors.push({ field: 'from_path', message: RedirectMessage.FROM_REQUIRED });
  else if (from === undefined) errors.push({ field: 'from_path', message: RedirectMessage.FROM_INVALID });
  else if (from.length > REDIRECT_FROM_MAX) errors.push({ field: 'from_path', message: RedirectMessage.FROM_TOO_LONG });
  else if (!isRedirectablePath(from)) errors.push({ field: 'from_path', message: RedirectMessage.FROM_RESERVED });
  const targetText = body.target.trim();
  const target = normaliseTarget(targetText);
  if (!targetText) errors.push({ field: 'target', message: RedirectMessage.TO_REQUIRED });
  else if (target === undefined) errors.push({ field: 'target', message: RedirectMessage.TO_INVALID });
  else if (target.length > REDIRECT_TARGET_MAX) errors.push({ field: 'target', message: RedirectMessage.TO_TOO_LONG });
  if (errors.length > 0 || from === undefined || target === undefined) throw invalid(errors);
  return { from, target };
}

/** The item whose own address this is, if the path is /blog/{slug} or /portfolio/{slug}. */
function itemAt(path: string): { section: ItemSection; slug: string } | undefined {
  const match = /^\/(blog|portfolio)\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  try {
    return { section: match[1] as ItemSection, slug: decodeURIComponent(match[2] ?? '') };
  } catch {
    return undefined;
  }
}

const toRedirect = (row: RedirectRow): Redirect => ({
  id: row.id,
  from_path: row.from_path,
  target: row.target,
  kind: row.kind === 'manual' ? 'manual' : 'automatic',
  hits: row.hits,
  last_hit_at: row.last_hit_at,
  created_at: row.created_at,
});

/** A manual redirect: 201 with it; 400 for a bad or looping address, 409 when the address is taken or live. */
export async function createManualRedirect(
  db: Kysely<DB>,
  body: RedirectCreate,
  userId: number | null,
  now = new Date(),
): Promise<Redirect> {
  const { from, target } = checkedAddresses(body);
  const stamp = now.toISOString();
  const id = await writeTransaction(db, async (trx) => {
    const item = itemAt(from);
    if (item && (await slugInUse(trx, ITEM_TABLES[item.section], item.slug))) {
      throw conflict('from_path', RedirectMessage.FROM_LIVE);
    }
    return addRedirect(trx, { from, target, kind: 'manual', createdBy: userId, now: stamp });
  });
  const [row] = (await listRedirectRows(db, 1, 1, id)) ?? [];
  if (!row) throw notFound(RedirectMessage.NOT_FOUND);
  return toRedirect(row);
}

export async function deleteRedirect(db: Kysely<DB>, id: number): Promise<void> {
  if ((await deleteRedirectById(db, id)) === 0) throw notFound(RedirectMessage.NOT_FOUND);
}

export async function listRedirects(db: Kysely<DB>, query: RedirectListQuery): Promise<RedirectListData> {
  const [total, rows] = await Promise.all([countRedirects(db), listRedirectRows(db, query.page, query.limit)]);
  return {
    redirects: rows.map(toRedirect),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}
