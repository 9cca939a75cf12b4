import { ChevronLeft, ChevronRight, Expand, Pause, Play } from '../icons';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { ProjectGalleryImage } from '../../../shared/contracts/portfolio';
import { ResponsiveImage } from '../responsive-image';
import { cn } from '../../lib/cn';
import { altOf, counterText, roundButton, Thumbnails, wrap } from './project-gallery-parts';
import { useProjectOutline } from './project-outline';

/** Slideshow interval. */
export const SLIDESHOW_INTERVAL_MS = 5000;

const loadViewer = () => import('./project-gallery-viewer');
/** The full-screen viewer's code loads when the visitor is about to open it (ADR 0023). */
const GalleryViewer = lazy(() => loadViewer().then((m) => ({ default: m.ViewerModal })));

/**
 * The gallery: the current image (click for the full-screen viewer), previous/next, 'Image N of M',
 * the optional image title, thumbnails and a slideshow (off at first, every 5 s, wrapping both ways).
 */
export function ProjectGallery({ images, projectTitle }: { images: ProjectGalleryImage[]; projectTitle: string }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  // Mounted from the first opening on (so that closing it returns the focus as usual).
  const [viewerWanted, setViewerWanted] = useState(false);
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
            setViewerWanted(true);
            setModalOpen(true);
          }}
          onPointerEnter={() => void loadViewer()}
          onFocus={() => void loadViewer()}
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

      {viewerWanted && (
        <Suspense fallback={null}>
          <GalleryViewer
            open={modalOpen}
            images={images}
            index={index}
            projectTitle={projectTitle}
            onSelect={go}
            onClose={() => setModalOpen(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
