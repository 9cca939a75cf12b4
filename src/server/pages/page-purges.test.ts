import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { purgeFor } from './page-purges';

/*
 * What every write through the API purges from the page cache (ADR 0020) and whether it may change the
 * redirects table (ADR 0039), written out route by route, with each path parameter given as `<name>-1`:
 * `all` every page, an empty string none, `+local` this instance only, `+redirects` the table read again.
 * A new write route must be added here on purpose.
 */
const WRITES: Record<string, string> = {
  'PUT /api/company': 'company',
  'PUT /api/company/seo': 'seo',
  'POST /api/company/revisions/:revisionId/restore': 'company',
  'POST /api/company/seo/revisions/:revisionId/restore': 'seo',
  'POST /api/services': 'landing',
  'PUT /api/services/order': 'landing',
  'PUT /api/services/:id': 'landing',
  'PATCH /api/services/:id/visibility': 'landing',
  'DELETE /api/services/:id': 'landing',
  'POST /api/team': 'landing',
  'PUT /api/team/order': 'landing',
  'PUT /api/team/:id': 'landing',
  'PATCH /api/team/:id/visibility': 'landing',
  'DELETE /api/team/:id': 'landing',
  'POST /api/testimonials': 'landing',
  'PUT /api/testimonials/order': 'landing',
  'PUT /api/testimonials/:id': 'landing',
  'PATCH /api/testimonials/:id/visibility': 'landing',
  'DELETE /api/testimonials/:id': 'landing',
  'POST /api/packages': 'landing',
  'PUT /api/packages/order': 'landing',
  'PUT /api/packages/:id': 'landing',
  'PATCH /api/packages/:id/visibility': 'landing',
  'DELETE /api/packages/:id': 'landing',
  'POST /api/internships': 'landing',
  'PUT /api/internships/order': 'landing',
  'PUT /api/internships/:id': 'landing',
  'PATCH /api/internships/:id/visibility': 'landing',
  'DELETE /api/internships/:id': 'landing',
  'POST /api/tech-stack': 'landing',
  'PUT /api/tech-stack/order': 'landing',
  'PUT /api/tech-stack/:id': 'landing',
  'PATCH /api/tech-stack/:id/visibility': 'landing',
  'DELETE /api/tech-stack/:id': 'landing',
  'POST /api/blog/search': '',
  'POST /api/blog/posts/:slugOrId/view': '',
  'POST /api/blog/posts/:slugOrId/like': 'post:slugOrId-1 +local',
  'POST /api/blog/posts/:slugOrId/comments': 'post:slugOrId-1',
  'POST /api/blog/posts': 'posts +redirects',
  'DELETE /api/blog/posts/bulk': 'posts +redirects',
  'PUT /api/blog/posts/:id': 'posts post:id-1 +redirects',
  'DELETE /api/blog/posts/:id': 'posts post:id-1 +redirects',
  'PATCH /api/blog/posts/:id/featured': 'posts post:id-1 +redirects',
  'PATCH /api/blog/posts/:id/published': 'posts post:id-1 +redirects',
  'PATCH /api/blog/order': 'posts +redirects',
  'PATCH /api/blog/bulk': 'posts +redirects',
  'POST /api/blog/categories': 'posts +redirects',
  'PUT /api/blog/categories/:id': 'posts post:id-1 +redirects',
  'DELETE /api/blog/categories/:id': 'posts post:id-1 +redirects',
  'PUT /api/blog/comments/moderation': 'comments +redirects',
  'PATCH /api/blog/comments/bulk': 'comments +redirects',
  'PATCH /api/blog/comments/:id': 'comments +redirects',
  'DELETE /api/blog/comments/:id': 'comments +redirects',
  'POST /api/portfolio/projects/:slugOrId/like': 'project:slugOrId-1 +local',
  'POST /api/portfolio/projects/search': '',
  'POST /api/portfolio/projects': 'projects +redirects',
  'PUT /api/portfolio/projects/:id': 'projects project:id-1 +redirects',
  'DELETE /api/portfolio/projects/:id': 'projects project:id-1 +redirects',
  'PATCH /api/portfolio/projects/:id/featured': 'projects project:id-1 +redirects',
  'PATCH /api/portfolio/projects/:id/published': 'projects project:id-1 +redirects',
  'PATCH /api/portfolio/order': 'projects +redirects',
  'PATCH /api/portfolio/projects/order': 'projects +redirects',
  'PATCH /api/portfolio/bulk': 'projects +redirects',
  'PATCH /api/portfolio/projects/bulk': 'projects +redirects',
  'DELETE /api/portfolio/projects/bulk': 'projects +redirects',
  'POST /api/newsletter/posts/:id/send/test': '',
  'POST /api/newsletter/posts/:id/send': '',
  'POST /api/newsletter/subscribe': '',
  'DELETE /api/newsletter/subscribers/:id': '',
  'POST /api/analytics/pageview': '',
  'POST /api/analytics/event': '',
  'DELETE /api/analytics': '',
  'POST /api/contacts': '',
  'POST /api/contacts/admin/search': '',
  'PATCH /api/contacts/admin/bulk': '',
  'PATCH /api/contacts/admin/:id/read': '',
  'PATCH /api/contacts/admin/:id/unread': '',
  'PATCH /api/contacts/admin/:id/assign': '',
  'PATCH /api/contacts/:id/status': '',
  'PATCH /api/contacts/:id/priority': '',
  'PATCH /api/contacts/admin/:id/priority': '',
  'PATCH /api/contacts/:id/notes': '',
  'PATCH /api/contacts/:id': '',
  'DELETE /api/contacts/:id': '',
  'POST /api/contacts/:id/replies': '',
  'PUT /api/contacts/:id/follow-up': '',
  'POST /api/certificates': '',
  'POST /api/certificates/import/preview': '',
  'POST /api/certificates/import': '',
  'PUT /api/certificates/:id': '',
  'POST /api/certificates/:id/revoke': '',
  'DELETE /api/certificates/:id': '',
  'PATCH /api/notifications/read-all': '',
  'PATCH /api/notifications/:id/read': '',
  'PATCH /api/notifications/:id/unread': '',
  'DELETE /api/notifications/:id': '',
  'DELETE /api/notifications': '',
  'PUT /api/notifications/preferences': '',
  'PUT /api/system/settings': 'all',
  'POST /api/system/test-email': 'all',
  'POST /api/system/site-pass': '',
  'DELETE /api/system/site-pass': '',
  'POST /api/auth/login': '',
  'POST /api/auth/refresh': '',
  'POST /api/auth/logout': '',
  'PUT /api/auth/profile': '',
  'PUT /api/auth/change-password': '',
  'POST /api/auth/forgot-password': '',
  'POST /api/auth/reset-password': '',
  'POST /api/auth/verify-email': '',
  'POST /api/auth/register': '',
  'PATCH /api/auth/users/:id/status': '',
  'PATCH /api/auth/users/:id/role': '',
  'DELETE /api/auth/users/:id': '',
  'POST /api/auth/login/two-factor': '',
  'POST /api/auth/login/two-factor/setup': '',
  'POST /api/auth/login/two-factor/enable': '',
  'POST /api/auth/two-factor/setup': '',
  'POST /api/auth/two-factor/enable': '',
  'POST /api/auth/two-factor/disable': '',
  'POST /api/auth/two-factor/recovery-codes': '',
  'PUT /api/auth/two-factor/policy': '',
  'DELETE /api/auth/users/:id/two-factor': '',
  'POST /api/auth/passkeys/authentication-options': '',
  'POST /api/auth/passkeys/authenticate': '',
  'POST /api/auth/passkeys/registration-options': '',
  'POST /api/auth/passkeys': '',
  'PATCH /api/auth/passkeys/:id': '',
  'DELETE /api/auth/passkeys/:id': '',
  'DELETE /api/auth/users/:id/passkeys': '',
  'PUT /api/auth/app-settings': '',
  'POST /api/uploads/single': '',
  'POST /api/uploads/multiple': '',
  'POST /api/uploads/image': '',
  'POST /api/uploads/search': '',
  'POST /api/uploads/unused/sweep': '',
  'DELETE /api/uploads/bulk': 'all',
  'PUT /api/uploads/:id': '',
  'DELETE /api/uploads/:id': 'all',
  'POST /api/portfolio/upload/main': '+redirects',
  'POST /api/portfolio/upload/gallery': 'projects +redirects',
  'DELETE /api/portfolio/upload/:file': 'all +redirects',
  'POST /api/backups': '',
  'PUT /api/backups/schedule': '',
  'POST /api/backups/import': '',
  'POST /api/backups/:id/download-link': '',
  'POST /api/backups/:id/restore': 'all +local +redirects',
  'DELETE /api/backups/:id': '',
  'POST /api/redirects': 'all +redirects',
  'DELETE /api/redirects/:id': 'all +redirects',
  'POST /api/blog/posts/:id/revisions/:revisionId/restore': 'posts post:id-1 +redirects',
  'POST /api/portfolio/projects/:id/revisions/:revisionId/restore': 'projects project:id-1 +redirects',
  'POST /api/services/:id/revisions/:revisionId/restore': 'landing',
  'POST /api/team/:id/revisions/:revisionId/restore': 'landing',
  'POST /api/testimonials/:id/revisions/:revisionId/restore': 'landing',
  'POST /api/packages/:id/revisions/:revisionId/restore': 'landing',
  'POST /api/internships/:id/revisions/:revisionId/restore': 'landing',
  'POST /api/tech-stack/:id/revisions/:revisionId/restore': 'landing',
  'PUT /api/autosaves/:kind/:item': '',
  'DELETE /api/autosaves/:kind/:item': '',
};

/**
 * The write routes that declare no purge, and so purge every page: on purpose, written out here, so that a
 * new route cannot forget to declare what it changes without a test failing.
 */
const PURGING_ALL_BY_DEFAULT = ['POST /api/system/test-email'];

/** Every method the API's catch-all answers 404 to: it changes nothing, and declares nothing. */
const isCatchAll = (url: string) => url === '/api/*';

describe('the writes through the API', () => {
  const t = useTestApp('sqlite', { seed: false });
  const writes = () =>
    t.app.routeAccess.filter(
      (r) => r.url.startsWith('/api/') && !isCatchAll(r.url) && !['GET', 'HEAD', 'OPTIONS'].includes(r.method),
    );

  it('purge the pages and read the redirects their routes declare', () => {
    const found = Object.fromEntries(
      writes().map((route) => {
        const params = Object.fromEntries([...route.url.matchAll(/:(\w+)/g)].map(([, name]) => [name!, `${name}-1`]));
        const { tags, local } = purgeFor(route.config, params);
        const redirects = route.access !== 'public' && route.config.changesRedirects === true;
        const text = [tags === 'all' ? 'all' : tags.join(' '), local && '+local', redirects && '+redirects'];
        return [`${route.method} ${route.url}`, text.filter((part) => part !== false && part !== '').join(' ')];
      }),
    );
    expect(found).toEqual(WRITES);
  });

  it('each declare what they purge, but for the listed ones, which purge every page', () => {
    const undeclared = writes()
      .filter((route) => route.config.purges === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared.sort()).toEqual([...PURGING_ALL_BY_DEFAULT].sort());
  });

  it('purge every page when they declare nothing', () => {
    expect(purgeFor({}, {})).toEqual({ tags: 'all', local: false });
    expect(purgeFor(undefined, {})).toEqual({ tags: 'all', local: false });
  });
});
