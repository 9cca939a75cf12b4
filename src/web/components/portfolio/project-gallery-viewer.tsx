import { ChevronLeft, ChevronRight, X } from '../icons';
import { useState } from 'react';
import type { ProjectGalleryImage } from '../../../shared/contracts/portfolio';
import { responsiveSourcesFromUrl } from '../../../shared/contracts/image-variants';
import { ModalDialog } from '../dialog';
import { PLACEHOLDER_IMAGE } from '../lazy-image';
import { cn } from '../../lib/cn';
import { altOf, counterText, roundButton, Thumbnails, wrap } from './project-gallery-parts';

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
export function ViewerModal({ open, images, index, projectTitle, onSelect, onClose }: ViewerModalProps) {
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
