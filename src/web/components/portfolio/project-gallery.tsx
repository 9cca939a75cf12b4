import { ChevronLeft, ChevronRight, Expand, Pause, Play, X } from '../icons';
import { useCallback, useEffect, useState } from 'react';
import type { ProjectGalleryImage } from '../../../shared/contracts/portfolio';
import { responsiveSourcesFromUrl } from '../../../shared/contracts/image-variants';
import { ModalDialog } from '../dialog';
import { PLACEHOLDER_IMAGE } from '../lazy-image';
import { ResponsiveImage } from '../responsive-image';
import { cn } from '../../lib/cn';
import { useProjectOutline } from './project-outline';

/** Slideshow interval (spec 01, section 9). */
export const SLIDESHOW_INTERVAL_MS = 5000;

const wrap = (index: number, count: number) => ((index % count) + count) % count;

const roundButton =
  'grid size-10 place-items-center rounded-full bg-white/90 text-slate-900 shadow-md ring-1 ring-slate-900/10 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

function counterText(index: number, count: number) {
  return `Image ${index + 1} of ${count}`;
}

function altOf(image: ProjectGalleryImage, index: number, projectTitle: string) {
  return image.title || `${projectTitle}, image ${index + 1}`;
}

/** The full-size image of the viewer: uploaded images offer their generated widths; a broken one the placeholder. */
function FullImage({ image, alt }: { image: ProjectGalleryImage; alt: string }) {
  const [failed, setFailed] = useState(false);
  const sources = failed ? null : responsiveSourcesFromUrl(image.url, '100vw');
  return (
    <img
      key={failed ? 'placeholder' : image.url}
      src={failed ? PLACEHOLDER_IMAGE : image.url}
      srcSet={sources?.webp}
      sizes={sources?.sizes}
      alt={alt}
      decoding="async"
      onError={() => setFailed(true)}
      className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
    />
  );
}

function Thumbnails({
  images,
  index,
  projectTitle,
  onSelect,
  dark,
}: {
  images: ProjectGalleryImage[];
  index: number;
  projectTitle: string;
  onSelect: (index: number) => void;
  dark?: boolean;
}) {
  return (
    <ul aria-label="Gallery thumbnails" className="flex gap-2 overflow-x-auto p-1">
      {images.map((image, i) => (
        <li key={`${image.url}-${i}`} className="shrink-0">
          <button
            type="button"
            onClick={() => onSelect(i)}
            aria-label={`Show image ${i + 1}${image.title ? `: ${image.title}` : ''}`}
            aria-current={i === index ? 'true' : undefined}
            className={cn(
              'block w-20 overflow-hidden rounded-lg ring-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 sm:w-24',
              i === index
                ? 'ring-brand-500'
                : dark
                  ? 'opacity-60 ring-transparent hover:opacity-100'
                  : 'opacity-70 ring-transparent hover:opacity-100',
            )}
          >
            <ResponsiveImage src={image.url} alt={altOf(image, i, projectTitle)} aspectRatio="16 / 10" sizes="96px" />
          </button>
        </li>
      ))}
    </ul>
  );
}

interface ViewerModalProps {
  open: boolean;
  images: ProjectGalleryImage[];
  index: number;
  projectTitle: string;
  onSelect: (index: number) => void;
  onClose: () => void;
}

/**
 * The full-screen viewer on the shared ModalDialog (the page behind is inert, Esc closes it, focus
 * returns to the opener); ArrowLeft/ArrowRight change the image.
 */
function ViewerModal({ open, images, index, projectTitle, onSelect, onClose }: ViewerModalProps) {
  const count = images.length;
  const image = images[index] as ProjectGalleryImage;

  return (
    <ModalDialog
      open={open}
      onCancel={onClose}
      aria-label={`${projectTitle} gallery`}
      data-gallery-modal=""
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') {
          event.preventDefault();
          onSelect(wrap(index - 1, count));
        } else if (event.key === 'ArrowRight') {
          event.preventDefault();
          onSelect(wrap(index + 1, count));
        }
      }}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-slate-950/95 p-0 text-white backdrop:bg-slate-950/80"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <p className="min-w-0 truncate text-sm font-medium" aria-live="polite" data-modal-counter="">
            {counterText(index, count)}
            {image.title && <span className="text-white/70"> · {image.title}</span>}
          </p>
          <button
            type="button"
            onClick={onClose}
            autoFocus
            aria-label="Close full-screen viewer"
            className="grid size-10 shrink-0 place-items-center rounded-full text-white ring-1 ring-white/25 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-4 sm:px-20">
          <FullImage image={image} alt={altOf(image, index, projectTitle)} />
          {count > 1 && (
            <>
              <button
                type="button"
                onClick={() => onSelect(wrap(index - 1, count))}
                aria-label="Previous image"
                className={cn(roundButton, 'absolute top-1/2 left-2 -translate-y-1/2 sm:left-5')}
              >
                <ChevronLeft className="size-5" aria-hidden="true" />
              </button>
              <button
                type="button"
                onClick={() => onSelect(wrap(index + 1, count))}
                aria-label="Next image"
                className={cn(roundButton, 'absolute top-1/2 right-2 -translate-y-1/2 sm:right-5')}
              >
                <ChevronRight className="size-5" aria-hidden="true" />
              </button>
            </>
          )}
        </div>
        {count > 1 && (
          <div className="flex justify-center px-4 py-4">
            <Thumbnails images={images} index={index} projectTitle={projectTitle} onSelect={onSelect} dark />
          </div>
        )}
      </div>
    </ModalDialog>
  );
}

/**
 * The gallery: the current image (click for the full-screen viewer), previous/next, 'Image N of M',
 * the optional image title, thumbnails and a slideshow (off at first, every 5 s, wrapping both ways).
 */
export function ProjectGallery({ images, projectTitle }: { images: ProjectGalleryImage[]; projectTitle: string }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const count = images.length;
  const current = images[Math.min(index, count - 1)] as ProjectGalleryImage;

  const go = useCallback((next: number) => setIndex(wrap(next, count)), [count]);

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => wrap(i + 1, count)), SLIDESHOW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [playing, count]);

  const { Heading, id } = useProjectOutline();

  return (
    <section aria-labelledby={id('gallery-heading')} data-project-gallery="">
      <Heading id={id('gallery-heading')} className="text-xl font-semibold tracking-tight text-slate-900">
        Project Gallery
      </Heading>
      <div className="relative mt-4 overflow-hidden rounded-2xl bg-slate-100 shadow-sm ring-1 ring-slate-200">
        <button
          type="button"
          onClick={() => {
            setPlaying(false);
            setModalOpen(true);
          }}
          aria-label={`Open ${counterText(index, count).toLowerCase()} in the full-screen viewer`}
          className="group block w-full cursor-zoom-in focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <ResponsiveImage
            src={current.url}
            alt={altOf(current, index, projectTitle)}
            aspectRatio="16 / 10"
            sizes="(min-width: 1024px) 60vw, 100vw"
          />
          <span className="absolute right-3 bottom-3 flex items-center gap-1.5 rounded-full bg-slate-950/70 px-3 py-1.5 text-xs font-medium text-white opacity-90 backdrop-blur-sm transition group-hover:opacity-100">
            <Expand className="size-3.5" aria-hidden="true" />
            Full screen
          </span>
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label="Previous image"
              className={cn(roundButton, 'absolute top-1/2 left-3 -translate-y-1/2')}
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label="Next image"
              className={cn(roundButton, 'absolute top-1/2 right-3 -translate-y-1/2')}
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </>
        )}
      </div>

      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-slate-600" aria-live={playing ? 'off' : 'polite'} data-gallery-counter="">
          <span className="font-medium text-slate-900">{counterText(index, count)}</span>
          {current.title && <span data-gallery-title=""> · {current.title}</span>}
        </p>
        {count > 1 && (
          <button
            type="button"
            onClick={() => setPlaying((p) => !p)}
            aria-pressed={playing}
            className="inline-flex h-9 items-center gap-2 rounded-lg bg-white px-3.5 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
          >
            {playing ? <Pause className="size-4" aria-hidden="true" /> : <Play className="size-4" aria-hidden="true" />}
            {playing ? 'Pause Slideshow' : 'Play Slideshow'}
          </button>
        )}
      </div>

      {count > 1 && (
        <div className="mt-3">
          <Thumbnails images={images} index={index} projectTitle={projectTitle} onSelect={go} />
        </div>
      )}

      <ViewerModal
        open={modalOpen}
        images={images}
        index={index}
        projectTitle={projectTitle}
        onSelect={go}
        onClose={() => setModalOpen(false)}
      />
    </section>
  );
}
