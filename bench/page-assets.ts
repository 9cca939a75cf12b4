import { constants, gzipSync } from 'node:zlib';
import { decodeBody, fetchRaw } from './raw-response';

export const GZIP_LEVEL = constants.Z_BEST_COMPRESSION;

export interface Asset {
  url: string;
  /** How it was found: the HTML (script src, modulepreload, inline module import) or a JS file's static import. */
  foundIn: 'html' | 'import';
  bytes: number;
  gzipBytes: number;
  /** Bytes on the wire from our server with the benchmark's accept-encoding. */
  servedBytes: number;
  servedEncoding: string;
}

export interface PageAssets {
  page: string;
  js: Asset[];
  css: Asset[];
  totals: {
    js: { bytes: number; gzipBytes: number; servedBytes: number };
    css: { bytes: number; gzipBytes: number; servedBytes: number };
  };
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Module specifiers loaded when this code runs: static imports and re-exports, plus import("…") with a literal. */
function importsIn(code: string, includeDynamic: boolean): string[] {
  const found: string[] = [];
  const staticImport = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(staticImport)) if (match[1]) found.push(match[1]);
  if (includeDynamic) {
    for (const match of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) if (match[1]) found.push(match[1]);
  }
  return found;
}

/** Scripts and styles a first visit to `page` downloads, as the HTML references them. */
export function referencedAssets(html: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? '';
    const src = attribute(attrs, 'src');
    if (src) js.push(src);
    // An inline module script runs at once, so what it imports, even with import(), is part of the first load.
    else if (attribute(attrs, 'type') === 'module') js.push(...importsIn(match[2] ?? '', true));
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(match[0], 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attribute(match[0], 'href');
    if (!href) continue;
    if (rel.includes('modulepreload')) js.push(href);
    else if (rel.includes('stylesheet')) css.push(href);
  }
  return { js, css };
}

/**
 * Weighs the JavaScript and CSS a visitor downloads for `page`: every distinct file referenced by the HTML,
 * plus the static imports of those files (modulepreload should already list them; anything found only this
 * way is marked 'import'). Lazy import() inside bundles is not counted: it loads on demand.
 */
export async function weighPageAssets(
  baseUrl: string,
  page: string,
  headers: Record<string, string>,
): Promise<PageAssets> {
  const htmlResponse = await fetchRaw(baseUrl, page, headers);
  if (htmlResponse.status !== 200) throw new Error(`GET ${page} answered ${htmlResponse.status}`);
  const html = decodeBody(htmlResponse).toString('utf8');
  const referenced = referencedAssets(html);

  const weigh = async (url: string, foundIn: Asset['foundIn']): Promise<{ asset: Asset; text: string }> => {
    const raw = await fetchRaw(baseUrl, url, headers);
    if (raw.status !== 200) throw new Error(`GET ${url} (referenced by ${page}) answered ${raw.status}`);
    const body = decodeBody(raw);
    const encoding = raw.headers['content-encoding'];
    return {
      asset: {
        url,
        foundIn,
        bytes: body.length,
        gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).length,
        servedBytes: raw.body.length,
        servedEncoding: typeof encoding === 'string' ? encoding : 'identity',
      },
      text: body.toString('utf8'),
    };
  };

  const pageUrl = new URL(page, baseUrl);
  const js: Asset[] = [];
  const seen = new Set<string>();
  const queue = referenced.js.map((ref) => ({ ref, base: pageUrl, foundIn: 'html' as Asset['foundIn'] }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { ref, base, foundIn } = next;
    const url = new URL(ref, base);
    if (url.origin !== pageUrl.origin) continue; // third-party scripts are not ours to weigh
    const key = url.pathname + url.search;
    if (seen.has(key)) continue;
    seen.add(key);
    const { asset, text } = await weigh(key, foundIn);
    js.push(asset);
    for (const imported of importsIn(text, false)) queue.push({ ref: imported, base: url, foundIn: 'import' });
  }

  const css: Asset[] = [];
  for (const href of new Set(referenced.css)) {
    const url = new URL(href, pageUrl);
    if (url.origin !== pageUrl.origin) continue;
    css.push((await weigh(url.pathname + url.search, 'html')).asset);
  }

  const sum = (assets: Asset[]) => ({
    bytes: assets.reduce((n, a) => n + a.bytes, 0),
    gzipBytes: assets.reduce((n, a) => n + a.gzipBytes, 0),
    servedBytes: assets.reduce((n, a) => n + a.servedBytes, 0),
  });
  return { page, js, css, totals: { js: sum(js), css: sum(css) } };
}
