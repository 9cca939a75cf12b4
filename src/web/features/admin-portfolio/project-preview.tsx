import { Eye } from '../../components/icons';
import { useId } from 'react';
import type { ProjectDetail } from '../../../shared/contracts/portfolio';
import type { ProjectInputValues } from '../../../shared/contracts/portfolio-admin';
import { publicationStatus } from '../../../shared/contracts/publishing.values';
import { ProjectCard } from '../../components/portfolio/project-card';
import { ProjectVisibilityBadges } from '../../components/portfolio/project-flags';
import { UNTITLED_PROJECT } from '../../components/portfolio/project-format';
import { NestedProjectOutline } from '../../components/portfolio/project-outline';
import {
  ProjectHeader,
  ProjectMainColumn,
  QuickSummary,
  TakeAction,
} from '../../components/portfolio/project-sections';

export interface ProjectPreviewProps {
  /** The form as the server will store it. */
  project: ProjectInputValues;
  id: number | undefined;
  slug: string | undefined;
  /** When the project is scheduled: the instant it goes live. */
  publishAt: string | null;
}

/** The form's values as the public page receives the project. */
function previewDetail(project: ProjectInputValues, id: number | undefined, slug: string | undefined): ProjectDetail {
  return {
    id: id ?? 0,
    slug: slug ?? '',
    title: project.title,
    short_description: project.short_description,
    client: project.client,
    industry: project.industry,
    category: project.category ?? null,
    status: project.status === 'done' || project.status === 'completed' ? 'done' : 'progress',
    image_url: project.image_url ?? null,
    live_url: project.live_url ?? null,
    case_study_url: project.case_study_url ?? null,
    completion_date: project.completion_date ?? null,
    featured: project.featured,
    colorful: project.colorful,
    likes: 0,
    technologies: project.technologies,
    created_at: new Date().toISOString(),
    description: project.description ?? null,
    results: project.results,
    technical_specs: project.technical_specs ?? null,
    seo_title: project.seo_title ?? null,
    seo_description: project.seo_description ?? null,
    share_image_url: project.share_image_url ?? null,
    gallery: project.gallery.map((image) => ({ url: image.url, title: image.title ?? null })),
    team: project.team.map((member) => ({
      name: member.name,
      role: member.role ?? null,
      bio: member.bio ?? null,
      image: member.image ?? null,
    })),
    testimonials: project.testimonials.map((t, index) => ({
      id: index,
      name: t.name,
      position: t.position ?? null,
      company: t.company ?? null,
      text: t.text,
      rating: t.rating,
    })),
  };
}

/**
 * The project as its public page lays it out (header, main image, gallery, sections, quick summary and
 * actions), rendered with the page's own components, and as its card in the portfolio list. Links lead
 * to the saved project, so the actions and the card stay inert here.
 */
export function ProjectPreview({ project, id, slug, publishAt }: ProjectPreviewProps) {
  const idPrefix = useId();
  const detail = previewDetail(project, id, slug);
  const title = project.title.trim() || UNTITLED_PROJECT;

  return (
    <section
      aria-label="Preview"
      data-project-preview=""
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 bg-slate-50 px-5 py-3 text-sm text-slate-600">
        <Eye className="size-4" aria-hidden="true" />
        <span className="font-medium">Preview</span>
        <span className="hidden sm:inline">— how visitors will see this project</span>
        <span className="ml-auto flex flex-wrap gap-1.5">
          <ProjectVisibilityBadges
            featured={project.featured}
            status={publicationStatus(project.published && !publishAt, publishAt)}
            publishAt={publishAt}
          />
        </span>
      </div>

      <NestedProjectOutline idPrefix={idPrefix}>
        <div className="flex flex-col gap-10 p-5 sm:p-8">
          <ProjectHeader project={detail} title={title} className="max-w-3xl" />
          <div className="grid gap-10 xl:grid-cols-[minmax(0,1fr)_20rem]">
            <ProjectMainColumn project={detail} title={title} />
            <aside aria-label="Summary and card" className="flex flex-col gap-6">
              <QuickSummary project={detail} />
              {/* The actions and the card lead to the saved page; in a preview they stay inert. */}
              <div inert>
                <TakeAction project={detail} />
              </div>
              <div className="flex flex-col gap-2">
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">In the portfolio list</p>
                <div inert>
                  <ProjectCard project={detail} headingLevel="h3" />
                </div>
              </div>
            </aside>
          </div>
        </div>
      </NestedProjectOutline>
    </section>
  );
}
