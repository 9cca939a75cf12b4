import {
  redirectListDataSchema,
  redirectSchema,
  type Redirect,
  type RedirectCreate,
  type RedirectListData,
} from '../../../shared/contracts/redirects';
import { parseAnswer } from '../../components/admin/parse-answer';
import { api } from '../../lib/api-client';

/** Settings › Redirects: the calls of /api/redirects (ADR 0039). */

export async function fetchRedirects(page: number): Promise<RedirectListData> {
  const body = await api.get('/redirects', { page, limit: 50 });
  return parseAnswer(redirectListDataSchema, body.data);
}

export async function createRedirect(input: RedirectCreate): Promise<{ redirect: Redirect; message?: string }> {
  const body = await api.post('/redirects', input);
  return { redirect: parseAnswer(redirectSchema, body.data), message: body.message };
}

export async function deleteRedirect(id: number): Promise<string | undefined> {
  return (await api.delete(`/redirects/${id}`)).message;
}
