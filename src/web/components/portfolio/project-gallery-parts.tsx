import type { ProjectGalleryImage } from '../../../shared/contracts/portfolio';
import { ResponsiveImage } from '../responsive-image';
import { cn } from '../../lib/cn';

/* What the gallery and its full-screen viewer (loaded on first use) share. */

export const wrap = (index: number, count: number) => ((index % count) + count) % count;

export const roundButton =
  'grid size-10 place-items-center rounded-full bg-white/90 text-slate-900 shadow-md ring-1 ring-slate-900/10 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

export function counterText(index: number, count: number) {
  return `Image ${index + 1} of ${count}`;
}

export function altOf(image: ProjectGalleryImage, index: number, projectTitle: string) {
  return image.title || `${projectTitle}, image ${index + 1}`;
}

export function Thumbnails({
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
