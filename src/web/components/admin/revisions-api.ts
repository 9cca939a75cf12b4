import {
  autosaveDataSchema,
  revisionDetailDataSchema,
  revisionListDataSchema,
  type Autosave,
  type AutosaveKind,
  type RevisionDetailData,
  type RevisionListData,
} from '../../../shared/contracts/revisions';
import { ErrorCode } from '../../../shared/errors';
import { api, isApiError } from '../../lib/api-client';
import { parseAnswer } from './parse-answer';

/*
 * The calls of revisions and autosave (ADR 0041), shared by the post, project and content editors:
 * GET {item}/revisions, GET {item}/revisions/{id}, POST {item}/revisions/{id}/restore, where {item} is
 * the item's API address ('/blog/posts/12'), and /autosaves/{post|project}/{id|new}.
 */

export async function fetchRevisions(item: string): Promise<RevisionListData> {
  const body = await api.get(`${item}/revisions`);
  return parseAnswer(revisionListDataSchema, body.data);
}

export async function fetchRevision(item: string, revisionId: number): Promise<RevisionDetailData> {
  const body = await api.get(`${item}/revisions/${revisionId}`);
  return parseAnswer(revisionDetailDataSchema, body.data);
}

export async function restoreRevision(item: string, revisionId: number, version: number): Promise<string> {
  const body = await api.post(`${item}/revisions/${revisionId}/restore`, { version });
  return body.message ?? 'Revision restored';
}

/** True for the answer to a save made from a version somebody else has saved over since. */
export const isStaleVersion = (error: unknown): boolean => isApiError(error) && error.code === ErrorCode.STALE_VERSION;

export type AutosaveItem = number | 'new';

export async function fetchAutosave(kind: AutosaveKind, item: AutosaveItem): Promise<Autosave | null> {
  const body = await api.get(`/autosaves/${kind}/${item}`);
  return parseAnswer(autosaveDataSchema, body.data).autosave;
}

export async function saveAutosave(
  kind: AutosaveKind,
  item: AutosaveItem,
  data: Record<string, unknown>,
  version: number | null,
): Promise<string> {
  const body = await api.put(`/autosaves/${kind}/${item}`, { data, version });
  return (body.data as { saved_at?: string } | undefined)?.saved_at ?? new Date().toISOString();
}

export async function deleteAutosave(kind: AutosaveKind, item: AutosaveItem): Promise<void> {
  await api.delete(`/autosaves/${kind}/${item}`);
}
