/**
 * One 8-megapixel JPEG through the upload pipeline: `node --import tsx bench/upload-8mp.ts`.
 *
 * The image goes through the real route (POST /api/uploads/image, via app.inject on a throw-away
 * SQLite database and upload folder): multipart reading, content check, the clean original and the
 * eight sizes (320/640/1280 wide and the 1200x630 crop, each AVIF and WebP), storage and the rows.
 * Prints the wall time of that one request and the process's peak resident memory before and after.
 * A warm-up upload of a small image loads libvips first, so the figure is the work, not the start-up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { buildApp } from '../src/server/app';
import { UPLOAD_FIGURES_PREFIX } from './environment';
import { photo } from './photo';
import { loadConfig } from '../src/server/config';
import { bearer, createSignedIn } from '../src/server/testing/auth-helpers';
import { createTestDatabase } from '../src/server/testing/test-database';

const WIDTH = 3264;
const HEIGHT = 2448;

async function multipart(image: Buffer, filename: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') as string,
  };
}

const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

export interface UploadFigures {
  width: number;
  height: number;
  inputMiB: number;
  storedMiB: number;
  variants: number;
  ms: number;
  libvipsThreads: number;
  peakRssBeforeMiB: number;
  peakRssAfterMiB: number;
}

async function measure(): Promise<UploadFigures> {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'bench-upload-'));
  const database = await createTestDatabase('sqlite');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: uploadDir,
    UPLOAD_DIR: uploadDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  });
  const app = await buildApp(config, { database: database.database, logger: false });
  try {
    await app.ready();
    const { token } = await createSignedIn(app, database.database.db, { role: 'editor' });
    const upload = async (image: Buffer, filename: string) => {
      const { payload, contentType } = await multipart(image, filename);
      const res = await app.inject({
        method: 'POST',
        url: '/api/uploads/image',
        payload,
        headers: { 'content-type': contentType, ...bearer(token) },
      });
      if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
      return res.json().data.file as { size: number; variants: unknown[] };
    };

    await upload(await photo(640, 480), 'warm-up.jpg');
    const image = await photo(WIDTH, HEIGHT);
    const rssBefore = peakRssMb();
    const started = performance.now();
    const file = await upload(image, 'eight-megapixels.jpg');
    const ms = performance.now() - started;
    const rssAfter = peakRssMb();

    const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;
    return {
      width: WIDTH,
      height: HEIGHT,
      inputMiB: mib(image.length),
      storedMiB: mib(file.size),
      variants: file.variants.length,
      ms: Math.round(ms),
      libvipsThreads: sharp.concurrency(),
      peakRssBeforeMiB: Math.round(rssBefore),
      peakRssAfterMiB: Math.round(rssAfter),
    };
  } finally {
    await app.close();
    await database.drop();
    rmSync(uploadDir, { recursive: true, force: true });
  }
}

const figures = await measure();
if (process.argv.includes('--json')) console.log(UPLOAD_FIGURES_PREFIX + JSON.stringify(figures));
else {
  console.log(`upload-8mp: ${figures.width}x${figures.height} JPEG, ${figures.inputMiB} MiB in`);
  console.log(`  stored original ${figures.storedMiB} MiB, ${figures.variants} variants`);
  console.log(`  time ${figures.ms} ms (libvips threads: ${figures.libvipsThreads})`);
  console.log(`  peak RSS ${figures.peakRssBeforeMiB} MiB before, ${figures.peakRssAfterMiB} MiB after`);
}
