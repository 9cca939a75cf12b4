import { ArrowRight, CalendarDays, Eye, Globe } from '../icons';
import { Link } from 'react-router';
import type { ProjectSummary } from '../../../shared/contracts/portfolio';
import { cn } from '../../lib/cn';
import { ResponsiveImage } from '../responsive-image';
import {
  cardDescription,
  cardTechnologies,
  completionYear,
  DEFAULT_PROJECT_TAG,
  projectHref,
  UNTITLED_PROJECT,
} from './project-format';
import { ProjectStatusBadge } from './project-status-badge';

export interface ProjectCardProps {
  project: ProjectSummary;
  /**
   * 'list' (the /portfolio grid): industry tag, year and Live; 'landing' (the home page): client badge
   * and a '+N more' tag. Both: status, image, title, description, 3 technologies and View Details.
   */
  variant?: 'list' | 'landing';
  headingLevel?: 'h2' | 'h3';
  /** The first card of a page: its image is loaded at once with high priority. */
  priority?: boolean;
  /** CSS `sizes` of the image in its grid. */
  sizes?: string;
  className?: string;
}

const DEFAULT_SIZES = '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** A project as the portfolio grid, the landing page and the related lists show it. */
export function ProjectCard({
  project,
  variant = 'list',
  headingLevel: Heading = 'h2',
  priority,
  sizes = DEFAULT_SIZES,
  className,
}: ProjectCardProps) {
  const href = projectHref(project);
  const title = project.title.trim() || UNTITLED_PROJECT;
  const tag = project.industry || project.category || DEFAULT_PROJECT_TAG;
  const { shown, more } = cardTechnologies(project.technologies);
  const year = completionYear(project.completion_date);
  const landing = variant === 'landing';

  return (
    <article
      data-project-card=""
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition duration-200',
        'hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg hover:shadow-brand-900/5',
        className,
      )}
    >
      <div className="relative">
        <ResponsiveImage
          src={project.image_url}
          alt=""
          aspectRatio="16 / 10"
          sizes={sizes}
          priority={priority}
          imgClassName="transition duration-300 group-hover:scale-[1.03]"
        />
        <div className="pointer-events-none absolute inset-x-3 top-3 flex items-start justify-between gap-2">
          <ProjectStatusBadge status={project.status} />
          <span
            data-project-tag=""
            className="max-w-[55%] truncate rounded-full bg-slate-950/70 px-2.5 py-1 text-xs font-medium text-white backdrop-blur-sm"
          >
            {landing ? project.client || tag : tag}
          </span>
        </div>
        {/* The hover shortcut repeats View Details, so it is hidden from keyboards and screen readers. */}
        <Link
          to={href}
          tabIndex={-1}
          aria-hidden="true"
          prefetch="intent"
          className="absolute inset-0 flex items-center justify-center bg-slate-950/45 opacity-0 transition duration-200 group-hover:opacity-100"
        >
          <span className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900 shadow-lg">
            <Eye className="size-4" aria-hidden="true" />
            View Project
          </span>
        </Link>
      </div>

      {/* A long word or a pasted address in the staff's text breaks anywhere rather than widening the page
          ('anywhere', unlike 'break-word', also lets the card's grid column shrink to the screen). */}
      <div className="flex flex-1 flex-col p-5 wrap-anywhere">
        <Heading className="text-lg leading-snug font-semibold tracking-tight text-slate-900 group-hover:text-brand-700">
          {title}
        </Heading>
        {!landing && project.client && (
          <p className="mt-1 text-sm font-medium text-brand-700" data-project-client="">
            {project.client}
          </p>
        )}
        <p className="mt-3 text-sm leading-6 text-slate-600">{cardDescription(project.short_description)}</p>

        {shown.length > 0 && (
          <ul aria-label="Technologies" className="mt-4 flex flex-wrap gap-1.5">
            {shown.map((name) => (
              <li key={name} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                {name}
              </li>
            ))}
            {more > 0 && (
              <li className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                +{more}
                {landing ? ' more' : <span className="sr-only"> more</span>}
              </li>
            )}
          </ul>
        )}

        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-2 pt-5 text-xs text-slate-500">
          {!landing && year && (
            <span className="flex items-center gap-1">
              <CalendarDays className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Completed in </span>
              {year}
            </span>
          )}
          {!landing && project.live_url && (
            <span className="flex items-center gap-1 font-medium text-emerald-700" data-project-live="">
              <Globe className="size-3.5" aria-hidden="true" />
              Live
            </span>
          )}
          <Link
            to={href}
            prefetch="intent"
            aria-label={`View Details: ${title}`}
            className="ml-auto inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            View Details
            <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </article>
  );
}
