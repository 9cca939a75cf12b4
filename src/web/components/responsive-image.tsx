import { responsiveSourcesFromUrl } from '../../shared/contracts/image-variants';
import { LazyImage, PLACEHOLDER_IMAGE, type LazyImageProps } from './lazy-image';

export interface ResponsiveImageProps extends Omit<LazyImageProps, 'src' | 'srcSet'> {
  /** Any image address; null or empty shows the placeholder. */
  src: string | null | undefined;
  /** How wide the image is drawn, for the browser's pick among the generated widths. */
  sizes?: string;
}

/**
 * A LazyImage that, for an uploaded image (/uploads/files/...), offers the generated widths (320w,
 * 640w, 1280w) in AVIF and then WebP, so phones never download the original; any other address (demo SVGs,
 * external images) is used as it is. Space is reserved by aspectRatio (or width/height), a skeleton
 * shows while loading and the placeholder replaces a broken image. `priority` for the first image a
 * visitor sees (server-rendered, eager, fetchpriority=high); the rest load when they come near view.
 */
export function ResponsiveImage({ src, sizes = '100vw', ...rest }: ResponsiveImageProps) {
  const address = src || PLACEHOLDER_IMAGE;
  const sources = responsiveSourcesFromUrl(address, sizes);
  return (
    <LazyImage
      {...rest}
      src={address}
      srcSet={sources?.webp}
      avifSrcSet={sources?.avif}
      sizes={sources ? sources.sizes : undefined}
    />
  );
}
