import { type RouteConfig, type RouteConfigEntry, index, layout, route } from '@react-router/dev/routes';

/**
 * The signed-in admin's pages, one route per tab and a child route per sub-page (ADR 0052). They match the
 * case of their paths exactly, so /admin/Blog is an unknown page (the admin's own not-found panel), and
 * anything no route names falls to the last one, that panel too.
 */
const staffPages: RouteConfigEntry[] = [
  index('routes/admin/overview.tsx', { id: 'admin-index' }),
  route('overview', 'routes/admin/overview.tsx', { id: 'admin-overview' }),
  // The Overview's other name, where the admin goes after sign-in.
  route('dashboard', 'routes/admin/overview.tsx', { id: 'admin-dashboard' }),
  route('blog', 'routes/admin/blog.tsx', [
    index('routes/admin/blog.posts.tsx'),
    route('new', 'routes/admin/blog.editor.tsx', { id: 'admin-blog-new' }),
    route(':id/edit', 'routes/admin/blog.editor.tsx', { id: 'admin-blog-edit' }),
    route('categories', 'routes/admin/blog.categories.tsx'),
    route('comments', 'routes/admin/blog.comments.tsx'),
    route('subscribers', 'routes/admin/blog.subscribers.tsx'),
  ]),
  route('portfolio', 'routes/admin/portfolio.tsx', [
    index('routes/admin/portfolio.list.tsx'),
    route('new', 'routes/admin/portfolio.editor.tsx', { id: 'admin-portfolio-new' }),
    route(':id/edit', 'routes/admin/portfolio.editor.tsx', { id: 'admin-portfolio-edit' }),
  ]),
  route('certification', 'routes/admin/certification.tsx', [
    index('routes/admin/certification.list.tsx'),
    route('new', 'routes/admin/certification.editor.tsx', { id: 'admin-certification-new' }),
    route(':id/edit', 'routes/admin/certification.editor.tsx', { id: 'admin-certification-edit' }),
  ]),
  route('content', 'routes/admin/content.tsx', [
    // The company information; /admin/content/company names it too.
    index('routes/admin/content.section.tsx', { id: 'admin-content-index' }),
    route(':section', 'routes/admin/content.section.tsx', { id: 'admin-content-section' }),
  ]),
  route('contacts', 'routes/admin/contacts.tsx'),
  route('analytics', 'routes/admin/analytics.tsx'),
  route('media', 'routes/admin/media.tsx'),
  route('settings', 'routes/admin/settings.tsx'),
  route('*', 'routes/admin/not-found.tsx', { id: 'admin-not-found' }),
];

const exactCase = (entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries.map(({ children, ...entry }) => ({
    ...entry,
    caseSensitive: true,
    ...(children ? { children: exactCase(children) } : {}),
  }));

export default [
  index('routes/home.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('portfolio', 'routes/portfolio.tsx'),
  route('portfolio/:slug', 'routes/portfolio-project.tsx'),
  route('verify-certificate', 'routes/verify-certificate.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  // The quote form's old address: a redirect to /#get-quote.
  route('contact', 'routes/contact.tsx'),
  // The admin renders in the browser only (see routes/admin/layout.tsx) and is code-split from the site.
  route('admin', 'routes/admin/layout.tsx', [
    route('login', 'routes/admin/login.tsx'),
    route('reset-password', 'routes/admin/reset-password.tsx'),
    layout('routes/admin/protected.tsx', exactCase(staffPages)),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
