/**
 * What `npm run bench` loads. Add a path here and it gets its own row (ours vs the bare server);
 * `pagesForAssets` names the pages whose JavaScript and CSS download is weighed.
 */
import { demoBlogPosts } from '../src/server/seed/demo-blog-posts';
import { demoProjects } from '../src/server/seed/demo-projects';

export interface Target {
  /** Label in the table and the JSON. */
  name: string;
  /** Path requested with GET; must answer 2xx. */
  path: string;
}

/** A published demo post, present in every bench database. */
const articleSlug = demoBlogPosts.find((p) => p.published)?.slug;
if (!articleSlug) throw new Error('bench: the demo content has no published blog post');
export const articlePath = `/blog/${articleSlug}`;

/** A published demo project. */
const projectSlug = demoProjects.find((p) => p.published)?.slug;
if (!projectSlug) throw new Error('bench: the demo content has no published project');
export const projectPath = `/portfolio/${projectSlug}`;

export const targets: Target[] = [
  { name: 'home page', path: '/' },
  { name: 'company API', path: '/api/company' },
  { name: 'health API', path: '/api/health' },
  { name: 'blog list page', path: '/blog' },
  { name: 'blog article page', path: articlePath },
  { name: 'blog posts API', path: '/api/blog/posts?limit=10' },
  { name: 'portfolio list page', path: '/portfolio' },
  { name: 'portfolio project page', path: projectPath },
  { name: 'portfolio projects API', path: '/api/portfolio/projects?limit=6' },
];

export const pagesForAssets = ['/', articlePath, '/portfolio'];
/** Pages whose image download is measured in Chromium (first screen and whole page). */
export const pagesForImages = ['/portfolio'];

/** Sent with every request, like a browser would (BENCH_ACCEPT_ENCODING overrides accept-encoding). */
export const requestHeaders = {
  'accept-encoding': 'gzip, br',
};
