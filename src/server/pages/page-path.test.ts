import { describe, expect, it } from 'vitest';
import { isPagePath, resolvedPath } from './page-path';

describe('request paths with dot segments', () => {
  it.each([
    ['/admin/../blog', '/blog'],
    ['/admin/%2e%2e/blog', '/blog'],
    ['/admin/%2E%2E/blog?page=2', '/blog'],
    ['/admin/.%2e/blog', '/blog'],
    ['/assets/../', '/'],
    ['/images/../', '/'],
    ['/demo/..', '/'],
    ['/admin/../blog.data', '/blog.data'],
    ['/admin/..\\blog', '/blog'],
    ['/admin/./../portfolio/x', '/portfolio/x'],
    ['/../..//evil.example/x', '/evil.example/x'],
  ])('resolves %s to %s, a public page', (url, path) => {
    expect(resolvedPath(url)).toBe(path);
    expect(isPagePath(url)).toBe(true);
  });

  it.each(['/blog', '/blog/v1.2.3', '/blog/...', '/admin/users', '/api/blog/posts?x=..', '/uploads/files/a..b.png'])(
    'leaves %s as it is',
    (url) => {
      expect(resolvedPath(url)).toBe(url.split('?')[0]);
    },
  );

  it('keeps the staff and file areas out of maintenance, resolved or not', () => {
    for (const url of ['/admin', '/admin/blog', '/api/health', '/assets/x.js', '/uploads/a.png', '/blog/../admin/x'])
      expect(isPagePath(url), url).toBe(false);
  });
});
