import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import { uploadedFileSchema, type UploadedFile } from '../../shared/contracts/uploads';
import { bearer } from './auth-helpers';

/** One part of a multipart body: a plain field, or a file when it has a file name. */
export interface Part {
  field: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart body built by the platform's own FormData encoder. */
export async function multipart(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.field, String(part.data));
    else
      form.append(
        part.field,
        new Blob([typeof part.data === 'string' ? part.data : new Uint8Array(part.data)], {
          type: part.type ?? 'application/octet-stream',
        }),
        part.filename,
      );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') as string },
  };
}

/** POSTs a multipart body, signed in with `token` unless it is null. */
export async function postMultipart(app: FastifyInstance, url: string, parts: Part[], token: string | null) {
  const { payload, headers } = await multipart(parts);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}

/** Uploads one PNG through POST /api/uploads/single and returns the stored file (201 expected). */
export async function uploadPng(
  app: FastifyInstance,
  token: string,
  filename: string,
  data: Buffer,
): Promise<UploadedFile> {
  const res = await postMultipart(
    app,
    '/api/uploads/single',
    [{ field: 'file', data, filename, type: 'image/png' }],
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return uploadedFileSchema.parse(res.json().data.file);
}

/** A fresh upload folder for one test file's app, removed after its tests. */
export function useUploadDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
