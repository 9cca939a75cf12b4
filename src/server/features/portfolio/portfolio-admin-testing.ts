import { beforeAll, expect } from 'vitest';
import { projectDetailSchema, type ProjectDetail } from '../../../shared/contracts/portfolio';
import { bearer, createSignedIn } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import type { DialectName } from '../../db/database';

/** A complete, valid project as the admin form sends it. */
export function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Harbor Logistics Tracker',
    text: 'Live shipment tracking for a freight company.',
    description: 'We built a tracking portal.\n\nIt replaced spreadsheets.',
    client: 'Harbor Freight Co.',
    industry: 'Manufacturing',
    technologies: ['React', 'Node.js'],
    results: 'Delivery enquiries fell by 40 percent.',
    status: 'progress',
    ...overrides,
  };
}

/**
 * The app of the staff portfolio tests on a seeded database, a token for each staff role, and the calls
 * they share.
 */
export function useStaffPortfolioCalls(dialect: DialectName) {
  const t = useTestApp(dialect);
  const tokens = { admin: '', editor: '', viewer: '' };
  beforeAll(async () => {
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      tokens[role] = (await createSignedIn(t.app, t.db.database.db, { role })).token;
    }
  });
  const db = () => t.db.database.db;

  const send = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token: string = tokens.editor,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: token ? bearer(token) : {},
    });
  const create = async (overrides: Record<string, unknown> = {}): Promise<ProjectDetail> => {
    const res = await send('POST', '/portfolio/projects', validBody(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return projectDetailSchema.parse(res.json().data.project);
  };
  const publicGet = (slugOrId: string | number) =>
    t.app.inject({ method: 'GET', url: `/api/portfolio/projects/${slugOrId}` });
  const staffGet = async (slugOrId: string | number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/portfolio/projects/${slugOrId}`,
      headers: bearer(tokens.viewer),
    });
    expect(res.statusCode, res.body).toBe(200);
    return projectDetailSchema.parse(res.json().data.project);
  };
  const rowOf = (id: number) =>
    db().selectFrom('portfolio_projects').selectAll().where('id', '=', id).executeTakeFirst();
  const projectCount = async () =>
    Number(
      (
        await db()
          .selectFrom('portfolio_projects')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  return { t, db, tokens, send, create, publicGet, staffGet, rowOf, projectCount };
}
