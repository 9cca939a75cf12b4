import {
  companyAdminSchema,
  seoAdminSchema,
  type CompanyAdmin,
  type CompanyWrite,
  type SeoAdmin,
  type SeoWrite,
} from '../../../shared/contracts/company';
import { z } from '../../../shared/zod';
import { parseAnswer } from '../../components/admin/parse-answer';
import { api } from '../../lib/api-client';
import { broadcastDataUpdate } from '../../lib/data-update';
import type { ContentItem } from './content-specs';

/*
 * The Content tab's calls: /api/{collection}/admin and its writes, GET /api/company/admin with
 * PUT /api/company, and GET /api/company/seo/admin with PUT /api/company/seo. A save names the version it
 * was made from unless it overwrites on purpose (ADR 0041).
 * Every write tells other tabs through the 'content' data-update.
 */

export const CONTENT_UPDATE = 'content';

const itemSchema = z.looseObject({ id: z.number().int(), active: z.boolean(), version: z.number().int().optional() });
const itemsSchema = z.array(itemSchema);

async function written<T>(call: Promise<{ data: unknown; message?: string }>, parse: (data: unknown) => T) {
  const body = await call;
  broadcastDataUpdate(CONTENT_UPDATE);
  return { data: parse(body.data), message: body.message ?? '' };
}

export async function fetchItems(path: string): Promise<ContentItem[]> {
  const body = await api.get(`/${path}/admin`);
  return parseAnswer(itemsSchema, body.data) as ContentItem[];
}

const oneItem = (data: unknown) => parseAnswer(itemSchema, data) as ContentItem;
const allItems = (data: unknown) => parseAnswer(itemsSchema, data) as ContentItem[];

export const createItem = (path: string, input: Record<string, unknown>) =>
  written(api.post(`/${path}`, input), oneItem);
export const updateItem = (path: string, id: number, input: Record<string, unknown>) =>
  written(api.put(`/${path}/${id}`, input), oneItem);
export const setVisibility = (path: string, id: number, active: boolean) =>
  written(api.patch(`/${path}/${id}/visibility`, { active }), oneItem);
export const saveOrder = (path: string, ids: number[]) => written(api.put(`/${path}/order`, { ids }), allItems);
export const deleteItem = (path: string, id: number) => written(api.delete(`/${path}/${id}`), () => null);

/** The version a save was made from, or nothing for a save that overwrites whatever is stored. */
const from = (version: number | null) => (version === null ? {} : { version });

export async function fetchCompany(): Promise<CompanyAdmin> {
  const body = await api.get('/company/admin');
  return parseAnswer(companyAdminSchema, body.data);
}

export const saveCompany = (input: CompanyWrite, version: number | null) =>
  written(api.put('/company', { ...input, ...from(version) }), (data) => parseAnswer(companyAdminSchema, data));

export async function fetchSeo(): Promise<SeoAdmin> {
  const body = await api.get('/company/seo/admin');
  return parseAnswer(seoAdminSchema, body.data);
}

export const saveSeo = (input: SeoWrite, version: number | null) =>
  written(api.put('/company/seo', { ...input, ...from(version) }), (data) => parseAnswer(seoAdminSchema, data));
