import { beforeAll, describe, expect, it } from 'vitest';
import { demoImagesDataSchema } from '../../../shared/contracts/uploads';
import { apiCaller, createStaff, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

/* The demo content's pictures in the media library, on every database: listed while shown, with where. */

describe.each(testDialects)('the demo pictures of the media library on %s', (dialect) => {
  const t = useTestApp(dialect);
  let staff: Record<'admin' | 'editor' | 'viewer', Session>;
  beforeAll(async () => {
    staff = await createStaff(t.app, t.db.database.db);
  });
  const { call, ok } = apiCaller(
    () => t.app,
    () => staff.viewer,
  );
  const list = async () => demoImagesDataSchema.parse(await ok('GET', '/uploads/demo-images')).images;

  it('lists each demo picture a post or project shows, with the places, to staff only', async () => {
    expect((await call('GET', '/uploads/demo-images', undefined, null)).statusCode).toBe(401);
    const images = await list();
    const post = await t.db.database.db
      .selectFrom('blog_posts')
      .select(['id', 'title', 'image_url'])
      .where('image_url', 'like', '/demo/%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const shown = images.find((image) => image.url === post.image_url);
    expect(shown).toMatchObject({ name: post.image_url!.slice('/demo/'.length) });
    expect(shown!.usages).toContainEqual({
      kind: 'blog_image',
      label: `Blog post “${post.title}” (featured image)`,
      admin_path: `/admin/blog/${post.id}/edit`,
    });
    expect(images.some((image) => /^\/demo\/project-\d+-gallery-\d\.svg$/.test(image.url))).toBe(true);
    expect(images.map((image) => image.name)).toEqual(
      [...images.map((image) => image.name)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    );

    // A post given its own picture no longer shows the demo one: it leaves the list when nothing else does.
    const others = images.find((image) => image.url === post.image_url)!.usages.length;
    await t.db.database.db
      .updateTable('blog_posts')
      .set({ image_url: '/uploads/own.webp' })
      .where('id', '=', post.id)
      .execute();
    const after = (await list()).find((image) => image.url === post.image_url);
    if (others === 1) expect(after).toBeUndefined();
    else expect(after!.usages).toHaveLength(others - 1);
  });
});
