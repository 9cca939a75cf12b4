import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

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
    layout('routes/admin/protected.tsx', [
      index('routes/admin/tab.tsx', { id: 'admin-index' }),
      route(':tab', 'routes/admin/tab.tsx', { id: 'admin-tab' }),
      route(':tab/*', 'routes/admin/tab.tsx', { id: 'admin-not-found' }),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
