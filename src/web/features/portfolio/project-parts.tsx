import {
  Activity,
  ArrowLeft,
  ArrowRight,
  BookOpenText,
  CalendarCheck,
  ExternalLink,
  FileQuestion,
  Factory,
  House,
  MessageSquareText,
  RotateCw,
  Star,
  TriangleAlert,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  ProjectDetail,
  ProjectSummary,
  ProjectTeamMember,
  ProjectTestimonial,
} from '../../../shared/contracts/portfolio';
import { formatLongDate } from '../../components/article/article-format';
import { Breadcrumb } from '../../components/breadcrumb';
import { Button } from '../../components/button';
import { ProjectStatusBadge } from '../../components/portfolio/project-status-badge';
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
/** Decisions.md: Contact Us goes to the quote form. */
export const CONTACT_HREF = '/#get-quote';

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

function StateScreen({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
      <div className="mx-auto grid size-14 place-items-center rounded-full bg-slate-100 text-slate-500">{icon}</div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-base leading-7 text-slate-600">{children}</p>
      <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">{actions}</div>
    </section>
  );
}

export function ProjectNotFound() {
  return (
    <StateScreen
      icon={<FileQuestion className="size-7" aria-hidden="true" />}
      title={PROJECT_NOT_FOUND}
      actions={
        <>
          <Button to={PORTFOLIO_PATH}>
            <ArrowLeft aria-hidden="true" />
            Back to Portfolio
          </Button>
          <Button to="/" variant="secondary">
            <House aria-hidden="true" />
            Go Home
          </Button>
        </>
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
      actions={
        <>
          <Button to={PORTFOLIO_PATH}>
            <ArrowLeft aria-hidden="true" />
            Back to Portfolio
          </Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            <RotateCw aria-hidden="true" />
            Try Again
          </Button>
        </>
      }
    >
      The project could not be loaded right now. Please try again in a moment.
    </StateScreen>
  );
}

/** A content section; `id` names its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24">
      <h2 id={id} className="text-xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Plain text with its paragraphs (never HTML). */
export function Paragraphs({ text }: { text: string }) {
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

export function TechnologyList({ technologies }: { technologies: string[] }) {
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

export function TeamMembers({ team }: { team: ProjectTeamMember[] }) {
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

export function Testimonials({ testimonials }: { testimonials: ProjectTestimonial[] }) {
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

function SummaryRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 py-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">{icon}</span>
      <dt className="text-sm whitespace-nowrap text-slate-500">{label}</dt>
      <dd className="ml-auto text-right text-sm font-medium whitespace-nowrap text-slate-900">{children}</dd>
    </div>
  );
}

export function QuickSummary({ project }: { project: ProjectDetail }) {
  return (
    <section aria-labelledby="quick-summary" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="quick-summary" className="text-base font-semibold text-slate-900">
        Quick Summary
      </h2>
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
  return (
    <section
      aria-labelledby="take-action"
      className="rounded-2xl bg-linear-to-br from-brand-700 to-brand-900 p-5 text-white shadow-lg shadow-brand-900/20"
    >
      <h2 id="take-action" className="text-base font-semibold text-white">
        Take Action
      </h2>
      <p className="mt-1 text-sm text-white/80">Want something like this for your business?</p>
      <div className="mt-4 flex flex-col gap-2.5">
        <Button to={CONTACT_HREF} variant="light">
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
