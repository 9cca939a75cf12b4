import {
  companyProfileSchema,
  seoSettingsSchema,
  type CompanyProfile,
  type CompanyWrite,
  type SeoSettings,
  type SeoWrite,
} from '../../../shared/contracts/company';
import { z } from '../../../shared/zod';
import { parseAnswer } from '../../components/admin/parse-answer';
import { api } from '../../lib/api-client';
import { broadcastDataUpdate } from '../../lib/data-update';
import type { ContentItem } from './content-specs';

/*
 * The Content tab's calls (issue 12): /api/{collection}/admin and its writes, GET/PUT /api/company and
 * GET/PUT /api/company/seo.
 * Reads skip the client's cache; every write tells other tabs through the 'content' data-update.
 */

const fresh = { cache: false } as const;
export const CONTENT_UPDATE = 'content';

const itemSchema = z.looseObject({ id: z.number().int(), active: z.boolean() });
const itemsSchema = z.array(itemSchema);

async function written<T>(call: Promise<{ data: unknown; message?: string }>, parse: (data: unknown) => T) {
  const body = await call;
  broadcastDataUpdate(CONTENT_UPDATE);
  return { data: parse(body.data), message: body.message ?? '' };
}

export async function fetchItems(path: string): Promise<ContentItem[]> {
  const body = await api.get(`/${path}/admin`, undefined, fresh);
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

export async function fetchCompany(): Promise<CompanyProfile> {
  const body = await api.get('/company', undefined, fresh);
  return parseAnswer(companyProfileSchema, body.data);
}

export const saveCompany = (input: CompanyWrite) =>
  written(api.put('/company', input), (data) => parseAnswer(companyProfileSchema, data));

export async function fetchSeo(): Promise<SeoSettings> {
  const body = await api.get('/company/seo', undefined, fresh);
  return parseAnswer(seoSettingsSchema, body.data);
}

export const saveSeo = (input: SeoWrite) =>
  written(api.put('/company/seo', input), (data) => parseAnswer(seoSettingsSchema, data));
