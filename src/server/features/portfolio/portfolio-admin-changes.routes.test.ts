import { describe, expect, it } from 'vitest';
import { projectDetailSchema, type ProjectDetail } from '../../../shared/contracts/portfolio';
import { projectBulkResultSchema } from '../../../shared/contracts/portfolio-admin';
import { bearer } from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import { validBody, useStaffPortfolioCalls } from './portfolio-admin-testing';

describe.each(testDialects)('the staff portfolio API on %s', (dialect) => {
  const { t, db, tokens, send, create, publicGet, staffGet, rowOf, projectCount } = useStaffPortfolioCalls(dialect);

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
