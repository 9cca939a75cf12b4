import http from 'node:http';
import type { RawResponseMessage } from './raw-response';

/**
 * The baseline: a plain node:http server in its own process that answers each benchmarked path with
 * bytes recorded from our server (same status, headers and compressed body), straight from memory.
 * Started by run.ts with fork(); it receives the responses over IPC and reports its port back.
 * It exits when the parent goes away, so a crashed benchmark leaves nothing running.
 */
interface Prepared {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

const responses = new Map<string, Prepared>();

const server = http.createServer((req, res) => {
  const prepared = responses.get(req.url ?? '');
  if (!prepared) {
    res.writeHead(404, { 'content-length': '0' });
    res.end();
    return;
  }
  res.writeHead(prepared.status, prepared.headers);
  res.end(prepared.body);
});
server.keepAliveTimeout = 72_000;

process.once('message', (message: RawResponseMessage[]) => {
  for (const m of message) {
    const body = Buffer.from(m.bodyBase64, 'base64');
    responses.set(m.path, {
      status: m.status,
      headers: { ...m.headers, 'content-length': String(body.length) },
      body,
    });
  }
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
});

process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
