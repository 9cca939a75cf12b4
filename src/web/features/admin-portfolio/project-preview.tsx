import { Building2, Eye, Globe, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ProjectInputValues, ProjectSummary } from '../../../shared/contracts/portfolio';
import { formatLongDate } from '../../components/article/article-format';
import { Badge } from '../../components/badge';
import { ProjectCard } from '../../components/portfolio/project-card';
import { DEFAULT_PROJECT_TAG, UNTITLED_PROJECT } from '../../components/portfolio/project-format';
import { ProjectStatusBadge } from '../../components/portfolio/project-status-badge';
import { ResponsiveImage } from '../../components/responsive-image';

export interface ProjectPreviewProps {
  /** The form as the server will store it. */
  project: ProjectInputValues;
  id: number | undefined;
  slug: string | undefined;
}

/** Plain text with its paragraphs (never HTML), as the project page shows it. */
function Paragraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="flex flex-col gap-4 text-base leading-7 whitespace-pre-line text-slate-700">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4">
      <h3 className="text-xl font-bold tracking-tight text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The project as its public page lays it out (header, main image, gallery, overview, specifications,
 * results, technologies, team, testimonials) and as its card in the portfolio list. The page's own
 * components belong to the public portfolio feature, so this is a faithful rendering of the same
 * sections with the shared card, status badge and image components.
 */
export function ProjectPreview({ project, id, slug }: ProjectPreviewProps) {
  const title = project.title.trim() || UNTITLED_PROJECT;
  const technologies = project.technologies;
  const overview = project.description || project.short_description;
  const card: ProjectSummary = {
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
    technologies,
    created_at: new Date().toISOString(),
  };

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
          {project.featured && (
            <Badge tone="brand">
              <Star className="size-3 fill-current" aria-hidden="true" />
              Featured
            </Badge>
          )}
          <Badge tone={project.published ? 'success' : 'warning'}>{project.published ? 'Published' : 'Draft'}</Badge>
        </span>
      </div>

      <div className="grid gap-10 p-5 sm:p-8 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <article className="flex min-w-0 flex-col gap-10">
          <header className="max-w-3xl">
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset">
                {project.industry || project.category || DEFAULT_PROJECT_TAG}
              </span>
              <ProjectStatusBadge status={project.status} className="shadow-none" />
            </div>
            <h2 className="mt-4 text-3xl font-bold tracking-tight break-words text-balance">{title}</h2>
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

          <ResponsiveImage
            src={project.image_url}
            alt={title}
            aspectRatio="16 / 10"
            sizes="(min-width: 1280px) 800px, 100vw"
            priority
            className="rounded-2xl shadow-sm ring-1 ring-slate-200"
          />

          {project.gallery.length > 0 && (
            <Section title="Project Gallery">
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {project.gallery.map((image, index) => (
                  <li key={`${image.url}-${index}`} className="flex flex-col gap-1">
                    <img
                      src={image.url}
                      alt={image.title || `${title}, image ${index + 1}`}
                      loading="lazy"
                      className="aspect-video w-full rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
                    />
                    {image.title && <span className="truncate text-xs text-slate-600">{image.title}</span>}
                  </li>
                ))}
              </ul>
            </Section>
          )}

          {overview && (
            <Section title="Project Overview">
              <Paragraphs text={overview} />
            </Section>
          )}
          {project.technical_specs && (
            <Section title="Technical Specifications">
              <Paragraphs text={project.technical_specs} />
            </Section>
          )}
          {project.results && (
            <Section title="Results & Impact">
              <div className="rounded-2xl border border-emerald-200 bg-emerald-50/60 p-5">
                <Paragraphs text={project.results} />
              </div>
            </Section>
          )}
          {technologies.length > 0 && (
            <Section title="Technologies Used">
              <ul className="flex flex-wrap gap-2">
                {technologies.map((name) => (
                  <li
                    key={name}
                    className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-1.5 text-sm font-medium text-slate-700"
                  >
                    {name}
                  </li>
                ))}
              </ul>
            </Section>
          )}
          {project.team.length > 0 && (
            <Section title="Team Members">
              <ul className="grid gap-4 sm:grid-cols-2">
                {project.team.map((member, index) => (
                  <li key={index} className="rounded-xl border border-slate-200 p-4">
                    <p className="font-semibold text-slate-900">{member.name}</p>
                    {member.role && <p className="text-sm text-brand-700">{member.role}</p>}
                    {member.bio && <p className="mt-2 text-sm text-slate-600">{member.bio}</p>}
                  </li>
                ))}
              </ul>
            </Section>
          )}
          {project.testimonials.length > 0 && (
            <Section title="Testimonials">
              <ul className="grid gap-4">
                {project.testimonials.map((t, index) => (
                  <li key={index} className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
                    <p className="flex gap-0.5" aria-label={`${t.rating} out of 5 stars`}>
                      {[1, 2, 3, 4, 5].map((star) => (
                        <Star
                          key={star}
                          className={
                            star <= t.rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-slate-300'
                          }
                          aria-hidden="true"
                        />
                      ))}
                    </p>
                    <blockquote className="mt-3 text-slate-700">“{t.text}”</blockquote>
                    <p className="mt-3 text-sm font-semibold text-slate-900">
                      {t.name}
                      {(t.position || t.company) && (
                        <span className="font-normal text-slate-500">
                          {' '}
                          — {[t.position, t.company].filter(Boolean).join(', ')}
                        </span>
                      )}
                    </p>
                  </li>
                ))}
              </ul>
            </Section>
          )}
        </article>

        <aside className="flex flex-col gap-6" aria-label="Summary and card">
          <dl className="grid gap-3 rounded-2xl border border-slate-200 p-5 text-sm">
            <div>
              <dt className="text-slate-500">Client</dt>
              <dd className="font-medium text-slate-900">{project.client || '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Industry</dt>
              <dd className="font-medium text-slate-900">{project.industry}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Completed</dt>
              <dd className="font-medium text-slate-900">
                {project.completion_date ? formatLongDate(project.completion_date) : '—'}
              </dd>
            </div>
            {project.live_url && (
              <div>
                <dt className="text-slate-500">Live demo</dt>
                <dd className="flex items-center gap-1 font-medium break-all text-emerald-700">
                  <Globe className="size-4 shrink-0" aria-hidden="true" />
                  {project.live_url}
                </dd>
              </div>
            )}
          </dl>
          <div className="flex flex-col gap-2">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">In the portfolio list</p>
            {/* The card's links lead to the saved page; in a preview they stay inert. */}
            <div inert>
              <ProjectCard project={card} headingLevel="h3" />
            </div>
          </div>
        </aside>
      </div>
    </section>
  );
}
