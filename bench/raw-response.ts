import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** A response exactly as it came over the wire: body still compressed, headers as sent. */
export interface RawResponse {
  path: string;
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Headers that describe the connection or the moment, not the response; the bare server sets its own. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/** GET without any decoding (fetch would decompress), so the bytes are the ones our server sent. */
export function fetchRaw(baseUrl: string, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(path, baseUrl), { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined && !CONNECTION_HEADERS.has(name)) kept[name] = value;
        }
        resolve({ path, status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${path} timed out`)));
  });
}

/** The form a RawResponse takes over the IPC channel to the bare server. */
export interface RawResponseMessage {
  path: string;
  status: number;
  headers: Record<string, string | string[]>;
  bodyBase64: string;
}

/** The body as the browser sees it once Content-Encoding is undone. */
export function decodeBody(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  switch (typeof encoding === 'string' ? encoding.trim().toLowerCase() : 'identity') {
    case 'br':
      return brotliDecompressSync(response.body);
    case 'gzip':
      return gunzipSync(response.body);
    case 'deflate':
      return inflateSync(response.body);
    case 'identity':
      return response.body;
    default:
      throw new Error(`${response.path}: unknown content-encoding ${String(encoding)}`);
  }
}
