import { describe, expect, it } from 'vitest';
import type { UploadVariant } from './uploads';
import { buildSrcSet, ogImageUrl, responsiveSourcesFromUrl } from './image-variants';
import {
  UploadHint,
  UploadStatusMessage,
  checkSelectedFiles,
  formatFileSize,
  uploadErrorMessage,
} from './uploads.values';

describe('uploadErrorMessage (the messages by status)', () => {
  it('uses the server message for 400 and unlisted statuses, the fixed text otherwise', () => {
    expect(uploadErrorMessage(400, 'Invalid file name(s): a/b.png.')).toBe('Invalid file name(s): a/b.png.');
    expect(uploadErrorMessage(400, '')).toBe(UploadStatusMessage[400]);
    expect(uploadErrorMessage(401, 'x')).toBe(UploadStatusMessage[401]);
    expect(uploadErrorMessage(403, 'x')).toBe(UploadStatusMessage[403]);
    expect(uploadErrorMessage(429)).toBe(UploadStatusMessage[429]);
    expect(uploadErrorMessage(503)).toBe(UploadStatusMessage[503]);
    expect(uploadErrorMessage(418, 'I am a teapot')).toBe('I am a teapot');
    expect(uploadErrorMessage(502)).toBe('Upload failed with status 502. Please try again.');
  });

  it('appends the hint that matches the text', () => {
    expect(uploadErrorMessage(0)).toBe(`${UploadStatusMessage.NETWORK} ${UploadHint.network}`);
    expect(uploadErrorMessage(413)).toBe(`${UploadStatusMessage[413]} ${UploadHint.size}`);
    expect(uploadErrorMessage(400, 'File size 12MB exceeds maximum allowed size of 10MB')).toBe(
      `File size 12MB exceeds maximum allowed size of 10MB ${UploadHint.size}`,
    );
    expect(uploadErrorMessage(415)).toBe(`${UploadStatusMessage[415]} ${UploadHint.type}`);
    expect(UploadHint.type).not.toContain('SVG');
  });
});

describe("checkSelectedFiles (the upload component's own checks)", () => {
  const image = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });

  it('names each problem with its text', () => {
    expect(checkSelectedFiles([])).toBe('No files selected');
    expect(checkSelectedFiles([image('a.png'), image('b.png')])).toBe('Only one file allowed for single upload');
    expect(
      checkSelectedFiles(
        Array.from({ length: 6 }, (_, i) => image(`${i}.png`)),
        { multiple: true },
      ),
    ).toBe('Maximum 5 files allowed. You selected 6 files.');
    expect(checkSelectedFiles([image('a.pdf', 10, 'application/pdf')])).toBe(
      'Invalid file type(s): a.pdf. Only image files (JPEG, PNG, GIF, WebP) are allowed.',
    );
    expect(checkSelectedFiles([image('logo.svg', 10, 'image/svg+xml')])).toMatch(/^SVG files are not accepted/);
    expect(checkSelectedFiles([image('big.png', 11 * 1024 * 1024)])).toBe(
      'File(s) too large: big.png. Maximum size is 10MB per file.',
    );
    expect(checkSelectedFiles([image('a:b.png')])).toMatch(/^Invalid file name\(s\): a:b\.png\./);
    expect(checkSelectedFiles([image(`${'x'.repeat(256)}.png`)])).toMatch(/^Invalid file name/);
    expect(checkSelectedFiles([image('fine photo.png')])).toBeNull();
  });
});

describe('responsive image helpers', () => {
  const variant = (label: string, format: 'avif' | 'webp', width: number): UploadVariant => ({
    label,
    format,
    width,
    height: width,
    size: 1,
    url: `/uploads/thumbnails/${label}/abc.${format}`,
  });

  it('builds one candidate per real width, leaving out the social-card crop', () => {
    const variants = [
      variant('1280w', 'webp', 800),
      variant('320w', 'webp', 320),
      variant('640w', 'webp', 640),
      variant('og', 'webp', 1200),
      variant('320w', 'avif', 320),
    ];
    expect(buildSrcSet(variants, 'webp')).toBe(
      '/uploads/thumbnails/320w/abc.webp 320w, /uploads/thumbnails/640w/abc.webp 640w, /uploads/thumbnails/1280w/abc.webp 800w',
    );
    expect(buildSrcSet([...variants, variant('1280w', 'avif', 320)], 'avif')).toBe(
      '/uploads/thumbnails/320w/abc.avif 320w',
    );
  });

  it('derives the sizes of an uploaded image from its URL, and nothing for other addresses', () => {
    const sources = responsiveSourcesFromUrl('/uploads/files/0123abcd.jpg', '50vw');
    expect(sources).toEqual({
      src: '/uploads/files/0123abcd.jpg',
      sizes: '50vw',
      avif: '/uploads/thumbnails/320w/0123abcd.avif 320w, /uploads/thumbnails/640w/0123abcd.avif 640w, /uploads/thumbnails/1280w/0123abcd.avif 1280w',
      webp: '/uploads/thumbnails/320w/0123abcd.webp 320w, /uploads/thumbnails/640w/0123abcd.webp 640w, /uploads/thumbnails/1280w/0123abcd.webp 1280w',
    });
    expect(responsiveSourcesFromUrl('/uploads/files/0123abcd.pdf')).toBeNull();
    expect(responsiveSourcesFromUrl('https://cdn.example.com/uploads/files/0123abcd.jpg')).toBeNull();
    expect(responsiveSourcesFromUrl('/images/hero.jpg')).toBeNull();
    expect(responsiveSourcesFromUrl(null)).toBeNull();
    expect(ogImageUrl('/uploads/files/0123abcd.png')).toBe('/uploads/thumbnails/og/0123abcd.webp');
    expect(ogImageUrl('https://example.com/a.png')).toBe('https://example.com/a.png');
  });

  it('formats sizes in Bytes, KB, MB and GB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(500)).toBe('500 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});
