import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { collectionSpecs, isContentSection } from '../../features/admin-content/content-specs';
import routes from '../../routes';

/** The route table as the router sees it: ids as React Router gives them (the file's path without extension). */
const toRouteObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map((entry) => {
    const id = entry.id ?? entry.file.replace(/\.[^.]+$/, '');
    const common = { id, path: entry.path, caseSensitive: entry.caseSensitive };
    return entry.index ? { ...common, index: true } : { ...common, children: toRouteObjects(entry.children ?? []) };
  });
const table = toRouteObjects(routes);

/** The id of the deepest route a path resolves to, and its parameters. */
function resolve(path: string) {
  const matches = matchRoutes(table, path) ?? [];
  const leaf = matches.at(-1);
  return { id: leaf?.route.id, params: { ...leaf?.params } };
}

describe('the admin route table', () => {
  it.each([
    ['/admin', 'admin-index'],
    ['/admin/', 'admin-index'],
    ['/admin/overview', 'admin-overview'],
    ['/admin/dashboard', 'admin-dashboard'],
    ['/admin/blog', 'routes/admin/blog.posts'],
    ['/admin/blog/', 'routes/admin/blog.posts'],
    ['/admin/blog/new', 'admin-blog-new'],
    ['/admin/blog/42/edit', 'admin-blog-edit'],
    ['/admin/blog/categories', 'routes/admin/blog.categories'],
    ['/admin/blog/categories/', 'routes/admin/blog.categories'],
    ['/admin/blog/comments', 'routes/admin/blog.comments'],
    ['/admin/blog/subscribers', 'routes/admin/blog.subscribers'],
    ['/admin/portfolio', 'routes/admin/portfolio.list'],
    ['/admin/portfolio/new', 'admin-portfolio-new'],
    ['/admin/portfolio/12/edit', 'admin-portfolio-edit'],
    ['/admin/certification', 'routes/admin/certification.list'],
    ['/admin/certification/new', 'admin-certification-new'],
    ['/admin/certification/12/edit', 'admin-certification-edit'],
    ['/admin/content', 'admin-content-index'],
    ['/admin/content/seo', 'admin-content-section'],
    ['/admin/contacts', 'routes/admin/contacts'],
    ['/admin/analytics', 'routes/admin/analytics'],
    ['/admin/media', 'routes/admin/media'],
    ['/admin/settings', 'routes/admin/settings'],
    ['/admin/login', 'routes/admin/login'],
    ['/admin/reset-password', 'routes/admin/reset-password'],
  ])('%s is %s', (path, id) => {
    expect(resolve(path).id).toBe(id);
  });

  it('hands the edit pages their id and the Content tab its section', () => {
    expect(resolve('/admin/blog/42/edit').params.id).toBe('42');
    expect(resolve('/admin/portfolio/7/edit').params.id).toBe('7');
    for (const section of ['company', 'seo', ...collectionSpecs.map((spec) => spec.path)]) {
      expect(resolve(`/admin/content/${section}`).params.section).toBe(section);
      expect(isContentSection(section)).toBe(true);
    }
    // The tab's layout answers an id or a section that names nothing with the admin's not-found panel.
    expect(resolve('/admin/blog/abc/edit')).toMatchObject({ id: 'admin-blog-edit', params: { id: 'abc' } });
    expect(isContentSection('drafts')).toBe(false);
  });

  it("sends every other path under /admin to the admin's not-found page", () => {
    for (const [path, rest] of [
      ['/admin/nope', 'nope'],
      ['/admin/Blog', 'Blog'],
      ['/admin/blog/drafts', 'blog/drafts'],
      ['/admin/blog/42', 'blog/42'],
      ['/admin/blog/42/edit/x', 'blog/42/edit/x'],
      ['/admin/blog/new/x', 'blog/new/x'],
      ['/admin/blog/subscribers/7', 'blog/subscribers/7'],
      ['/admin/portfolio/12', 'portfolio/12'],
      ['/admin/content/seo/x', 'content/seo/x'],
      ['/admin/overview/x', 'overview/x'],
      ['/admin/dashboard/x', 'dashboard/x'],
      ['/admin/settings/users', 'settings/users'],
    ]) {
      expect(resolve(path!)).toEqual({ id: 'admin-not-found', params: { '*': rest } });
    }
  });

  it('leaves the public pages to their own routes', () => {
    expect(resolve('/blog/hello').id).toBe('routes/blog-post');
    expect(resolve('/nothing-here').id).toBe('routes/not-found');
  });
});
