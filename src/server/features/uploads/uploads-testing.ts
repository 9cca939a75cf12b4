import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import { uploadedFileSchema, type UploadedFile } from '../../../shared/contracts/uploads';
import type { DialectName } from '../../db/database';
import { bearer, createSignedIn, type Session } from '../../testing/auth-helpers';
import { postMultipart, useUploadDir, type Part } from '../../testing/multipart';
import { useTestApp } from '../../testing/test-app';
import { countRows } from '../../testing/test-database';

export const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .jpeg()
    .toBuffer();
export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

export const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);
export const PHP = Buffer.from('<?php system($_GET["cmd"]); ?>\n');
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The app of the upload tests on a fresh, unseeded database with an upload folder of its own, a session for
 * each staff role, and the calls they share.
 */
export function useUploadCalls(dialect: DialectName) {
  const uploadDir = useUploadDir('uploads-test-');
  const t = useTestApp(dialect, { seed: false, env: { UPLOAD_DIR: uploadDir } });
  const db = () => t.db.database.db;
  const staff = {} as { editor: Session; admin: Session; viewer: Session };

  beforeAll(async () => {
    staff.editor = await createSignedIn(t.app, db(), { role: 'editor' });
    staff.admin = await createSignedIn(t.app, db(), { role: 'admin' });
    staff.viewer = await createSignedIn(t.app, db(), { role: 'viewer' });
  });

  const send = (url: string, parts: Part[], token: string | null = staff.editor.token) =>
    postMultipart(t.app, `/api/uploads${url}`, parts, token);

  async function uploadOne(data: Buffer, filename: string, extra: Part[] = []): Promise<UploadedFile> {
    const res = await send('/single', [...extra, { field: 'file', data, filename, type: 'image/jpeg' }]);
    expect(res.statusCode, res.body).toBe(201);
    return uploadedFileSchema.parse(res.json().data.file);
  }

  const json = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object, token = staff.editor.token) =>
    t.app.inject({ method, url: `/api/uploads${url}`, payload, headers: bearer(token) });
  const onDisk = (url: string) => path.join(uploadDir, url.replace(/^\/uploads\//, ''));
  const uploadCount = () => countRows(db(), 'uploads');

  return { uploadDir, t, db, staff, send, uploadOne, json, onDisk, uploadCount };
}
