import type { ReactNode } from 'react';

const EYEBROW = 'text-sm font-semibold tracking-wider text-brand-600 uppercase';
const INTRO = 'mt-4 text-base leading-7 text-slate-600 sm:text-lg';

/** A landing section's eyebrow, heading (labelling the section by `id`) and intro. */
export function SectionHeading({
  eyebrow,
  id,
  title,
  intro,
  className,
}: {
  eyebrow: string;
  id: string;
  title: ReactNode;
  intro: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <p className={EYEBROW}>{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className={INTRO}>{intro}</p>
    </div>
  );
}

/** The top of a public list page (blog, portfolio): eyebrow, page title, intro and the search box. */
export function ListPageHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  intro: ReactNode;
  /** The search form. */
  children: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden border-b border-slate-200 bg-slate-50">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_80%_at_50%_0%,var(--color-brand-100),transparent_70%)]"
      />
      <div className="mx-auto max-w-3xl px-4 pt-14 pb-10 text-center sm:px-6 sm:pt-20 sm:pb-14 lg:px-8">
        <p className={EYEBROW}>{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className={INTRO}>{intro}</p>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
