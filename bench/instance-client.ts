/**
 * The client side of `npm run bench -- --instances`: requests with binary bodies, a round-robin "load
 * balancer" that retries a request on the other instance when it got no answer or a 503 (what a load
 * balancer does), the bench admin's sign-in, and the multipart body of an image upload.
 */
import http from 'node:http';
import { BENCH_ADMIN, nextAddress } from './api-bench';

export interface Spec {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/** What became of one attempt: a complete answer, or the socket error that ended it. */
export interface Reply {
  status?: number;
  body?: Buffer;
  error?: string;
}

const ATTEMPT_TIMEOUT_MS = 30_000;

export function request(baseUrl: string, spec: Spec, agent: http.Agent | false = false): Promise<Reply> {
  return new Promise<Reply>((resolve) => {
    const headers: Record<string, string> = { ...spec.headers };
    const body = typeof spec.body === 'string' ? Buffer.from(spec.body) : spec.body;
    if (body !== undefined) headers['content-length'] = String(body.length);
    const { hostname, port } = new URL(baseUrl);
    const req = http.request({ hostname, port, path: spec.path, method: spec.method ?? 'GET', headers, agent });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ status: res.statusCode, error: error.code ?? error.message }),
      );
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.setTimeout(ATTEMPT_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`)));
    req.end(body);
  });
}

/** Worth sending to the other instance: no answer at all (refused, reset, hang-up) or 503 (starting, draining). */
export const retryable = (reply: Reply) => reply.error !== undefined || reply.status === 503;

export interface Balanced {
  reply: Reply;
  /** Index of the instance that gave the final answer. */
  via: number;
  retried: boolean;
  /** The first attempt's outcome when it was retried. */
  firstOutcome?: string;
}

export const outcomeOf = (reply: Reply) => reply.error ?? String(reply.status);

/**
 * Round robin over the instances' addresses (read at each request, so a restarted instance on the same
 * port is used again at once); one retry on the next instance when the first attempt is retryable.
 */
export class Balancer {
  private next = 0;
  private readonly agents: http.Agent[];

  constructor(private readonly baseUrls: () => string[]) {
    this.agents = baseUrls().map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }));
  }

  async send(spec: Spec): Promise<Balanced> {
    const urls = this.baseUrls();
    const first = this.next % urls.length;
    this.next += 1;
    const reply = await request(urls[first]!, spec, this.agents[first]);
    if (!retryable(reply)) return { reply, via: first, retried: false };
    const second = (first + 1) % urls.length;
    const again = await request(urls[second]!, spec, this.agents[second]);
    return { reply: again, via: second, retried: true, firstOutcome: outcomeOf(reply) };
  }

  close() {
    for (const agent of this.agents) agent.destroy();
  }
}

export const jsonSpec = (method: string, path: string, body: unknown, token?: string): Spec => ({
  method,
  path,
  headers: {
    'content-type': 'application/json',
    'x-forwarded-for': nextAddress(),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(body),
});

export function parseJson<T>(reply: Reply): T {
  return JSON.parse(reply.body?.toString('utf8') ?? 'null') as T;
}

/** The bench admin's access token, signed in on this instance (from an address of its own). */
export async function signIn(baseUrl: string): Promise<string> {
  const reply = await request(
    baseUrl,
    jsonSpec('POST', '/api/auth/login', { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  );
  if (reply.status !== 200) throw new Error(`sign-in failed: ${outcomeOf(reply)} ${reply.body?.toString('utf8')}`);
  return parseJson<{ data: { token: string } }>(reply).data.token;
}

/** A multipart/form-data body with one image in the field `file` (POST /api/uploads/single). */
export async function multipartImage(image: Buffer, filename: string): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), filename);
  const req = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type') as string };
}
