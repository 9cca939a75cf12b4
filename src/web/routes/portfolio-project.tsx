import { data, isRouteErrorResponse, redirect } from 'react-router';
import type { Route } from './+types/portfolio-project';
import { PORTFOLIO_MAX_RELATED, PORTFOLIO_RELATED_COUNT } from '../../shared/contracts/portfolio.values';
import { projectHref } from '../components/portfolio/project-format';
import { projectDescription, projectJsonLd, projectOgImage, projectSeoTitle } from '../features/portfolio/project-meta';
import { preloadProjectPage, ProjectPage } from '../features/portfolio/project-page';
import {
  PROJECT_LOAD_ERROR,
  PROJECT_NOT_FOUND,
  PROJECT_NOT_FOUND_TEXT,
  ProjectLoadError,
  ProjectNotFound,
} from '../features/portfolio/project-parts';
import { pageMeta, rootDataFromMatches } from '../lib/seo';

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await context.portfolio.getProject(params.slug);
  if (!found) throw data(null, { status: 404, statusText: PROJECT_NOT_FOUND });
  const { project, related } = found;
  // A project reached by its id lives at its slug.
  if (project.slug && params.slug !== project.slug) throw redirect(projectHref(project), 301);

  // "Projects You May Need": other published projects, newest first, not already listed as related.
  const relatedIds = new Set(related.map((p) => p.id));
  const suggestions = await context.portfolio
    .listProjects({ limit: PORTFOLIO_MAX_RELATED + PORTFOLIO_RELATED_COUNT, exclude: project.slug, sort: 'newest' })
    .then((list) => list.projects.filter((p) => !relatedIds.has(p.id)).slice(0, PORTFOLIO_MAX_RELATED))
    .catch((error: unknown) => {
      console.error('Suggested projects failed to load', error);
      return [];
    });
  return { project, related, suggestions, url: `${context.publicUrl}${projectHref(project)}` };
}

/** A client navigation brings the code of the parts below the project with its data (ADR 0023). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [pageData] = await Promise.all([serverLoader(), preloadProjectPage()]);
  return pageData;
}

export function meta({ matches, location, loaderData, error }: Route.MetaArgs) {
  if (error || !loaderData) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return pageMeta({
      matches,
      location,
      title: notFound ? PROJECT_NOT_FOUND : PROJECT_LOAD_ERROR,
      description: notFound ? PROJECT_NOT_FOUND_TEXT : undefined,
      noIndex: true,
    });
  }
  const { project, url } = loaderData;
  const root = rootDataFromMatches(matches);
  const image = root ? projectOgImage(project, root.publicUrl) : undefined;
  const meta = pageMeta({
    matches,
    location: { pathname: projectHref(project) },
    title: projectSeoTitle(project),
    description: projectDescription(project) || undefined,
    image,
  });
  if (root) {
    const { creativeWork, breadcrumb } = projectJsonLd(project, root, url, image);
    meta.push({ 'script:ld+json': creativeWork }, { 'script:ld+json': breadcrumb });
  }
  return meta;
}

export default function PortfolioProject({ loaderData }: Route.ComponentProps) {
  const { project, related, suggestions } = loaderData;
  return <ProjectPage key={project.id} project={project} related={related} suggestions={suggestions} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ProjectNotFound />;
  return <ProjectLoadError />;
}
