import { request } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';

describe("requests Node's parser refuses", () => {
  const t = useTestApp('sqlite', { seed: false });

  it('answers a head that took too long with 408 in the error envelope and closes the connection', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const serverSide = new Promise<Socket>((resolve) => t.app.server.once('connection', resolve));
    const client = connect(Number(new URL(address).port), '127.0.0.1');
    let received = '';
    client.on('data', (chunk) => (received += chunk.toString()));
    const closed = new Promise((resolve) => client.once('close', resolve));
    client.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    const socket = await serverSide;
    // What Node raises once headersTimeout/requestTimeout pass (its check runs every 30 s by default).
    t.app.server.emit('clientError', Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    await closed;
    const [head, body] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(head).toMatch(/\r\nConnection: close$/);
    expect(JSON.parse(body ?? '')).toEqual({
      success: false,
      code: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive.',
    });
  });

  it('answers HEAD with an over-long address as 431 with no body, so the client can read the answer', async () => {
    // Listening since the test above.
    const { port } = t.app.server.address() as AddressInfo;
    const answers = await Promise.all(
      (['GET', 'HEAD'] as const).map(
        (method) =>
          new Promise<{ status?: number; body: string }>((resolve, reject) => {
            const req = request({ host: '127.0.0.1', port, method, path: `/?q=${'x'.repeat(20_000)}` }, (res) => {
              let body = '';
              res.on('data', (chunk: Buffer) => (body += chunk.toString()));
              res.on('end', () => resolve({ status: res.statusCode, body }));
            });
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    expect(answers[0]?.status).toBe(431);
    expect(JSON.parse(answers[0]?.body ?? '')).toMatchObject({ success: false, code: 'HEADERS_TOO_LARGE' });
    expect(answers[1]).toEqual({ status: 431, body: '' });
  });
});
