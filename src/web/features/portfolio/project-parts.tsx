import { ArrowLeft, ArrowRight, FileQuestion, House, RotateCw, TriangleAlert } from '../../components/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProjectSummary } from '../../../shared/contracts/portfolio';
import { PortfolioMessage } from '../../../shared/contracts/portfolio.values';
import { Breadcrumb } from '../../components/breadcrumb';
import { Button } from '../../components/button';
import {
  DEFAULT_PROJECT_TAG,
  PORTFOLIO_PATH,
  projectHref,
  UNTITLED_PROJECT,
} from '../../components/portfolio/project-format';
import { ResponsiveImage } from '../../components/responsive-image';

export const PROJECT_NOT_FOUND = 'Project Not Found';
export const PROJECT_NOT_FOUND_TEXT = "The project you're looking for doesn't exist or has been removed.";
export const PROJECT_LOAD_ERROR = 'Error Loading Project';

export function BackToPortfolio({ className }: { className?: string }) {
  return (
    <Button to={PORTFOLIO_PATH} variant="ghost" size="sm" className={className}>
      <ArrowLeft aria-hidden="true" />
      Back to Portfolio
    </Button>
  );
}

export function ProjectBreadcrumb({ title }: { title: string }) {
  return <Breadcrumb section="Portfolio" sectionHref={PORTFOLIO_PATH} title={title} />;
}

/** A project page that cannot show its project: why, Back to Portfolio and one other way on. */
function StateScreen({
  icon,
  title,
  children,
  otherAction,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  otherAction: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
      <div className="mx-auto grid size-14 place-items-center rounded-full bg-slate-100 text-slate-500">{icon}</div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-base leading-7 text-slate-600">{children}</p>
      <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        <Button to={PORTFOLIO_PATH}>
          <ArrowLeft aria-hidden="true" />
          Back to Portfolio
        </Button>
        {otherAction}
      </div>
    </section>
  );
}

export function ProjectNotFound() {
  return (
    <StateScreen
      icon={<FileQuestion className="size-7" aria-hidden="true" />}
      title={PROJECT_NOT_FOUND}
      otherAction={
        <Button to="/" variant="secondary">
          <House aria-hidden="true" />
          Go Home
        </Button>
      }
    >
      {PROJECT_NOT_FOUND_TEXT}
    </StateScreen>
  );
}

export function ProjectLoadError() {
  return (
    <StateScreen
      icon={<TriangleAlert className="size-7 text-red-600" aria-hidden="true" />}
      title={PROJECT_LOAD_ERROR}
      otherAction={
        <Button variant="secondary" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      }
    >
      {PortfolioMessage.PROJECT_FAILED}
    </StateScreen>
  );
}

/** A "Projects You May Need" entry: image, industry, title and the Detail View link. */
export function SuggestedProject({ project }: { project: ProjectSummary }) {
  const title = project.title.trim() || UNTITLED_PROJECT;
  return (
    <article className="group flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-xs transition hover:border-brand-200 hover:shadow-md">
      <ResponsiveImage
        src={project.image_url}
        alt=""
        aspectRatio="1 / 1"
        sizes="96px"
        className="w-24 shrink-0 rounded-xl"
      />
      <div className="flex min-w-0 flex-1 flex-col py-1">
        <p className="text-xs font-medium text-brand-700">
          {project.industry || project.category || DEFAULT_PROJECT_TAG}
        </p>
        <h3 className="mt-0.5 line-clamp-2 text-sm leading-snug font-semibold text-slate-900">{title}</h3>
        <Link
          to={projectHref(project)}
          prefetch="intent"
          aria-label={`Detail View: ${title}`}
          className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-semibold text-brand-700 hover:text-brand-800"
        >
          Detail View
          <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}
