import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/*
 * The bytes of a page as the page cache sends them (ADR 0020, ADR 0025): brotli and gzip, the encoding a
 * request accepts, the strong ETag of each representation and If-None-Match.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * How a page going into the cache is compressed, on the request that fills it: brotli 5 and gzip 6 take
 * 1–3 ms for a 50–140 KB page where brotli 9 took 13–30 ms (100 ms and more under load), for under 2 % more
 * bytes. A miss then costs about what an uncached render does (ADR 0035).
 */
export const CACHED_COMPRESSION = { brotliQuality: 5, gzipLevel: 6 } as const;
/**
 * How a page that is not kept is compressed, on every request (cache off, staff, signed in, not storable):
 * a few ms for 160 KB, ~10 % more bytes than the cached encodings (ADR 0025).
 */
export const LIGHT_COMPRESSION = { brotliQuality: 4, gzipLevel: 6 } as const;

export function brotliOptions(body: Buffer, quality: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

/** Once per cached page, on the request that fills it. */
export async function compressForCache(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, brotliOptions(body, CACHED_COMPRESSION.brotliQuality)),
    gzip(body, { level: CACHED_COMPRESSION.gzipLevel }),
  ]);
  return { br, gzip: gz };
}

/** Every request for a page that is not kept: the light settings. */
export async function compressLight(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  if (encoding === 'br') return brotli(body, brotliOptions(body, LIGHT_COMPRESSION.brotliQuality));
  return gzip(body, { level: LIGHT_COMPRESSION.gzipLevel });
}

/** The encoding to send: brotli, then gzip, when the client accepts them (q > 0), else the bytes as they are. */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (!value) return 'identity';
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.toLowerCase().startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name.toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', br: '-br', gzip: '-gz' };

/** Strong ETag per representation: the identity bytes' hash, plus the encoding (the bytes differ). */
export function etagFor(hash: string, encoding: Encoding): string {
  return `"${hash}${ETAG_SUFFIX[encoding]}"`;
}

/** Whether If-None-Match names this page in any encoding (a browser that switches encoding still gets 304). */
export function matchesIfNoneMatch(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    if (tag === '*') return true;
    const bare = tag.replace(/^W\//, '').replace(/^"|"$/g, '');
    return bare === hash || bare === `${hash}-br` || bare === `${hash}-gz`;
  });
}

export function hashOf(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 32);
}
