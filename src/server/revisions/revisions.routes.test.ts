import { beforeAll, describe, expect, it } from 'vitest';
import { blogAdminPostSchema, type BlogAdminPost } from '../../shared/contracts/blog-admin';
import { projectDetailSchema, type ProjectDetail } from '../../shared/contracts/portfolio';
import { revisionDetailDataSchema, revisionListDataSchema } from '../../shared/contracts/revisions';
import { ErrorCode } from '../../shared/errors';
import { loadConfig } from '../config';
import { updatePost } from '../features/blog/blog-admin.service';
import { purgeFor } from '../pages/page-purges';
import { apiCaller, createStaff, type Session } from '../testing/auth-helpers';
import { useTestApp } from '../testing/test-app';
import { countRows, testDialects } from '../testing/test-database';

/*
 * Revisions, versions and autosaves of posts, projects and landing-content items (ADR 0041), on every
 * database: kept on each save, trimmed to the retention, restored field by field through the normal save
 * (itself a revision, with redirects and purges), refused to viewers; stale versions refused with nothing
 * changed, and of two saves from one version exactly one wins.
 */

describe.each(testDialects)('revisions and autosave on %s', (dialect) => {
  const t = useTestApp(dialect);
  const db = () => t.db.database.db;
  let viewer: Session;
  let editor: Session;
  let admin: Session;
  let categoryId = 0;
  let otherCategoryId = 0;

  beforeAll(async () => {
    ({ viewer, editor, admin } = await createStaff(t.app, db()));
    const categories = await db().selectFrom('blog_categories').select(['id', 'slug']).execute();
    categoryId = Number(categories.find((c) => c.slug === 'web-dev')!.id);
    otherCategoryId = Number(categories.find((c) => c.slug === 'ai')!.id);
  });

  const { call, ok } = apiCaller(
    () => t.app,
    () => editor,
  );
  const revisionsOf = async (base: string, session: Session = viewer) =>
    revisionListDataSchema.parse(await ok('GET', `${base}/revisions`, undefined, session));

  const postBody = (title: string) => ({
    title,
    slug: title.toLowerCase().replace(/\W+/g, '-'),
    excerpt: 'The first summary.',
    content: '<p>The first <strong>content</strong> of the post, long enough to pass the length check.</p>',
    category_id: categoryId,
    author: 'Jane Writer',
    date: '2026-10-01',
    read_time: '4 min read',
    image_url: 'https://images.example.com/first.jpg',
    tags: ['Alpha', 'Beta'],
    seo_title: 'First SEO title',
    seo_description: 'First SEO description',
    seo_keywords: ['first', 'keyword'],
    published: true,
  });
  const createPost = async (title: string): Promise<BlogAdminPost> =>
    blogAdminPostSchema.parse((await ok('POST', '/blog/posts', postBody(title))).post);
  const staffPost = async (id: number): Promise<BlogAdminPost> =>
    blogAdminPostSchema.parse(await ok('GET', `/blog/posts/${id}`, undefined, viewer));

  /** The fields the editor writes, as staff read them back. */
  const postFields = (post: BlogAdminPost) => ({
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    category_id: post.category_id,
    author: post.author,
    date: post.date,
    read_time: post.read_time,
    image_url: post.image_url,
    tags: post.tags,
    seo_title: post.seo_title,
    seo_description: post.seo_description,
    seo_keywords: post.seo_keywords,
  });

  describe('posts', () => {
    it('keeps every save with its author and changed fields, newest first', async () => {
      const post = await createPost(`Revision list ${dialect}`);
      expect(post.version).toBe(1);
      await ok('PUT', `/blog/posts/${post.id}`, { title: `Revision list ${dialect} (2)`, excerpt: 'Changed.' });
      const list = await revisionsOf(`/blog/posts/${post.id}`);
      expect(list.version).toBe(2);
      expect(list.retention).toBe(50);
      expect(list.revisions.map((r) => [r.kind, r.version])).toEqual([
        ['saved', 2],
        ['created', 1],
      ]);
      const [saved] = list.revisions;
      expect(saved!.changed_fields.sort()).toEqual(['excerpt', 'title']);
      expect(saved!.author).toEqual({ id: editor.user.id, name: editor.user.username });
      // A save that changes nothing keeps no new revision, though the version moves on.
      await ok('PUT', `/blog/posts/${post.id}`, { excerpt: 'Changed.' });
      const again = await revisionsOf(`/blog/posts/${post.id}`);
      expect(again.revisions).toHaveLength(2);
      expect(again.version).toBe(3);
    });

    it('keeps the state found before the first revision as a baseline', async () => {
      const seeded = await db()
        .selectFrom('blog_posts')
        .select(['id', 'title'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await ok('PUT', `/blog/posts/${seeded.id}`, { title: `${seeded.title} (edited)` });
      const list = await revisionsOf(`/blog/posts/${seeded.id}`);
      expect(list.revisions.map((r) => r.kind)).toEqual(['saved', 'baseline']);
      expect(list.revisions[1]!.author).toBeNull();
      const baseline = revisionDetailDataSchema.parse(
        await ok('GET', `/blog/posts/${seeded.id}/revisions/${list.revisions[1]!.id}`, undefined, viewer),
      );
      expect(baseline.revision.snapshot.title).toBe(seeded.title);
      expect(baseline.current.title).toBe(`${seeded.title} (edited)`);
    });

    it('restores the exact fields, as a new revision, leaving a redirect from the changed slug', async () => {
      const title = `Restore me ${dialect}`;
      const original = await createPost(title);
      const first = (await revisionsOf(`/blog/posts/${original.id}`)).revisions[0]!;
      await ok('PUT', `/blog/posts/${original.id}`, {
        title: `${title} rewritten`,
        slug: `${original.slug}-rewritten`,
        excerpt: 'The second summary.',
        content: '<p>Entirely <em>new</em> words in this version.</p><p>And a second paragraph as well.</p>',
        category_id: otherCategoryId,
        author: 'John Editor',
        date: '2026-10-02',
        read_time: '9 min read',
        image_url: 'https://images.example.com/second.jpg',
        tags: ['Gamma'],
        seo_title: 'Second SEO title',
        seo_description: 'Second SEO description',
        seo_keywords: ['second'],
        version: 1,
      });
      const changed = await staffPost(original.id);
      expect(changed.slug).toBe(`${original.slug}-rewritten`);

      const restored = await call('POST', `/blog/posts/${original.id}/revisions/${first.id}/restore`, {
        version: changed.version,
      });
      expect(restored.statusCode, restored.body).toBe(200);
      const after = await staffPost(original.id);
      // Field by field: everything the first revision held is back.
      const expected = postFields(original);
      const actual = postFields(after);
      for (const key of Object.keys(expected) as Array<keyof typeof expected>) {
        expect(actual[key], key).toEqual(expected[key]);
      }
      expect(after.published).toBe(true);
      expect(after.version).toBe(changed.version + 1);

      const list = await revisionsOf(`/blog/posts/${original.id}`);
      expect(list.revisions[0]).toMatchObject({ kind: 'restored', restored_from: first.id });
      expect(list.revisions[0]!.changed_fields).toContain('slug');
      expect(restored.json().data.revision_id).toBe(list.revisions[0]!.id);

      // The address it had in between leads back to the restored one.
      const redirect = await db()
        .selectFrom('redirects')
        .select('target')
        .where('from_path', '=', `/blog/${original.slug}-rewritten`)
        .executeTakeFirst();
      expect(redirect?.target).toBe(`/blog/${original.slug}`);
      const live = await db()
        .selectFrom('redirects')
        .select('id')
        .where('from_path', '=', `/blog/${original.slug}`)
        .executeTakeFirst();
      expect(live).toBeUndefined();
    });

    it('lets viewers read revisions but not restore them; strangers neither', async () => {
      const post = await createPost(`Viewer ${dialect}`);
      const [revision] = (await revisionsOf(`/blog/posts/${post.id}`, viewer)).revisions;
      const restore = `/blog/posts/${post.id}/revisions/${revision!.id}/restore`;
      const refused = await call('POST', restore, {}, viewer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(ErrorCode.FORBIDDEN);
      expect((await call('GET', `/blog/posts/${post.id}/revisions`, undefined, null)).statusCode).toBe(401);
      expect((await call('POST', restore, {}, null)).statusCode).toBe(401);
      expect((await call('POST', restore, {}, admin)).statusCode).toBe(200);
    });

    it('answers 404 for a revision of another item, or an item that does not exist', async () => {
      const a = await createPost(`Mine ${dialect}`);
      const b = await createPost(`Theirs ${dialect}`);
      const [revisionOfB] = (await revisionsOf(`/blog/posts/${b.id}`)).revisions;
      expect((await call('GET', `/blog/posts/${a.id}/revisions/${revisionOfB!.id}`)).statusCode).toBe(404);
      expect((await call('POST', `/blog/posts/${a.id}/revisions/${revisionOfB!.id}/restore`, {})).statusCode).toBe(404);
      expect((await call('GET', '/blog/posts/2147483647/revisions')).statusCode).toBe(404);
    });

    it('trims to the newest revisions kept', async () => {
      const post = await createPost(`Retention ${dialect}`);
      for (let n = 1; n <= 5; n += 1) {
        await updatePost(db(), post.id, { title: `Retention ${dialect} ${n}` }, new Date(), { keep: 3 });
      }
      const list = await revisionsOf(`/blog/posts/${post.id}`);
      expect(list.revisions.map((r) => r.version)).toEqual([6, 5, 4]);
      expect(loadConfig({ REVISIONS_KEEP: '7' }).revisionsKeep).toBe(7);
      expect(() => loadConfig({ REVISIONS_KEEP: '0' })).toThrow(/REVISIONS_KEEP/);
    });

    it('refuses a stale version with 409 and changes nothing', async () => {
      const post = await createPost(`Stale ${dialect}`);
      await ok('PUT', `/blog/posts/${post.id}`, { title: `Stale ${dialect} by someone else`, version: 1 });
      const before = await staffPost(post.id);
      const revisions = await countRows(db(), 'revisions');
      const res = await call('PUT', `/blog/posts/${post.id}`, {
        title: `Stale ${dialect} mine`,
        slug: `stale-${dialect}-mine`,
        version: 1,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(ErrorCode.STALE_VERSION);
      expect(res.json().message).toMatch(/version 1.*version is 2/);
      expect(await staffPost(post.id)).toEqual(before);
      expect(await countRows(db(), 'revisions')).toBe(revisions);
      // Without a version the save goes through as before.
      expect((await call('PUT', `/blog/posts/${post.id}`, { title: `Stale ${dialect} forced` })).statusCode).toBe(200);
      // A switch in the list is a change too: a form loaded before it is stale.
      const loaded = await staffPost(post.id);
      await ok('PATCH', `/blog/posts/${post.id}/published`, { published: false });
      const late = await call('PUT', `/blog/posts/${post.id}`, { title: 'Late', version: loaded.version });
      expect(late.statusCode).toBe(409);
    });

    it('lets exactly one of two saves from the same version win', async () => {
      const post = await createPost(`Race ${dialect}`);
      const results = await Promise.all(
        ['one', 'two'].map((who) =>
          call('PUT', `/blog/posts/${post.id}`, { title: `Race ${dialect} ${who}`, version: post.version }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json().data.post.title;
      expect((await staffPost(post.id)).title).toBe(winner);
      expect((await staffPost(post.id)).version).toBe(2);
    });

    it('purges the pages a normal save purges, and nothing for an autosave', () => {
      const purgeOf = (method: string, url: string, params: Record<string, string>) =>
        purgeFor(t.app.routeAccess.find((r) => r.method === method && r.url === url)?.config, params).tags;
      const url = '/api/blog/posts/:id/revisions/:revisionId/restore';
      expect(purgeOf('POST', url, { id: '5', revisionId: '9' })).toEqual(['posts', 'post:5']);
      expect(purgeOf('POST', '/api/portfolio/projects/:id/revisions/:revisionId/restore', { id: '3' })).toEqual([
        'projects',
        'project:3',
      ]);
      expect(purgeOf('POST', '/api/team/:id/revisions/:revisionId/restore', { id: '3' })).toEqual(['landing']);
      expect(purgeOf('PUT', '/api/autosaves/:kind/:item', { kind: 'post', item: '3' })).toEqual([]);
    });

    it('forgets the revisions and drafts of a deleted post', async () => {
      const post = await createPost(`Deleted ${dialect}`);
      await ok('PUT', `/autosaves/post/${post.id}`, { data: { title: 'draft' }, version: 1 });
      await ok('DELETE', `/blog/posts/${post.id}`);
      const left = await db()
        .selectFrom('revisions')
        .select('id')
        .where('item_type', '=', 'blog_posts')
        .where('item_id', '=', post.id)
        .execute();
      expect(left).toEqual([]);
      expect(await db().selectFrom('autosaves').select('id').where('item_id', '=', post.id).execute()).toEqual([]);
    });
  });

  describe('projects', () => {
    const projectBody = {
      title: `Harbor Tracker ${dialect}`,
      text: 'Live shipment tracking.',
      description: 'We built a tracking portal.\n\nIt replaced spreadsheets.',
      client: 'Harbor Freight Co.',
      industry: 'Manufacturing',
      category: 'Web',
      technologies: ['React', 'Node.js'],
      results: 'Enquiries fell by 40 percent.',
      technical_specs: 'Postgres, queues.',
      status: 'done',
      completion_date: '2026-05-01',
      image_url: 'https://images.example.com/harbor.jpg',
      live_url: 'https://harbor.example.com',
      case_study_url: 'https://example.com/case',
      gallery: [{ url: 'https://images.example.com/g1.jpg', title: 'Dashboard' }],
      team: [{ name: 'Ana', role: 'Lead', bio: 'Builds things.', image: null }],
      testimonials: [{ name: 'Bo', position: 'CTO', company: 'Harbor', text: 'Great.', rating: 4 }],
      colorful: true,
      featured: true,
    };
    const staffProject = async (id: number): Promise<ProjectDetail> =>
      projectDetailSchema.parse((await ok('GET', `/portfolio/projects/${id}`, undefined, viewer)).project);
    const fields = (p: ProjectDetail) => {
      const { likes: _l, updated_at: _u, version: _v, testimonials, ...rest } = p;
      return { ...rest, testimonials: testimonials.map(({ id: _id, ...t }) => t) };
    };

    it('restores the exact fields and keeps the publication state', async () => {
      const created = projectDetailSchema.parse((await ok('POST', '/portfolio/projects', projectBody)).project);
      expect(created.version).toBe(1);
      const [first] = (await revisionsOf(`/portfolio/projects/${created.id}`)).revisions;
      await ok('PUT', `/portfolio/projects/${created.id}`, {
        title: 'Renamed',
        text: 'Other text.',
        description: null,
        technologies: ['Go'],
        status: 'progress',
        gallery: [],
        team: [],
        testimonials: [],
        colorful: false,
        version: 1,
      });
      await ok('PATCH', `/portfolio/projects/${created.id}/featured`, { featured: false });
      const changed = await staffProject(created.id);
      expect(changed.version).toBe(3);
      const list = await revisionsOf(`/portfolio/projects/${created.id}`);
      expect(list.revisions[0]!.changed_fields).toEqual(
        expect.arrayContaining(['title', 'short_description', 'technologies', 'gallery', 'team', 'colorful']),
      );

      await ok('POST', `/portfolio/projects/${created.id}/revisions/${first!.id}/restore`, { version: 3 });
      const after = await staffProject(created.id);
      const expected = fields({ ...created, featured: false });
      const actual = fields(after);
      for (const key of Object.keys(expected) as Array<keyof typeof expected>) {
        expect(actual[key], key).toEqual(expected[key]);
      }
      expect((await revisionsOf(`/portfolio/projects/${created.id}`)).revisions[0]).toMatchObject({
        kind: 'restored',
        restored_from: first!.id,
      });
    });

    it('refuses a stale version; of two saves from one version exactly one wins', async () => {
      const created = projectDetailSchema.parse(
        (await ok('POST', '/portfolio/projects', { ...projectBody, title: `Race ${dialect}` })).project,
      );
      const results = await Promise.all(
        ['one', 'two'].map((who) =>
          call('PUT', `/portfolio/projects/${created.id}`, { title: `Race ${who}`, version: created.version }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json().code).toBe(ErrorCode.STALE_VERSION);
      const after = await staffProject(created.id);
      expect(after.title).toBe(results.find((r) => r.statusCode === 200)!.json().data.project.title);
      expect(after.version).toBe(2);
      expect((await call('POST', `/portfolio/projects/${created.id}/revisions/1/restore`, {}, viewer)).statusCode).toBe(
        403,
      );
    });
  });

  describe('landing content', () => {
    it('keeps revisions of an item, restores its fields and lists, and leaves its visibility', async () => {
      const created = await ok('POST', '/team', {
        name: `Zara ${dialect}`,
        position: 'QA Engineer',
        bio: 'Tests everything twice.',
        skills: ['Playwright', 'Vitest'],
        linkedin: 'https://www.linkedin.com/in/zara',
        email: 'zara@example.com',
      });
      expect(created.version).toBe(1);
      const id = created.id as number;
      await ok('PUT', `/team/${id}`, { name: `Zara ${dialect}`, position: 'Lead QA', skills: ['k6'], version: 1 });
      await ok('PATCH', `/team/${id}/visibility`, { active: false });
      const list = await revisionsOf(`/team/${id}`);
      expect(list.version).toBe(3);
      expect(list.revisions.map((r) => r.kind)).toEqual(['saved', 'created']);
      expect(list.revisions[0]!.changed_fields.sort()).toEqual(['bio', 'email', 'linkedin', 'position', 'skills']);

      const stale = await call('PUT', `/team/${id}`, { name: 'Nobody', position: 'None', version: 2 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe(ErrorCode.STALE_VERSION);

      const restore = await call('POST', `/team/${id}/revisions/${list.revisions[1]!.id}/restore`, { version: 3 });
      expect(restore.statusCode, restore.body).toBe(200);
      const items = (await ok('GET', '/team/admin', undefined, viewer)) as Array<Record<string, unknown>>;
      const item = items.find((candidate) => candidate.id === id)!;
      expect(item).toMatchObject({
        name: `Zara ${dialect}`,
        position: 'QA Engineer',
        bio: 'Tests everything twice.',
        skills: ['Playwright', 'Vitest'],
        social: {
          linkedin: 'https://www.linkedin.com/in/zara',
          github: null,
          twitter: null,
          email: 'zara@example.com',
        },
        active: false,
        version: 4,
      });
      expect(
        (await call('POST', `/team/${id}/revisions/${list.revisions[1]!.id}/restore`, {}, viewer)).statusCode,
      ).toBe(403);
    });

    it('restores a service with its flags', async () => {
      const created = await ok('POST', '/services', { title: 'Hosting', text: 'We host.', featured: true });
      const [first] = (await revisionsOf(`/services/${created.id}`)).revisions;
      await ok('PUT', `/services/${created.id}`, { title: 'Hosting 2', text: 'We host more.', light: true });
      await ok('POST', `/services/${created.id}/revisions/${first!.id}/restore`, {});
      const items = (await ok('GET', '/services/admin', undefined, viewer)) as Array<Record<string, unknown>>;
      expect(items.find((item) => item.id === created.id)).toMatchObject({
        title: 'Hosting',
        text: 'We host.',
        featured: true,
        light: false,
      });
    });
  });
});
