/** Load settings (from the environment) and one autocannon run, shared by both bench modes. */
import autocannon, { type Options, type Result } from 'autocannon';
import { GZIP_LEVEL } from './page-assets';
import { requestHeaders } from './targets';

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

export const settings = {
  connections: positiveInt('BENCH_CONNECTIONS', 20),
  durationSeconds: positiveInt('BENCH_DURATION', 10),
  warmupSeconds: positiveInt('BENCH_WARMUP', 2),
  pipelining: 1,
  headers: {
    ...requestHeaders,
    'accept-encoding': process.env.BENCH_ACCEPT_ENCODING || requestHeaders['accept-encoding'],
  },
  gzipLevelForPageWeight: GZIP_LEVEL,
};

export interface LoadFigures {
  reqPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  bytesPerSec: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** What one autocannon run measured, in the benches' own terms. */
export function figures(result: Result): LoadFigures {
  return {
    reqPerSec: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: result.latency.average,
    bytesPerSec: result.throughput.average,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Warm-up, then the measured run, with the settings above. `request` sends something other than a plain
 * GET (method, body, more headers, or per-request `requests` such as a rotating client address).
 */
export async function load(
  url: string,
  request: Pick<Options, 'method' | 'body' | 'headers' | 'requests'> = {},
  overrides: { connections?: number } = {},
): Promise<LoadFigures> {
  const common = {
    url,
    connections: overrides.connections ?? settings.connections,
    pipelining: settings.pipelining,
    ...request,
    headers: { ...settings.headers, ...request.headers },
  };
  await autocannon({ ...common, duration: settings.warmupSeconds });
  return figures(await autocannon({ ...common, duration: settings.durationSeconds }));
}

/** Requests that did not succeed during a run: errors, timeouts and non-2xx answers. */
export const failures = (f: LoadFigures) => f.errors + f.timeouts + f.non2xx;
