/*
 * Where an uploaded image's resized copies live and how a page asks for them (responsive sources, the
 * social-card crop). Its own module, apart from uploads.values, so that every public page showing an
 * image does not also load the admin's upload limits and messages.
 */

/** Resized copies of every image: widths (never upscaled) and the 1200x630 social-card crop. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1280] as const;
export const OG_VARIANT = { label: 'og', width: 1200, height: 630 } as const;
export const variantFormats = ['avif', 'webp'] as const;
export type VariantFormat = (typeof variantFormats)[number];
export const variantLabels = [...IMAGE_VARIANT_WIDTHS.map((w) => `${w}w` as const), OG_VARIANT.label] as const;

/** One resized copy as the API answers it: the shape of uploads.ts's UploadVariant, without its schema. */
export interface ImageVariant {
  /** '320w', '640w', '1280w' or 'og'. */
  label: string;
  format: VariantFormat;
  width: number;
  height: number;
  size: number;
  url: string;
}

// ---------------------------------------------------------------------------------------------------
// URLs

export const UPLOADS_PATH = '/uploads';
export const uploadFileUrl = (filename: string) => `${UPLOADS_PATH}/files/${filename}`;
export const uploadVariantUrl = (label: string, filename: string) => `${UPLOADS_PATH}/thumbnails/${label}/${filename}`;

const UPLOAD_URL_PATTERN = /^\/uploads\/files\/([a-z0-9]+)\.(jpg|png|gif|webp)(?:[?#].*)?$/;

// ---------------------------------------------------------------------------------------------------
// Responsive images

/** `url 320w, url 640w, ...` for one format; the og crop is not a width candidate. */
export function buildSrcSet(variants: readonly ImageVariant[], format: VariantFormat): string {
  const byWidth = new Map<number, ImageVariant>();
  // A narrow original yields the same width under several labels: one candidate per width.
  for (const v of variants) {
    if (v.format === format && v.label !== OG_VARIANT.label && !byWidth.has(v.width)) byWidth.set(v.width, v);
  }
  return [...byWidth.values()]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

export interface ResponsiveSources {
  avif: string;
  webp: string;
  /** The fallback src (the original). */
  src: string;
  sizes: string;
}

/** Sources for a <picture> from an uploaded file's variants; null when it has none (PDF, external image). */
export function responsiveSources(
  file: { url: string; variants: readonly ImageVariant[] },
  sizes = '100vw',
): ResponsiveSources | null {
  if (file.variants.length === 0) return null;
  return { avif: buildSrcSet(file.variants, 'avif'), webp: buildSrcSet(file.variants, 'webp'), src: file.url, sizes };
}

/**
 * Sources from an image URL alone (e.g. a blog post's image_url): uploaded images always have every width
 * label in both formats, named after the original. A label names the target width: a narrower original
 * keeps its own width under the larger labels, so the browser never gets a blurred upscale.
 * Null for anything that is not an uploaded image.
 */
export function responsiveSourcesFromUrl(url: string | null | undefined, sizes = '100vw'): ResponsiveSources | null {
  const match = url ? UPLOAD_URL_PATTERN.exec(url) : null;
  if (!url || !match) return null;
  const stem = match[1] as string;
  const srcset = (format: VariantFormat) =>
    IMAGE_VARIANT_WIDTHS.map((w) => `${uploadVariantUrl(`${w}w`, `${stem}.${format}`)} ${w}w`).join(', ');
  return { avif: srcset('avif'), webp: srcset('webp'), src: url, sizes };
}

/** The 1200x630 social-card image of an uploaded image URL (WebP), or the URL itself otherwise. */
export function ogImageUrl(url: string): string {
  const match = UPLOAD_URL_PATTERN.exec(url);
  return match ? uploadVariantUrl(OG_VARIANT.label, `${match[1]}.webp`) : url;
}
