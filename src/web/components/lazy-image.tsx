import { useEffect, useRef, useState, type CSSProperties, type ReactElement } from 'react';
import { preload } from 'react-dom';
import { cn } from '../lib/cn';
import { Skeleton } from './skeleton';

/** Spec section 9: start loading when about 10 % is visible, 50 px early. */
export const LAZY_IMAGE_THRESHOLD = 0.1;
export const LAZY_IMAGE_ROOT_MARGIN = '50px';
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

export type LazyImageState = 'loading' | 'loaded' | 'failed';

export interface LazyImageProps {
  src: string;
  alt: string;
  /** Intrinsic size; reserves the box (with aspect ratio) so nothing jumps when the image arrives. */
  width?: number;
  height?: number;
  /** CSS aspect ratio such as '16 / 9', when width/height are not known. */
  aspectRatio?: string;
  srcSet?: string;
  /** The same widths as srcSet in AVIF: offered first, to browsers that decode it (smaller files). */
  avifSrcSet?: string;
  sizes?: string;
  /** Shown when the image fails to load. */
  placeholderSrc?: string;
  className?: string;
  imgClassName?: string;
  /** Load at once (above the fold); skips the visibility wait. */
  eager?: boolean;
  /**
   * The page's main image (hero, first card): in the server HTML, loaded at once with high fetch
   * priority, and shown as soon as it paints (no fade-in waiting for hydration).
   */
  priority?: boolean;
  onStateChange?: (state: LazyImageState) => void;
}

/**
 * An image that shows a skeleton while loading, starts loading when it is about to be seen, and
 * falls back to a placeholder when it fails. Crawlers and no-JS visitors get a plain lazy <img>.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  aspectRatio,
  srcSet,
  avifSrcSet,
  sizes,
  placeholderSrc = PLACEHOLDER_IMAGE,
  className,
  imgClassName,
  eager,
  priority,
  onStateChange,
}: LazyImageProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const [visible, setVisible] = useState(Boolean(priority));
  if (priority) {
    // A preload React puts at the top of <head>, ahead of the script preloads, so the main image is not
    // queued behind them; for the format the <picture> below will pick (AVIF where the browser has it).
    preload(src, {
      as: 'image',
      fetchPriority: 'high',
      ...(avifSrcSet ? { imageSrcSet: avifSrcSet, type: 'image/avif' } : srcSet ? { imageSrcSet: srcSet } : {}),
      ...(sizes && (avifSrcSet || srcSet) ? { imageSizes: sizes } : {}),
    });
  }
  const [state, setState] = useState<LazyImageState>('loading');

  useEffect(() => {
    if (eager || priority || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const box = boxRef.current;
    if (!box) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: LAZY_IMAGE_THRESHOLD, rootMargin: LAZY_IMAGE_ROOT_MARGIN },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [eager, priority]);

  // A new source starts over.
  useEffect(() => {
    setState('loading');
  }, [src]);

  useEffect(() => {
    onStateChange?.(state);
  }, [state, onStateChange]);

  // A cached image can finish before React attaches onLoad.
  useEffect(() => {
    const img = imgRef.current;
    if (visible && img?.complete && state === 'loading') {
      setState(img.naturalWidth > 0 ? 'loaded' : 'failed');
    }
  }, [visible, state]);

  const ratio = aspectRatio ?? (width && height ? `${width} / ${height}` : undefined);
  const style: CSSProperties | undefined = ratio ? { aspectRatio: ratio } : undefined;
  const failed = state === 'failed';
  const imgClasses = cn('absolute inset-0 size-full object-cover', imgClassName);

  return (
    <div
      ref={boxRef}
      data-state={state}
      className={cn('relative overflow-hidden bg-slate-100', !ratio && 'min-h-24', className)}
      style={style}
    >
      {state === 'loading' && <Skeleton still={!visible} className="absolute inset-0 rounded-none" />}
      {visible && (
        <Picture avifSrcSet={failed ? undefined : avifSrcSet} sizes={sizes}>
          <img
            ref={imgRef}
            key={failed ? 'placeholder' : src}
            src={failed ? placeholderSrc : src}
            srcSet={failed ? undefined : srcSet}
            sizes={failed ? undefined : sizes}
            alt={alt}
            width={width}
            height={height}
            decoding={priority ? undefined : 'async'}
            loading={priority ? 'eager' : undefined}
            fetchPriority={priority ? 'high' : undefined}
            onLoad={() => setState((s) => (s === 'loading' ? 'loaded' : s))}
            onError={() => setState('failed')}
            className={cn(
              imgClasses,
              !priority && 'transition-opacity duration-300',
              !priority && state === 'loading' ? 'opacity-0' : 'opacity-100',
            )}
          />
        </Picture>
      )}
      {!visible && (
        <noscript>
          <Picture avifSrcSet={avifSrcSet} sizes={sizes}>
            <img
              src={src}
              srcSet={srcSet}
              sizes={sizes}
              alt={alt}
              width={width}
              height={height}
              loading="lazy"
              decoding="async"
              className={imgClasses}
            />
          </Picture>
        </noscript>
      )}
    </div>
  );
}

/** The <img> alone, or inside a <picture> that offers the AVIF sizes first (laid out as if absent). */
function Picture({ avifSrcSet, sizes, children }: { avifSrcSet?: string; sizes?: string; children: ReactElement }) {
  if (!avifSrcSet) return children;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
      {children}
    </picture>
  );
}
