import { ArrowRight } from '../../components/icons';
import type { ProjectDetail, ProjectSummary } from '../../../shared/contracts/portfolio';
import { Button } from '../../components/button';
import { PORTFOLIO_PATH, UNTITLED_PROJECT } from '../../components/portfolio/project-format';
import {
  ProjectHeader,
  ProjectMainColumn,
  QuickSummary,
  TakeAction,
} from '../../components/portfolio/project-sections';
import { LOADING_PROJECT, Spinner, useProjectNavigationPending } from './portfolio-pending';
import { ProjectLikeButton } from './project-like-button';
import { BackToPortfolio, ProjectBreadcrumb, SuggestedProject } from './project-parts';
import { hydrateWhenVisible } from '../../lib/hydrate-when-visible';

const RELATED_ANCHOR = 'related';
/** Below the project: its code loads as it comes near the viewport (ADR 0023). */
const Related = hydrateWhenVisible(RELATED_ANCHOR, () => import('./related-projects').then((m) => m.RelatedProjects));

/** For a client navigation to a project: the page appears whole (see the route's clientLoader). */
export const preloadProjectPage = () => Related.preload();

export interface ProjectPageProps {
  project: ProjectDetail;
  /** Same industry or shared technologies (up to 4). */
  related: ProjectSummary[];
  /** Other published projects (up to 6), none of them in `related`. */
  suggestions: ProjectSummary[];
}

/** /portfolio/{slug}: the project, its gallery, the sidebar and the related and suggested projects. */
export function ProjectPage({ project, related, suggestions }: ProjectPageProps) {
  const pending = useProjectNavigationPending();
  if (pending) return <Spinner label={LOADING_PROJECT} className="mx-auto max-w-7xl px-4" />;

  const title = project.title.trim() || UNTITLED_PROJECT;
  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8" data-project-page="">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ProjectBreadcrumb title={title} />
        <BackToPortfolio className="-mr-3" />
      </div>

      <ProjectHeader project={project} title={title} className="mt-8 max-w-3xl">
        <ProjectLikeButton projectId={project.id} initialLikes={project.likes} />
      </ProjectHeader>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] xl:gap-14">
        <ProjectMainColumn project={project} title={title} />
        <aside aria-label="Project summary" className="flex flex-col gap-6 lg:sticky lg:top-24 lg:self-start">
          <QuickSummary project={project} />
          <TakeAction project={project} />
        </aside>
      </div>

      <Related.Component projects={related} />

      {suggestions.length > 0 && (
        <section aria-labelledby="projects-you-may-need" className="mt-16">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="projects-you-may-need" className="text-2xl font-bold tracking-tight">
              Projects You May Need
            </h2>
            <Button to={PORTFOLIO_PATH} variant="secondary">
              View All Projects
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {suggestions.map((item) => (
              <li key={item.id}>
                <SuggestedProject project={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
