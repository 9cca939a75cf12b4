import { describe, expect, it } from 'vitest';
import { projectDetailSchema, type ProjectDetail } from '../../../shared/contracts/portfolio';
import { testDialects } from '../../testing/test-database';
import { validBody, useStaffPortfolioCalls } from './portfolio-admin-testing';

describe.each(testDialects)('the staff portfolio API on %s', (dialect) => {
  const { db, tokens, send, create, publicGet, staffGet, rowOf, projectCount } = useStaffPortfolioCalls(dialect);

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
});
