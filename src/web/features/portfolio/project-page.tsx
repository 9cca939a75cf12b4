import { ArrowRight, Building2 } from 'lucide-react';
import type { ProjectDetail, ProjectSummary } from '../../../shared/contracts/portfolio';
import { Button } from '../../components/button';
import { ProjectCard } from '../../components/portfolio/project-card';
import { DEFAULT_PROJECT_TAG, PORTFOLIO_PATH, UNTITLED_PROJECT } from '../../components/portfolio/project-format';
import { ProjectStatusBadge } from '../../components/portfolio/project-status-badge';
import { ResponsiveImage } from '../../components/responsive-image';
import { LOADING_PROJECT, Spinner, useProjectNavigationPending } from './portfolio-pending';
import { ProjectGallery } from './project-gallery';
import { ProjectLikeButton } from './project-like-button';
import {
  BackToPortfolio,
  Paragraphs,
  ProjectBreadcrumb,
  QuickSummary,
  Section,
  SuggestedProject,
  TakeAction,
  TeamMembers,
  TechnologyList,
  Testimonials,
} from './project-parts';

export interface ProjectPageProps {
  project: ProjectDetail;
  /** Same industry or shared technologies (up to 4). */
  related: ProjectSummary[];
  /** Other published projects (up to 6), none of them in `related`. */
  suggestions: ProjectSummary[];
}

function MainColumn({ project, title }: { project: ProjectDetail; title: string }) {
  const overview = project.description || project.short_description;
  return (
    <div className="flex min-w-0 flex-col gap-12">
      <ResponsiveImage
        src={project.image_url}
        alt={title}
        aspectRatio="16 / 10"
        sizes="(min-width: 1280px) 800px, (min-width: 1024px) 66vw, 100vw"
        priority
        className="rounded-2xl shadow-sm ring-1 ring-slate-200"
      />
      {project.gallery.length > 0 && <ProjectGallery images={project.gallery} projectTitle={title} />}
      {overview && (
        <Section id="overview" title="Project Overview">
          <Paragraphs text={overview} />
        </Section>
      )}
      {project.technical_specs && (
        <Section id="technical-specs" title="Technical Specifications">
          <Paragraphs text={project.technical_specs} />
        </Section>
      )}
      {project.results && (
        <Section id="results" title="Results & Impact">
          <div className="rounded-2xl border border-emerald-200 bg-emerald-50/60 p-5 sm:p-6">
            <Paragraphs text={project.results} />
          </div>
        </Section>
      )}
      {project.technologies.length > 0 && (
        <Section id="technologies" title="Technologies Used">
          <TechnologyList technologies={project.technologies} />
        </Section>
      )}
      {project.team.length > 0 && (
        <Section id="team" title="Team Members">
          <TeamMembers team={project.team} />
        </Section>
      )}
      {project.testimonials.length > 0 && (
        <Section id="testimonials" title="Testimonials">
          <Testimonials testimonials={project.testimonials} />
        </Section>
      )}
    </div>
  );
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

      <header className="mt-8 max-w-3xl">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset">
            {project.industry || project.category || DEFAULT_PROJECT_TAG}
          </span>
          <ProjectStatusBadge status={project.status} className="shadow-none" />
          <ProjectLikeButton projectId={project.id} initialLikes={project.likes} />
        </div>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">{title}</h1>
        {project.client && (
          <p className="mt-3 flex items-center gap-2 text-base text-slate-600">
            <Building2 className="size-5 text-slate-400" aria-hidden="true" />
            <span>
              Client: <span className="font-semibold text-slate-900">{project.client}</span>
            </span>
          </p>
        )}
        {project.short_description && (
          <p className="mt-5 text-lg leading-8 text-slate-600">{project.short_description}</p>
        )}
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] xl:gap-14">
        <MainColumn project={project} title={title} />
        <aside aria-label="Project summary" className="flex flex-col gap-6 lg:sticky lg:top-24 lg:self-start">
          <QuickSummary project={project} />
          <TakeAction project={project} />
        </aside>
      </div>

      {related.length > 0 && (
        <section aria-labelledby="related-projects" className="mt-20 border-t border-slate-200 pt-12">
          <h2 id="related-projects" className="text-2xl font-bold tracking-tight">
            Related Projects
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((item) => (
              <li key={item.id} className="flex">
                <ProjectCard project={item} headingLevel="h3" className="w-full" />
              </li>
            ))}
          </ul>
        </section>
      )}

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
