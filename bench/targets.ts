/**
 * What `npm run bench` loads. Add a path here and it gets its own row (ours vs the bare server);
 * `pageForAssets` names the page whose JavaScript and CSS download is weighed.
 */
export interface Target {
  /** Label in the table and the JSON. */
  name: string;
  /** Path requested with GET; must answer 2xx. */
  path: string;
}

export const targets: Target[] = [
  { name: 'home page', path: '/' },
  { name: 'company API', path: '/api/company' },
  { name: 'health API', path: '/api/health' },
];

export const pageForAssets = '/';

/** Sent with every request, like a browser would (BENCH_ACCEPT_ENCODING overrides accept-encoding). */
export const requestHeaders = {
  'accept-encoding': 'gzip, br',
};
