import { useEffect, useRef, useState } from 'react';
import { responsiveSourcesFromUrl } from '../../../shared/contracts/image-variants';
import { cn } from '../../lib/cn';
import { PLACEHOLDER_IMAGE } from '../lazy-image';

export interface ArticleHeroImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
}

/**
 * The article's main image, in the server HTML so it can be the page's largest paint. A missing or
 * broken image shows the stock placeholder instead (also when it failed before hydration).
 */
export function ArticleHeroImage({ src, alt, className }: ArticleHeroImageProps) {
  const imgRef = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !src || failedSrc === src;
  // Uploaded images come in generated widths: phones get a small one, not the original.
  const sources = failed ? undefined : responsiveSourcesFromUrl(src, '(min-width: 1024px) 896px, 100vw');

  useEffect(() => {
    const img = imgRef.current;
    if (src && img?.complete && img.naturalWidth === 0) setFailedSrc(src);
  }, [src]);

  return (
    <div
      className={cn(
        'relative aspect-[16/9] overflow-hidden rounded-2xl bg-slate-100 shadow-sm ring-1 ring-slate-200',
        className,
      )}
    >
      <img
        ref={imgRef}
        key={failed ? 'placeholder' : src}
        src={failed ? PLACEHOLDER_IMAGE : src}
        srcSet={sources?.webp}
        sizes={sources?.sizes}
        alt={alt}
        width={1200}
        height={675}
        fetchPriority="high"
        decoding="async"
        data-failed={failed ? '' : undefined}
        onError={() => {
          if (src) setFailedSrc(src);
        }}
        className="absolute inset-0 size-full object-cover"
      />
    </div>
  );
}
