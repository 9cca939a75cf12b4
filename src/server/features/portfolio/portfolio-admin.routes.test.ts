import { beforeAll, describe, expect, it } from 'vitest';
import { projectDetailSchema, type ProjectDetail } from '../../../shared/contracts/portfolio';
import { projectBulkResultSchema } from '../../../shared/contracts/portfolio-admin';
import { bearer, createSignedIn } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

/** A complete, valid project as the admin form sends it. */
function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
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

describe.each(testDialects)('the staff portfolio API on %s', (dialect) => {
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

  describe('access', () => {
    it('answers 401 without a token and 403 to a viewer, for every write, and changes nothing', async () => {
      const before = await projectCount();
      const writes: Array<['POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown]> = [
        ['POST', '/portfolio/projects', validBody()],
        ['PUT', '/portfolio/projects/1', validBody()],
        ['DELETE', '/portfolio/projects/1', undefined],
        ['PATCH', '/portfolio/projects/1/featured', { featured: false }],
        ['PATCH', '/portfolio/projects/1/published', { published: false }],
        ['PATCH', '/portfolio/order', { projectIds: [1] }],
        ['PATCH', '/portfolio/bulk', { operation: 'delete', projectIds: [1] }],
        ['DELETE', '/portfolio/projects/bulk', { projectIds: [1] }],
      ];
      for (const [method, url, payload] of writes) {
        const anonymous = await send(method, url, payload, '');
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
        const viewer = await send(method, url, payload, tokens.viewer);
        expect(viewer.statusCode, `${method} ${url}`).toBe(403);
        expect(viewer.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
      expect(await projectCount()).toBe(before);
      expect(await rowOf(1)).toMatchObject({ featured: 1, published: 1 });
    });
  });

  describe('POST /api/portfolio/projects', () => {
    it('creates a project from the form payload and its documented aliases, children included', async () => {
      const res = await send(
        'POST',
        '/portfolio/projects',
        validBody({
          technologies: 'React, react , Node.js,, TypeScript',
          date: '2026-05-01',
          status: 'completed',
          imageUrl: '/uploads/files/harbor.webp',
          gallery: JSON.stringify(['/uploads/files/a.webp', { url: 'https://cdn.example.com/b.png', title: 'Map' }]),
          gallery_titles: '["Dashboard"]',
          team: JSON.stringify([{ name: 'Sara Khan', role: 'AI Engineer', bio: 'Models.', image: null }]),
          projectTestimonials: [
            { id: 1732200000000, name: 'Omar', position: 'COO', company: 'Harbor', text: 'Great work.', rating: 4 },
            { name: 'Lina', text: 'Reliable.', rating: '5' },
          ],
          liveUrl: 'https://harbor.example.com',
          case_study_url: '/blog/harbor',
          featured: true,
          colorful: 1,
          category: 'Web Application',
        }),
        tokens.admin,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: 'Project created successfully' });
      const project = projectDetailSchema.parse(res.json().data.project);
      expect(project).toMatchObject({
        slug: 'harbor-logistics-tracker',
        title: 'Harbor Logistics Tracker',
        short_description: 'Live shipment tracking for a freight company.',
        description: 'We built a tracking portal.\n\nIt replaced spreadsheets.',
        client: 'Harbor Freight Co.',
        industry: 'Manufacturing',
        category: 'Web Application',
        status: 'done',
        completion_date: '2026-05-01',
        image_url: '/uploads/files/harbor.webp',
        live_url: 'https://harbor.example.com',
        case_study_url: '/blog/harbor',
        featured: true,
        colorful: true,
        published: true,
        likes: 0,
        technologies: ['React', 'Node.js', 'TypeScript'],
        gallery: [
          { url: '/uploads/files/a.webp', title: 'Dashboard' },
          { url: 'https://cdn.example.com/b.png', title: 'Map' },
        ],
        team: [{ name: 'Sara Khan', role: 'AI Engineer', bio: 'Models.', image: null }],
      });
      // Testimonials are stored with the project (decisions: not dropped); the form's ids are not kept.
      expect(project.testimonials.map(({ id: _id, ...rest }) => rest)).toEqual([
        { name: 'Omar', position: 'COO', company: 'Harbor', text: 'Great work.', rating: 4 },
        { name: 'Lina', position: null, company: null, text: 'Reliable.', rating: 5 },
      ]);
      const technologies = await db()
        .selectFrom('project_technologies')
        .select(['name', 'position'])
        .where('project_id', '=', project.id)
        .orderBy('position')
        .execute();
      expect(technologies.map((r) => [r.name, Number(r.position)])).toEqual([
        ['React', 0],
        ['Node.js', 1],
        ['TypeScript', 2],
      ]);
      // Visible on the public side.
      const pub = await publicGet(project.slug);
      expect(pub.statusCode).toBe(200);
      expect(pub.json().data.project.testimonials).toHaveLength(2);
      const activity = await db().selectFrom('activity_log').selectAll().where('type', '=', 'portfolio').execute();
      expect(activity.map((a) => [a.action, a.item])).toContainEqual(['Created project', 'Harbor Logistics Tracker']);
    });

    it('applies the defaults: progress, Technology, published, not featured, empty lists', async () => {
      const project = await create({ title: 'Defaults Demo', industry: '', status: undefined });
      expect(project).toMatchObject({
        status: 'progress',
        industry: 'Technology',
        category: null,
        published: true,
        featured: false,
        colorful: false,
        completion_date: null,
        image_url: null,
        gallery: [],
        team: [],
        testimonials: [],
      });
    });

    it('checks in the documented order with the documented messages, and stores nothing', async () => {
      const before = await projectCount();
      const steps: Array<[Record<string, unknown>, string, string]> = [
        [{ title: '  ' }, 'title', 'Please enter a project title'],
        [{ text: '' }, 'short_description', 'Please enter project description'],
        [{ client: '<b></b>' }, 'client', 'Please enter client name'],
        [{ results: '   ' }, 'results', 'Please enter project results'],
        [{ technologies: ' , ,' }, 'technologies', 'Please select at least one technology before submitting'],
      ];
      // Everything missing: the first check answers, and every problem is listed in order.
      const empty = await send('POST', '/portfolio/projects', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Please enter a project title' });
      expect(empty.json().errors.map((e: { field: string }) => e.field)).toEqual(steps.map(([, field]) => field));
      // Each one alone (the earlier ones filled in) answers with its own message.
      for (const [override, field, message] of steps) {
        const res = await send('POST', '/portfolio/projects', validBody(override));
        expect(res.statusCode, field).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
        expect(res.json().errors).toEqual([{ field, message }]);
      }
      expect(await projectCount()).toBe(before);
    });

    it('treats invalid JSON text in technologies, gallery and team as an empty list', async () => {
      const noTech = await send('POST', '/portfolio/projects', validBody({ technologies: '["React", ' }));
      expect(noTech.statusCode).toBe(400);
      expect(noTech.json().message).toBe('Please select at least one technology before submitting');
      const project = await create({
        title: 'Json Lists',
        technologies: '["Vue.js", "Laravel", "vue.js"]',
        gallery: '[not json',
        gallery_images: '["/ignored.png"]',
        team: '{"name": "not a list"}',
      });
      expect(project.technologies).toEqual(['Vue.js', 'Laravel']);
      expect(project.gallery).toEqual([]);
      expect(project.team).toEqual([]);
    });

    it('takes at most 10 gallery images, with the documented capacity message', async () => {
      const images = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/files/g${i}.webp`);
      const ten = await create({ title: 'Ten Images', gallery: images(10) });
      expect(ten.gallery).toHaveLength(10);
      const before = await projectCount();
      const eleven = await send('POST', '/portfolio/projects', validBody({ title: 'Eleven', gallery: images(11) }));
      expect(eleven.statusCode).toBe(400);
      expect(eleven.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Cannot upload 11 images. Only 10 slots remaining in gallery.',
      });
      expect(await projectCount()).toBe(before);
      // Adding an 11th to a full gallery is refused too, and the gallery stays as it was.
      const put = await send('PUT', `/portfolio/projects/${ten.id}`, {
        gallery: [...images(10), '/uploads/files/x.webp'],
      });
      expect(put.statusCode).toBe(400);
      expect((await staffGet(ten.id)).gallery).toEqual(ten.gallery);
    });

    it.each([
      ['live_url', 'javascript:alert(1)', 'Live Demo URL'],
      ['live_url', 'ftp://files.example.com/x', 'Live Demo URL'],
      ['case_study_url', '//evil.example.com/x', 'Case Study URL'],
      ['image_url', 'data:image/png;base64,AAAA', 'Main image'],
      ['image_url', 'https://exa mple.com/x.png', 'Main image'],
    ])('refuses %s = %s', async (field, value, label) => {
      const res = await send('POST', '/portfolio/projects', validBody({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `${label} must be a web address starting with http:// or https:// (or a path on this site).`,
      );
      expect(res.json().errors[0].field).toBe(field);
    });

    it.each([
      [{ status: 'archived' }, 'status', 'Status must be progress or done.'],
      [{ completion_date: '2025-02-30' }, 'completion_date', 'Completion date must be a valid date (YYYY-MM-DD).'],
      [{ title: 'x'.repeat(301) }, 'title', 'Title must be at most 300 characters.'],
      [{ technologies: ['y'.repeat(101)] }, 'technologies.0', 'Technology name must be at most 100 characters.'],
      [
        { testimonials: [{ name: 'A', text: 'B', rating: 6 }] },
        'testimonials.0.rating',
        'Rating must be a whole number from 1 to 5.',
      ],
      [
        { testimonials: [{ name: 'A', text: 'B', rating: 'five' }] },
        'testimonials.0.rating',
        'Rating must be a whole number from 1 to 5.',
      ],
      [
        { testimonials: [{ name: '', text: 'Good', rating: 5 }] },
        'testimonials.0.name',
        'Please enter a name for each testimonial.',
      ],
      [
        { testimonials: [{ name: 'Ann', text: ' ', rating: 5 }] },
        'testimonials.0.text',
        'Please enter the text of each testimonial.',
      ],
      [{ team: [{ role: 'Designer' }] }, 'team.0.name', 'Please enter a name for each team member.'],
      [{ gallery: [{ title: 'No address' }] }, 'gallery.0.url', 'Every gallery image needs an address.'],
    ])('refuses %j', async (override, field, message) => {
      const res = await send('POST', '/portfolio/projects', validBody(override));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(res.json().errors[0].field).toBe(field);
    });

    it('refuses wrong types with 400', async () => {
      const res = await send('POST', '/portfolio/projects', validBody({ title: { text: 'x' } }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });

    it('stores text fields as plain text', async () => {
      const project = await create({
        title: '<h1>Tagged</h1> <script>alert(1)</script>Title &amp; More',
        text: 'Short <img src=x onerror=alert(1)>text',
        client: '<a href="https://evil.example">Client</a> & Co',
        results: '<p>Line one</p>\n<p>Line two</p>',
        technologies: ['<b>React</b>'],
        testimonials: [{ name: '<i>Ann</i>', text: '<script>x</script>Nice', rating: 5 }],
      });
      expect(project).toMatchObject({
        title: 'Tagged Title & More',
        short_description: 'Short text',
        client: 'Client & Co',
        results: 'Line one\nLine two',
      });
      expect(project.technologies).toEqual(['React']);
      expect(project.testimonials[0]).toMatchObject({ name: 'Ann', text: 'Nice' });
      expect(project.slug).toBe('tagged-title-and-more');
    });

    it('makes unique slugs from titles, avoiding ids and reserved paths', async () => {
      const a = await create({ title: 'Same Name' });
      const b = await create({ title: 'Same Name' });
      const c = await create({ title: 'same name!' });
      expect([a.slug, b.slug, c.slug]).toEqual(['same-name', 'same-name-2', 'same-name-3']);
      expect((await create({ title: '2024' })).slug).toBe('project-2024');
      expect((await create({ title: 'Featured' })).slug).toBe('project-featured');
      expect((await create({ title: 'Café Déjà Vu' })).slug).toBe('cafe-deja-vu');
      expect((await create({ title: '???' })).slug).toBe('project');
      // A slug sent by the client is ignored.
      expect((await create({ title: 'Own Slug', slug: 'chosen' })).slug).toBe('own-slug');
    });

    it('gives projects created at the same moment with the same title each their own slug', async () => {
      const made = await Promise.all(
        [1, 2, 3, 4].map(() => send('POST', '/portfolio/projects', validBody({ title: 'Rush Job' }))),
      );
      expect(made.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
      const slugs = made.map((res) => (res.json().data.project as ProjectDetail).slug).sort();
      expect(slugs).toEqual(['rush-job', 'rush-job-2', 'rush-job-3', 'rush-job-4']);
    });
  });

  describe('PUT and DELETE /api/portfolio/projects/{id}', () => {
    it('updates the sent fields, keeps the others and the slug', async () => {
      const project = await create({
        title: 'Before Rename',
        gallery: ['/uploads/files/one.webp'],
        testimonials: [{ name: 'Kim', text: 'Solid.', rating: 5 }],
      });
      const res = await send('PUT', `/portfolio/projects/${project.id}`, {
        id: project.id,
        slug: project.slug,
        title: 'After Rename',
        technologies: 'Docker, AWS',
        status: 'done',
        published: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Project updated successfully');
      const updated = projectDetailSchema.parse(res.json().data.project);
      expect(updated).toMatchObject({
        id: project.id,
        slug: 'before-rename',
        title: 'After Rename',
        technologies: ['Docker', 'AWS'],
        status: 'done',
        published: false,
        client: project.client,
        results: project.results,
        gallery: project.gallery,
      });
      expect(updated.testimonials.map((x) => x.name)).toEqual(['Kim']);
      expect(updated.updated_at! >= project.updated_at!).toBe(true);
      // Unpublished now: gone for visitors, kept for staff.
      expect((await publicGet(project.slug)).statusCode).toBe(404);
      expect((await staffGet(project.slug)).title).toBe('After Rename');
    });

    it('clears lists that are sent empty, and keeps an upload link for an image kept at the same address', async () => {
      const project = await create({
        title: 'Lists Cleared',
        gallery: ['/uploads/files/keep.webp'],
        team: [{ name: 'Ali' }],
        testimonials: [{ name: 'Zed', text: 'Fine.', rating: 4 }],
      });
      await db()
        .insertInto('uploads')
        .values({
          filename: 'keep.webp',
          original_name: 'keep.webp',
          mime_type: 'image/webp',
          size: 10,
          width: null,
          height: null,
          alt_text: null,
          description: null,
          uploaded_by: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      const upload = await db()
        .selectFrom('uploads')
        .select('id')
        .where('filename', '=', 'keep.webp')
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('project_gallery_images')
        .set({ upload_id: upload.id })
        .where('project_id', '=', project.id)
        .execute();
      const res = await send('PUT', `/portfolio/projects/${project.id}`, {
        gallery: ['/uploads/files/keep.webp', '/uploads/files/new.webp'],
        team: [],
        testimonials: [],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.project).toMatchObject({
        gallery: [
          { url: '/uploads/files/keep.webp', title: null },
          { url: '/uploads/files/new.webp', title: null },
        ],
        team: [],
        testimonials: [],
      });
      const rows = await db()
        .selectFrom('project_gallery_images')
        .select(['url', 'upload_id'])
        .where('project_id', '=', project.id)
        .orderBy('position')
        .execute();
      expect(rows.map((r) => [r.url, r.upload_id === null ? null : Number(r.upload_id)])).toEqual([
        ['/uploads/files/keep.webp', Number(upload.id)],
        ['/uploads/files/new.webp', null],
      ]);
    });

    it('validates the merged project and changes nothing when it is refused', async () => {
      const project = await create({ title: 'Stay Valid' });
      const res = await send('PUT', `/portfolio/projects/${project.id}`, { client: ' ', title: 'Changed' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter client name');
      expect((await staffGet(project.id)).title).toBe('Stay Valid');
    });

    it('answers 404 for an unknown project and 400 for a bad id', async () => {
      expect((await send('PUT', '/portfolio/projects/999999', validBody())).statusCode).toBe(404);
      expect((await send('DELETE', '/portfolio/projects/999999')).statusCode).toBe(404);
      expect((await send('PUT', '/portfolio/projects/abc', validBody())).statusCode).toBe(400);
    });

    it('deletes a project with its technologies, images, team, testimonials and likes', async () => {
      const project = await create({
        title: 'To Delete',
        gallery: ['/uploads/files/d.webp'],
        team: [{ name: 'Ali' }],
        testimonials: [{ name: 'Zed', text: 'Bye.', rating: 3 }],
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/portfolio/projects/${project.slug}/like`,
        remoteAddress: '10.66.0.1',
      });
      const res = await send('DELETE', `/portfolio/projects/${project.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { id: project.id }, message: 'Project deleted successfully' });
      expect((await publicGet(project.slug)).statusCode).toBe(404);
      for (const table of [
        'project_technologies',
        'project_gallery_images',
        'project_team_members',
        'project_testimonials',
        'project_likes',
      ] as const) {
        const rows = await db().selectFrom(table).select('id').where('project_id', '=', project.id).execute();
        expect(rows, table).toEqual([]);
      }
    });
  });

  describe('featured and published toggles', () => {
    it('sets the value sent, or flips it when none is sent', async () => {
      const project = await create({ title: 'Toggle Me' });
      const flip = await send('PATCH', `/portfolio/projects/${project.id}/featured`);
      expect(flip.statusCode, flip.body).toBe(200);
      expect(flip.json().data.project.featured).toBe(true);
      const set = await send('PATCH', `/portfolio/projects/${project.id}/featured`, { featured: true });
      expect(set.json().data.project.featured).toBe(true);
      const off = await send('PATCH', `/portfolio/projects/${project.id}/published`, { published: false });
      expect(off.json().data.project.published).toBe(false);
      expect((await publicGet(project.slug)).statusCode).toBe(404);
      const on = await send('PATCH', `/portfolio/projects/${project.id}/published`, {});
      expect(on.json().data.project.published).toBe(true);
      expect((await publicGet(project.slug)).statusCode).toBe(200);
      expect((await send('PATCH', '/portfolio/projects/999999/featured')).statusCode).toBe(404);
      expect((await send('PATCH', `/portfolio/projects/${project.id}/featured`, { featured: 'yes' })).statusCode).toBe(
        400,
      );
    });
  });

  describe('PATCH /api/portfolio/order', () => {
    it('sets sort_order from the order given, which the featured list follows', async () => {
      // Every featured project, so that the new positions decide the whole list.
      const featured = await t.app.inject({ method: 'GET', url: '/api/portfolio/featured?limit=24' });
      const ids = (featured.json().data.projects as Array<{ id: number }>).map((p) => p.id);
      const reversed = [...ids].reverse();
      const res = await send('PATCH', '/portfolio/order', { projectIds: reversed });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.order).toEqual(reversed.map((id, order) => ({ id, order })));
      const after = await t.app.inject({ method: 'GET', url: '/api/portfolio/featured?limit=24' });
      expect(after.json().data.projects.map((p: { id: number }) => p.id)).toEqual(reversed);

      const explicit = await send('PATCH', '/portfolio/projects/order', { order: [{ id: reversed[0], order: 50 }] });
      expect(explicit.statusCode).toBe(200);
      expect(Number((await rowOf(reversed[0]!))!.sort_order)).toBe(50);
    });

    it('refuses duplicates, unknown projects and an empty body, changing nothing', async () => {
      const [first] = await db().selectFrom('portfolio_projects').select(['id', 'sort_order']).orderBy('id').execute();
      const dup = await send('PATCH', '/portfolio/order', { projectIds: [first!.id, first!.id] });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().message).toBe('Each project may appear only once in the order.');
      const unknown = await send('PATCH', '/portfolio/order', { projectIds: [999999, first!.id] });
      expect(unknown.statusCode).toBe(404);
      expect(Number((await rowOf(first!.id))!.sort_order)).toBe(Number(first!.sort_order));
      expect((await send('PATCH', '/portfolio/order', {})).statusCode).toBe(400);
    });
  });

  describe('bulk operations', () => {
    it('applies each operation to the existing projects and reports the unknown ones', async () => {
      const a = await create({ title: 'Bulk A' });
      const b = await create({ title: 'Bulk B' });
      const ids = [a.id, b.id, 999999];
      const expectations: Array<[string, Record<string, unknown>, string]> = [
        ['complete', { status: 'done' }, 'marked complete'],
        ['feature', { featured: true }, 'featured'],
        ['unfeature', { featured: false }, 'unfeatured'],
        ['unpublish', { published: false }, 'unpublished'],
        ['publish', { published: true }, 'published'],
      ];
      for (const [index, [operation, expected, words]] of expectations.entries()) {
        const url = index % 2 === 0 ? '/portfolio/bulk' : '/portfolio/projects/bulk';
        const res = await send('PATCH', url, { operation, projectIds: ids });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().message).toBe(`2 projects ${words} successfully`);
        expect(projectBulkResultSchema.parse(res.json().data)).toEqual({
          operation,
          succeeded: [a.id, b.id],
          failed: [{ id: 999999, message: 'Project not found' }],
        });
        for (const id of [a.id, b.id]) expect(await staffGet(id), operation).toMatchObject(expected);
      }
      const bad = await send('PATCH', '/portfolio/bulk', { operation: 'explode', projectIds: [a.id] });
      expect(bad.statusCode).toBe(400);
      expect((await send('PATCH', '/portfolio/bulk', { operation: 'feature', projectIds: [] })).statusCode).toBe(400);
    });

    it('deletes in bulk through PATCH delete and DELETE /projects/bulk', async () => {
      const a = await create({ title: 'Bulk Delete A' });
      const b = await create({ title: 'Bulk Delete B' });
      const c = await create({ title: 'Bulk Delete C' });
      const viaPatch = await send('PATCH', '/portfolio/bulk', { operation: 'delete', projectIds: [a.id] });
      expect(viaPatch.json()).toMatchObject({ data: { succeeded: [a.id], failed: [] } });
      const viaDelete = await send('DELETE', '/portfolio/projects/bulk', { projectIds: [b.id, c.id, a.id] });
      expect(viaDelete.statusCode, viaDelete.body).toBe(200);
      expect(viaDelete.json()).toMatchObject({
        message: '2 projects deleted successfully',
        data: { operation: 'delete', succeeded: [b.id, c.id], failed: [{ id: a.id, message: 'Project not found' }] },
      });
      for (const id of [a.id, b.id, c.id]) expect(await rowOf(id)).toBeUndefined();
    });
  });

  describe('search and share fields', () => {
    const seo = {
      seo_title: 'Harbor tracking, built in eight weeks',
      seo_description: 'How a freight company replaced its spreadsheets with live tracking.',
      share_image_url: '/uploads/files/harbor-share.webp',
    };
    const seoOf = (project: ProjectDetail) => ({
      seo_title: project.seo_title,
      seo_description: project.seo_description,
      share_image_url: project.share_image_url,
    });

    it('saves them trimmed, reads them back to staff and visitors, and keeps them when not sent', async () => {
      const project = await create({
        seo_title: `  ${seo.seo_title} `,
        seo_description: `${seo.seo_description}\n`,
        share_image_url: ` ${seo.share_image_url} `,
      });
      expect(seoOf(project)).toEqual(seo);
      expect(seoOf(await staffGet(project.id))).toEqual(seo);
      expect(await rowOf(project.id)).toMatchObject(seo);
      const visitor = await publicGet(project.slug);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json().data.project).toMatchObject(seo);

      const res = await send('PUT', `/portfolio/projects/${project.id}`, { title: 'Harbor Tracker Renamed' });
      expect(res.statusCode, res.body).toBe(200);
      expect(seoOf(await staffGet(project.id))).toEqual(seo);
    });

    it('stores blanks, and a project made without them, as null', async () => {
      expect(seoOf(await create())).toEqual({ seo_title: null, seo_description: null, share_image_url: null });
      const project = await create(seo);
      const res = await send('PUT', `/portfolio/projects/${project.id}`, {
        seo_title: '   ',
        seo_description: '',
        share_image_url: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await rowOf(project.id)).toMatchObject({ seo_title: null, seo_description: null, share_image_url: null });
    });

    it('refuses a too long text or a bad image address with 400 naming the field, changing nothing', async () => {
      const project = await create(seo);
      const refused: Array<[string, unknown, string]> = [
        ['seo_title', 'x'.repeat(301), 'SEO title must be at most 300 characters.'],
        ['seo_description', 'x'.repeat(1001), 'SEO description must be at most 1000 characters.'],
        ['share_image_url', 'javascript:alert(1)', 'Share image must be a web address'],
        ['share_image_url', '//evil.example.com/a.png', 'Share image must be a web address'],
        ['share_image_url', `https://cdn.example.com/${'a'.repeat(480)}.png`, 'Share image must be at most 500'],
      ];
      const before = await projectCount();
      for (const [field, value, message] of refused) {
        const put = await send('PUT', `/portfolio/projects/${project.id}`, { [field]: value, title: 'Changed' });
        expect(put.statusCode, field).toBe(400);
        expect(put.json().message).toContain(message);
        expect(put.json().errors[0]).toMatchObject({ field });
        const post = await send('POST', '/portfolio/projects', validBody({ [field]: value }));
        expect(post.statusCode, field).toBe(400);
        expect(post.json().errors[0]).toMatchObject({ field });
      }
      expect(await projectCount()).toBe(before);
      const after = await staffGet(project.id);
      expect(after.title).toBe(project.title);
      expect(seoOf(after)).toEqual(seo);
    });

    it('keeps them in revisions: a restore brings them back', async () => {
      const project = await create(seo);
      const revisions = await t.app.inject({
        method: 'GET',
        url: `/api/portfolio/projects/${project.id}/revisions`,
        headers: bearer(tokens.editor),
      });
      expect(revisions.statusCode, revisions.body).toBe(200);
      const first = revisions.json().data.revisions[0] as { id: number };
      const changed = await send('PUT', `/portfolio/projects/${project.id}`, {
        seo_title: 'Another title',
        seo_description: '',
        share_image_url: 'https://cdn.example.com/other.png',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const restore = await send('POST', `/portfolio/projects/${project.id}/revisions/${first.id}/restore`, {});
      expect(restore.statusCode, restore.body).toBe(200);
      expect(seoOf(await staffGet(project.id))).toEqual(seo);
    });
  });
});
