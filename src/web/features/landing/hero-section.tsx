import { ArrowRight, Sparkles } from '../../components/icons';
import type { CompanyProfile } from '../../../shared/contracts/company';
import { Button } from '../../components/button';
import { SocialLinks } from '../../components/social-links';
import { FounderCard } from './founder-card';
import { HERO_PHRASES } from './hero-phrases';
import { HeroVideo } from './hero-video';
import { TypedText } from './typed-text';

const heroPlatforms = ['linkedin', 'twitter', 'instagram', 'threads', 'facebook'] as const;

/**
 * The landing hero: a layered gradient with a faint grid, and over it (once the page is idle) the
 * company's looping background video, blended in at low strength so the text keeps its contrast.
 * `workHref` is where View Our Work leads: the featured projects below, or the portfolio when none is featured.
 */
export function HeroSection({ company, workHref }: { company: CompanyProfile; workHref: string }) {
  const socials = company.socialLinks.filter((link) => (heroPlatforms as readonly string[]).includes(link.platform));

  return (
    <section
      id="hero"
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-slate-950 text-white"
    >
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <HeroVideo videoUrl={company.heroVideoUrl} posterUrl={company.heroPosterUrl} />
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_80%_60%_at_70%_0%,var(--color-brand-800),transparent_70%)] opacity-70" />
        <div className="absolute -top-52 -left-44 size-[42rem] bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-brand-600)_25%,transparent)_55%,transparent)]" />
        <div className="absolute top-[calc(33.333%-6rem)] -right-52 size-[38rem] bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-accent-500)_15%,transparent)_55%,transparent)]" />
        <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.05)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.05)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_70%_60%_at_50%_40%,black,transparent)] bg-[size:64px_64px]" />
        <div className="absolute inset-x-0 bottom-0 h-px bg-linear-to-r from-transparent via-white/20 to-transparent" />
      </div>

      <div className="mx-auto grid max-w-7xl items-center gap-16 px-4 pt-16 pb-24 sm:px-6 sm:pt-24 sm:pb-28 lg:grid-cols-12 lg:gap-12 lg:px-8 lg:pt-28 lg:pb-32">
        <div className="lg:col-span-7">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/5 px-3.5 py-1.5 text-sm font-medium text-brand-100 ring-1 ring-white/15 ring-inset">
            <Sparkles className="size-4 text-accent-300" aria-hidden="true" />
            {company.tagline}
          </p>

          <h1
            id="hero-heading"
            className="mt-6 text-4xl leading-[1.1] font-bold tracking-tight text-white sm:text-5xl lg:text-6xl"
          >
            Transform Your Business with Professional{' '}
            <span className="bg-linear-to-r from-brand-300 via-accent-300 to-brand-200 bg-clip-text text-transparent">
              Web &amp; AI Solutions
            </span>
          </h1>

          <TypedText phrases={HERO_PHRASES} className="mt-6 text-xl font-medium text-accent-300 sm:text-2xl" />

          <p className="mt-5 max-w-xl text-base leading-7 text-slate-300 sm:text-lg sm:leading-8">
            {company.valueProposition}
          </p>

          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button to="/#get-quote" size="lg">
              Get Free Quote
              <ArrowRight aria-hidden="true" />
            </Button>
            <Button to={workHref} size="lg" variant="inverse">
              View Our Work
            </Button>
          </div>

          {socials.length > 0 && (
            <div className="mt-12 flex flex-wrap items-center gap-x-5 gap-y-3">
              <p className="text-sm text-slate-400">Follow us</p>
              <SocialLinks
                links={socials}
                companyName={company.name}
                linkClassName="bg-white/5 text-slate-300 ring-1 ring-white/10 hover:bg-white/15 hover:text-white"
              />
            </div>
          )}
        </div>

        <div className="lg:col-span-5">
          <FounderCard founder={company.founder} companyName={company.name} services={company.coreServices} />
        </div>
      </div>
    </section>
  );
}
