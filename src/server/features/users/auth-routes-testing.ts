import type { DialectName } from '../../db/database';
import { bearer, freshIp } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';

/** The app of the /api/auth tests on a fresh, unseeded database, and the calls they share. */
export function useAuthCalls(dialect: DialectName) {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: `/api/auth${url}`, payload: payload as object, headers, remoteAddress: ip });
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/auth${url}`, headers: token ? bearer(token) : {} });
  const put = (url: string, payload: unknown, token: string) =>
    t.app.inject({ method: 'PUT', url: `/api/auth${url}`, payload: payload as object, headers: bearer(token) });

  return { t, db, post, get, put };
}
