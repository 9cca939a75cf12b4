import {
  Activity,
  BookOpenText,
  Building2,
  CalendarCheck,
  ExternalLink,
  Factory,
  MessageSquareText,
  Star,
} from '../icons';
import type { ReactNode } from 'react';
import { quoteFormHref } from '../../../shared/contracts/quote-links.values';
import type { ProjectDetail, ProjectTeamMember, ProjectTestimonial } from '../../../shared/contracts/portfolio';
import { cn } from '../../lib/cn';
import { formatLongDate } from '../article/article-format';
import { Button } from '../button';
import { ResponsiveImage } from '../responsive-image';
import { ProjectGallery } from './project-gallery';
import { DEFAULT_PROJECT_TAG } from './project-format';
import { useProjectOutline } from './project-outline';
import { ProjectStatusBadge } from './project-status-badge';

/*
 * The parts of a project as its public page shows them; the admin preview renders the same parts (inside
 * NestedProjectOutline).
 */

/** Decisions.md: Contact Us goes to the quote form, with Project Details starting 'Project like {title}'. */
export function contactUsHref(project: Pick<ProjectDetail, 'title'>): string {
  const title = project.title.trim();
  return quoteFormHref(title ? { subject: `Project like ${title}` } : {});
}

/** Industry (else category) tag, status, `children` (e.g. the like button), title, client and short description. */
export function ProjectHeader({
  project,
  title,
  children,
  className,
}: {
  project: ProjectDetail;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  const { Title } = useProjectOutline();
  return (
    // A long word or a pasted address in the staff's text breaks anywhere rather than widening the page.
    <header className={cn('wrap-anywhere', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset">
          {project.industry || project.category || DEFAULT_PROJECT_TAG}
        </span>
        <ProjectStatusBadge status={project.status} className="shadow-none" />
        {children}
      </div>
      <Title className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">{title}</Title>
      {project.client && (
        <p className="mt-3 flex items-center gap-2 text-base text-slate-600">
          <Building2 className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
          <span>
            Client: <span className="font-semibold text-slate-900">{project.client}</span>
          </span>
        </p>
      )}
      {project.short_description && (
        <p className="mt-5 text-lg leading-8 text-slate-600">{project.short_description}</p>
      )}
    </header>
  );
}

/** A content section; `id` names its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const outline = useProjectOutline();
  return (
    <section aria-labelledby={outline.id(id)} className="scroll-mt-24">
      <outline.Heading id={outline.id(id)} className="text-xl font-semibold tracking-tight text-slate-900">
        {title}
      </outline.Heading>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Plain text with its paragraphs (never HTML). */
function Paragraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="space-y-4 text-base leading-7 text-slate-700">
      {paragraphs.map((paragraph, i) => (
        <p key={i} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

function TechnologyList({ technologies }: { technologies: string[] }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Technologies used">
      {technologies.map((name) => (
        <li
          key={name}
          className="rounded-lg bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800 ring-1 ring-brand-100 ring-inset"
        >
          {name}
        </li>
      ))}
    </ul>
  );
}

function MemberAvatar({ member }: { member: ProjectTeamMember }) {
  if (member.image) {
    return (
      <ResponsiveImage
        src={member.image}
        alt=""
        width={56}
        height={56}
        sizes="56px"
        className="size-14 shrink-0 rounded-full ring-2 ring-white"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="grid size-14 shrink-0 place-items-center rounded-full bg-linear-to-br from-brand-500 to-accent-500 text-lg font-semibold text-white"
    >
      {(member.name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

function TeamMembers({ team }: { team: ProjectTeamMember[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {team.map((member, i) => (
        <li
          key={`${member.name}-${i}`}
          className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs"
        >
          <MemberAvatar member={member} />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{member.name}</p>
            {member.role && <p className="text-sm font-medium text-brand-700">{member.role}</p>}
            {member.bio && <p className="mt-1.5 text-sm leading-6 text-slate-600">{member.bio}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}

function Testimonials({ testimonials }: { testimonials: ProjectTestimonial[] }) {
  return (
    <ul className="grid gap-4">
      {testimonials.map((t) => (
        <li key={t.id}>
          <figure className="rounded-2xl border border-slate-200 bg-slate-50/70 p-5 sm:p-6">
            <div className="flex gap-0.5 text-amber-500" role="img" aria-label={`${t.rating} out of 5 stars`}>
              {Array.from({ length: 5 }, (_, i) => (
                <Star
                  key={i}
                  className={i < t.rating ? 'size-4 fill-current' : 'size-4 text-slate-300'}
                  aria-hidden="true"
                />
              ))}
            </div>
            <blockquote className="mt-3 text-base leading-7 whitespace-pre-line text-slate-800">“{t.text}”</blockquote>
            <figcaption className="mt-4 text-sm">
              <span className="font-semibold text-slate-900">{t.name}</span>
              {(t.position || t.company) && (
                <span className="text-slate-600">, {[t.position, t.company].filter(Boolean).join(', ')}</span>
              )}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/** The main image, the gallery and the text sections (overview to testimonials), those the project has. */
export function ProjectMainColumn({ project, title }: { project: ProjectDetail; title: string }) {
  const overview = project.description || project.short_description;
  return (
    // As in the header: a long word or a pasted address in the sections breaks rather than overflowing.
    <div className="flex min-w-0 flex-col gap-12 wrap-anywhere">
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

function SummaryRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // A <dl>'s rows hold only <dt> and <dd>: the icon goes inside the term.
    <div className="flex items-center gap-3 py-3">
      <dt className="flex items-center gap-3 text-sm whitespace-nowrap text-slate-500">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">{icon}</span>
        {label}
      </dt>
      {/* The value wraps: a long industry, or a date beside "Completion date", widened a 320 px phone. */}
      <dd className="ml-auto min-w-0 text-right text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function QuickSummary({ project }: { project: ProjectDetail }) {
  const { Heading, id } = useProjectOutline();
  return (
    <section
      aria-labelledby={id('quick-summary')}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <Heading id={id('quick-summary')} className="text-base font-semibold text-slate-900">
        Quick Summary
      </Heading>
      <dl className="mt-2 divide-y divide-slate-100">
        <SummaryRow icon={<Factory className="size-4" aria-hidden="true" />} label="Industry">
          {project.industry || project.category || DEFAULT_PROJECT_TAG}
        </SummaryRow>
        <SummaryRow icon={<CalendarCheck className="size-4" aria-hidden="true" />} label="Completion date">
          {project.completion_date ? (
            <time dateTime={project.completion_date}>{formatLongDate(project.completion_date)}</time>
          ) : (
            'Not set'
          )}
        </SummaryRow>
        <SummaryRow icon={<Activity className="size-4" aria-hidden="true" />} label="Status">
          <ProjectStatusBadge status={project.status} className="shadow-none" />
        </SummaryRow>
      </dl>
    </section>
  );
}

export function TakeAction({ project }: { project: ProjectDetail }) {
  const { Heading, id } = useProjectOutline();
  return (
    <section
      aria-labelledby={id('take-action')}
      className="rounded-2xl bg-linear-to-br from-brand-700 to-brand-900 p-5 text-white shadow-lg shadow-brand-900/20"
    >
      <Heading id={id('take-action')} className="text-base font-semibold text-white">
        Take Action
      </Heading>
      <p className="mt-1 text-sm text-white/80">Want something like this for your business?</p>
      <div className="mt-4 flex flex-col gap-2.5">
        <Button to={contactUsHref(project)} variant="light">
          <MessageSquareText aria-hidden="true" />
          Contact Us
        </Button>
        {project.live_url && (
          <Button href={project.live_url} target="_blank" rel="noopener noreferrer" variant="inverse">
            <ExternalLink aria-hidden="true" />
            View Live
          </Button>
        )}
        {project.case_study_url && (
          <Button href={project.case_study_url} target="_blank" rel="noopener" variant="inverse">
            <BookOpenText aria-hidden="true" />
            Read Case Study
          </Button>
        )}
      </div>
    </section>
  );
}
