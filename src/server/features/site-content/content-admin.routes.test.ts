import { beforeAll, describe, expect, it } from 'vitest';
import { SiteContentStaffMessage } from '../../../shared/contracts/site-content';
import { ErrorCode } from '../../../shared/errors';
import { bearer, createStaff, freshIp, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { contentCollections } from './content-collections';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A valid new item of each collection, what a change makes of it, and the fields a create needs. */
const examples: Record<
  string,
  { create: Record<string, unknown>; change: Record<string, unknown>; required: string[] }
> = {
  services: {
    create: { title: 'Cloud Hosting', text: 'We host and watch it.', icon: 'Cloud', featured: true },
    change: { title: 'Managed Hosting', text: 'We host it, watch it and patch it.', icon: null, light: true },
    required: ['title', 'text'],
  },
  team: {
    create: {
      name: 'Zara Ali',
      position: 'QA Engineer',
      bio: 'Tests everything twice.',
      skills: ['Playwright', 'Vitest'],
      linkedin: 'https://www.linkedin.com/in/zara',
      email: 'zara@example.com',
    },
    change: { name: 'Zara Ali', position: 'Lead QA Engineer', skills: ['Vitest', 'k6', 'Accessibility'] },
    required: ['name', 'position'],
  },
  testimonials: {
    create: { name: 'Ola Nordmann', company: 'Fjord AS', text: 'Great work, on time.', rating: 4 },
    change: { name: 'Ola Nordmann', position: 'CTO', company: 'Fjord AS', text: 'Still great.', rating: 5 },
    required: ['name', 'text'],
  },
  packages: {
    create: { title: 'Maintenance Plan', price: 'From $199/month', features: ['Updates', 'Backups'] },
    change: { title: 'Care Plan', price: null, cta_text: 'Contact Us', features: ['Everything'] },
    required: ['title'],
  },
  internships: {
    create: {
      title: 'DevOps Internship',
      duration: '3 months',
      level: 'Intermediate',
      description: 'Pipelines and containers.',
      skills: ['Docker'],
      requirements: ['Linux basics'],
    },
    change: {
      title: 'DevOps Internship',
      duration: '4-6 months',
      level: 'Advanced',
      description: 'Pipelines, containers and clouds.',
      requirements: [],
    },
    required: ['title', 'duration', 'level', 'description'],
  },
  'tech-stack': {
    create: { title: 'Mobile', items: ['React Native', 'Flutter'] },
    change: { title: 'Mobile apps', items: ['Flutter', 'Swift'] },
    required: ['title'],
  },
};

describe.each(testDialects)('the staff calls of the landing content on %s', (dialect) => {
  const t = useTestApp(dialect);
  const db = () => t.db.database.db;
  let viewer: Session;
  let editor: Session;
  let admin: Session;

  beforeAll(async () => {
    ({ viewer, editor, admin } = await createStaff(t.app, db()));
  });

  const call = (method: Method, url: string, payload?: object, session: Session | null = editor) =>
    t.app.inject({ method, url, payload, headers: session ? bearer(session.token) : {}, remoteAddress: freshIp() });

  describe.each(contentCollections.map((c) => [c.path, c] as const))('/api/%s', (path, collection) => {
    const example = examples[path]!;
    const adminList = async () => {
      const res = await call('GET', `/api/${path}/admin`, undefined, viewer);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Array<Record<string, unknown> & { id: number; active: boolean }>;
    };
    const publicIds = async () => {
      const res = await call('GET', `/api/${path}`, undefined, null);
      expect(res.statusCode).toBe(200);
      return (res.json().data as Array<{ id: number }>).map((item) => item.id);
    };

    it('creates at the end, changes, hides, shows, reorders and deletes, as the public list follows', async () => {
      const before = await adminList();
      const created = await call('POST', `/api/${path}`, example.create);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().message).toBe(`${collection.label} created`);
      const item = created.json().data as { id: number; active: boolean };
      expect(item.active).toBe(true);
      expect((await adminList()).map((i) => i.id)).toEqual([...before.map((i) => i.id), item.id]);
      expect((await publicIds()).at(-1)).toBe(item.id);

      const changed = await call('PUT', `/api/${path}/${item.id}`, example.change, admin);
      expect(changed.statusCode, changed.body).toBe(200);
      const stored = (await adminList()).find((i) => i.id === item.id)!;
      for (const [key, value] of Object.entries(example.change)) {
        if (!['linkedin', 'github', 'twitter', 'email'].includes(key)) expect(stored[key], key).toEqual(value);
      }
      if (path === 'team') expect(stored.social).toEqual({ linkedin: null, github: null, twitter: null, email: null });
      if (path === 'packages') expect(stored.cta_url).toBe('#get-quote');

      const hidden = await call('PATCH', `/api/${path}/${item.id}/visibility`, { active: false });
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json().data.active).toBe(false);
      expect(await publicIds()).not.toContain(item.id);
      expect((await adminList()).some((i) => i.id === item.id && !i.active)).toBe(true);
      await call('PATCH', `/api/${path}/${item.id}/visibility`, { active: true });
      expect(await publicIds()).toContain(item.id);

      const ids = (await adminList()).map((i) => i.id);
      const reversed = [...ids].reverse();
      const ordered = await call('PUT', `/api/${path}/order`, { ids: reversed });
      expect(ordered.statusCode, ordered.body).toBe(200);
      expect((ordered.json().data as Array<{ id: number }>).map((i) => i.id)).toEqual(reversed);
      expect(await publicIds()).toEqual(reversed);

      const deleted = await call('DELETE', `/api/${path}/${item.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json().message).toBe(`${collection.label} deleted`);
      expect((await adminList()).map((i) => i.id)).not.toContain(item.id);
      for (const list of collection.lists) {
        const left = await db()
          .selectFrom(list.table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(list.fk as 'group_id', '=', item.id)
          .executeTakeFirstOrThrow();
        expect(Number(left.n), list.table).toBe(0);
      }
      expect((await call('DELETE', `/api/${path}/${item.id}`)).statusCode).toBe(404);
      expect((await call('PUT', `/api/${path}/${item.id}`, example.change)).statusCode).toBe(404);
      expect((await call('PATCH', `/api/${path}/${item.id}/visibility`, { active: true })).statusCode).toBe(404);

      // Back to the demo order for the other tests.
      await call('PUT', `/api/${path}/order`, { ids: before.map((i) => i.id) });
    });

    it('refuses an order that does not name every item once, and moves nothing', async () => {
      const ids = (await adminList()).map((i) => i.id);
      for (const body of [{ ids: ids.slice(1) }, { ids: [...ids, 999_999] }]) {
        const res = await call('PUT', `/api/${path}/order`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(409);
        expect(res.json()).toMatchObject({ code: ErrorCode.CONFLICT, message: SiteContentStaffMessage.ORDER_CHANGED });
      }
      expect((await call('PUT', `/api/${path}/order`, { ids: [...ids, ids[0]] })).statusCode).toBe(400);
      expect((await call('PUT', `/api/${path}/order`, { ids: [] })).statusCode).toBe(400);
      expect((await adminList()).map((i) => i.id)).toEqual(ids);
    });

    it('names each missing or overlong field and stores nothing', async () => {
      const count = (await adminList()).length;
      for (const field of example.required) {
        for (const value of ['', '   ', 'x'.repeat(2_001), 42]) {
          const res = await call('POST', `/api/${path}`, { ...example.create, [field]: value });
          expect(res.statusCode, `${field}=${String(value).slice(0, 5)}`).toBe(400);
          expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
        }
      }
      const bad: Record<string, unknown>[] = [{ active: 'yes' }];
      if (path === 'services')
        bad.push({ image_url: 'javascript:alert(1)' }, { background_url: '//evil.example/x.png' });
      if (path === 'team') bad.push({ linkedin: 'not a url' }, { email: 'nobody' }, { skills: ['A', 'a'] });
      if (path === 'testimonials')
        bad.push({ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { image: 'data:image/png;base64,AA' });
      if (path === 'packages')
        bad.push(
          { cta_url: 'javascript:alert(1)' },
          {
            features: Array(21)
              .fill('f')
              .map((f, i) => f + i),
          },
        );
      if (path === 'internships') bad.push({ requirements: 'Linux' });
      if (path === 'tech-stack') bad.push({ items: [''.padEnd(101, 'x')] });
      for (const change of bad) {
        const res = await call('POST', `/api/${path}`, { ...example.create, ...change });
        expect(res.statusCode, JSON.stringify(change).slice(0, 60)).toBe(400);
      }
      expect(await adminList()).toHaveLength(count);
    });

    it('lets viewers read, and only editors and admins write', async () => {
      const [first] = await adminList();
      const writes: Array<[Method, string, object?]> = [
        ['POST', `/api/${path}`, example.create],
        ['PUT', `/api/${path}/${first!.id}`, example.change],
        ['PATCH', `/api/${path}/${first!.id}/visibility`, { active: false }],
        ['PUT', `/api/${path}/order`, { ids: [first!.id] }],
        ['DELETE', `/api/${path}/${first!.id}`],
      ];
      for (const [method, url, body] of writes) {
        expect((await call(method, url, body, viewer)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(method, url, body, null)).statusCode, `${method} ${url}`).toBe(401);
      }
      expect((await call('GET', `/api/${path}/admin`, undefined, null)).statusCode).toBe(401);
      expect((await adminList())[0]).toEqual(first);
    });
  });

  it('answers concurrent identical writes with 2xx or 4xx, never 5xx, and keeps the list whole', async () => {
    const ids = (
      (await call('GET', '/api/testimonials/admin', undefined, viewer)).json().data as Array<{ id: number }>
    ).map((item) => item.id);
    const reversed = [...ids].reverse();
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => call('PUT', '/api/testimonials/order', { ids: reversed })),
      ...Array.from({ length: 4 }, () => call('PATCH', `/api/testimonials/${ids[0]}/visibility`, { active: false })),
      ...Array.from({ length: 4 }, () => call('DELETE', `/api/testimonials/${ids[0]}`)),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    const deletes = answers.slice(12).map((answer) => answer.statusCode);
    expect(deletes.filter((status) => status === 200)).toHaveLength(1);
    const left = (await call('GET', '/api/testimonials/admin', undefined, viewer)).json().data as Array<{ id: number }>;
    expect(left.map((item) => item.id).sort()).toEqual(ids.filter((id) => id !== ids[0]).sort());
  });

  it('keeps markup as text: stored as typed, answered as typed', async () => {
    const hostile = '<script>alert(1)</script> & “quotes”';
    const res = await call('POST', '/api/testimonials', { name: hostile, text: hostile });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: hostile, text: hostile, rating: 5 });
    await call('DELETE', `/api/testimonials/${res.json().data.id}`);
  });
});
