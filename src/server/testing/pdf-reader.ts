import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';

/*
 * Reading a PDF back in tests, with poppler (pdfinfo, pdftotext, pdftoppm: Debian's poppler-utils, which
 * .ci/run installs) and jsQR for the QR code on a rendered page. Used by the certificate PDF's API tests
 * and the browser journey that downloads it.
 */

const run = promisify(execFile);

/** pdfinfo's fields, e.g. { Pages: '1', 'Page size': '841.89 x 595.28 pts (A4)', Title: ... }. */
export async function pdfInfo(file: string): Promise<Record<string, string>> {
  const { stdout } = await run('pdfinfo', ['-enc', 'UTF-8', file]);
  return Object.fromEntries(
    stdout
      .split('\n')
      .filter((line) => line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]),
  );
}

/** The text of every page, in reading order. */
export async function pdfText(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout;
}

/** The first page as a PNG at `dpi`, written beside the PDF (`keep` names where instead); returns its path. */
export async function pdfPagePng(file: string, dpi = 150, keep?: string): Promise<string> {
  const prefix = keep
    ? keep.replace(/\.png$/, '')
    : path.join(path.dirname(file), `${path.basename(file, '.pdf')}-page`);
  await run('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', file, prefix]);
  return `${prefix}.png`;
}

/** The text of the QR code on the PDF's first page, decoded from a 150 dpi rendering; null when none is found. */
export async function pdfQrCode(file: string): Promise<string | null> {
  const png = await pdfPagePng(file);
  try {
    const { data, info } = await sharp(await readFile(png))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
    return jsQR(pixels, info.width, info.height)?.data ?? null;
  } finally {
    await rm(png, { force: true });
  }
}
