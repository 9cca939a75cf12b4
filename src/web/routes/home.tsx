import { data, redirect, useLocation } from 'react-router';
import type { Route } from './+types/home';
import { contactFormFields } from '../../shared/contracts/contacts.values';
import { QUOTE_FORM_ANCHOR, QUOTE_SENT_PARAM, QUOTE_SENT_VALUE } from '../../shared/contracts/quote-links.values';
import {
  LANDING_FEATURED_POSTS,
  LANDING_FEATURED_PROJECTS,
  LandingAnchor,
} from '../../shared/contracts/site-content.values';
import { PORTFOLIO_PATH } from '../components/portfolio/project-format';
import { HeroSection } from '../features/landing/hero-section';
import type { QuoteFormAnswer } from '../features/landing/quote-form';
import { contactFieldMax, contactFormValues, type ContactFormErrors } from '../features/landing/quote-form-state';
import { hydrateWhenVisible } from '../lib/hydrate-when-visible';
import { PagePart } from '../lib/part-boundary';
import { useRootData } from '../lib/root-data';
import { pageMeta, rootDataFromMatches } from '../lib/seo';

/** Featured projects, or null when they could not be read (the section then offers Try Again). */
function loadFeaturedProjects(context: Route.LoaderArgs['context']) {
  return context.portfolio.listFeatured(LANDING_FEATURED_PROJECTS).catch((error: unknown) => {
    console.error('Featured projects failed to load', error);
    return null;
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const featuredProjects = loadFeaturedProjects(context);
  // Each section that fails is null (its message and Try Again); the others still render.
  const content = context.getLandingContent();
  const featuredPosts = await context.blog
    .listPosts({ featured: 'true', limit: LANDING_FEATURED_POSTS, sort: 'newest' })
    .then((list) => list.posts)
    .catch((error: unknown) => {
      // The section shows its own message with Try Again; the rest of the page still renders.
      console.error('Featured blog posts failed to load', error);
      return null;
    });
  return { featuredPosts, featuredProjects: await featuredProjects, content: await content };
}

/** Where the quote form sent without JavaScript lands once stored: the page with the success banner. */
export const QUOTE_SENT_HREF = `/?${QUOTE_SENT_PARAM}=${QUOTE_SENT_VALUE}#${QUOTE_FORM_ANCHOR}`;

// eslint-disable-next-line no-control-regex -- a NUL cannot be shown back in a field
const NUL = /\u0000/g;

/**
 * The quote form sent without JavaScript (a plain POST to /?index). Stored: 303 to the page with the
 * success banner. Refused: the page again with the status, what was typed and the field errors.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // A body that is not a form (none at all) reads as an empty form: every required field is then missing.
  const form = await request.formData().catch(() => new FormData());
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = contactFormValues(text);
  const outcome = await context.contacts.submit({
    ...values,
    source: text('source') === 'website_fallback' ? 'website_fallback' : 'website',
    website: text('website'),
  });
  if (outcome.ok) return redirect(QUOTE_SENT_HREF, 303);
  const errors: ContactFormErrors = {};
  for (const { field, message } of outcome.errors) {
    if ((contactFormFields as readonly string[]).includes(field)) errors[field as keyof ContactFormErrors] ??= message;
  }
  const shown = contactFormValues((field) => values[field].replace(NUL, '').slice(0, contactFieldMax[field]));
  const answer: QuoteFormAnswer = {
    values: shown,
    errors,
    failure: Object.keys(errors).length > 0 ? null : outcome.status === 429 ? 'rate-limited' : 'failed',
  };
  return data(answer, { status: outcome.status });
}

export function meta({ matches, location }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  return pageMeta({
    matches,
    location,
    jsonLd: root && {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: root.company.name,
      url: `${root.publicUrl}/`,
      email: root.company.email,
      telephone: root.company.phone,
      slogan: root.company.tagline,
      description: root.company.description,
      founder: { '@type': 'Person', name: root.company.founder },
      address: { '@type': 'PostalAddress', addressLocality: root.company.location },
      sameAs: root.company.socialLinks.map((link) => link.url),
    },
  });
}

/**
 * The sections below the hero: rendered in full on the server, their code loaded and hydrated as each comes
 * near the viewport (ADR 0023), so a first visit downloads the hero's code only.
 */
const Services = hydrateWhenVisible(LandingAnchor.SERVICES, () =>
  import('../features/landing/services-section').then((m) => m.ServicesSection),
);
const Contact = hydrateWhenVisible(LandingAnchor.QUOTE, () =>
  import('../features/landing/contact-section').then((m) => m.ContactSection),
);
const Portfolio = hydrateWhenVisible(LandingAnchor.PORTFOLIO, () =>
  import('../features/landing/portfolio-section').then((m) => m.PortfolioSection),
);
const About = hydrateWhenVisible(LandingAnchor.ABOUT, () =>
  import('../features/landing/about-section').then((m) => m.AboutSection),
);
const TechStack = hydrateWhenVisible(LandingAnchor.TECH_STACK, () =>
  import('../features/landing/tech-stack-section').then((m) => m.TechStackSection),
);
const Pricing = hydrateWhenVisible(LandingAnchor.PRICING, () =>
  import('../features/landing/pricing-section').then((m) => m.PricingSection),
);
const Testimonials = hydrateWhenVisible(LandingAnchor.TESTIMONIALS, () =>
  import('../features/landing/testimonials-section').then((m) => m.TestimonialsSection),
);
const Blog = hydrateWhenVisible(LandingAnchor.BLOG, () =>
  import('../features/landing/blog-section').then((m) => m.BlogSection),
);
const Internships = hydrateWhenVisible(LandingAnchor.INTERNSHIPS, () =>
  import('../features/landing/internships-section').then((m) => m.InternshipsSection),
);
const deferredSections = [Services, Contact, Portfolio, About, TechStack, Pricing, Testimonials, Blog, Internships];

/**
 * A client navigation to the page (the first visit is served with its data) brings every section's code
 * with the data, so the page appears whole and a link to one of its anchors finds it.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [pageData] = await Promise.all([serverLoader(), ...deferredSections.map((section) => section.preload())]);
  return pageData;
}

/** The landing page, its sections in the specified anchor order. */
export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  const { search } = useLocation();
  // The root loader succeeded, or the root error boundary would render instead of this page.
  if (!root) return null;
  const { company } = root;
  const { content, featuredProjects } = loaderData;
  // The portfolio section is left out when no project is featured (it shows the error and Try Again when they
  // could not be read): View Our Work then leads to the portfolio itself rather than to an anchor that is not there.
  const workHref = featuredProjects?.length === 0 ? PORTFOLIO_PATH : `/#${LandingAnchor.PORTFOLIO}`;
  return (
    <>
      {/* Like every section below it, the hero is left out alone if its render throws (ADR 0036). */}
      <PagePart>
        <HeroSection company={company} workHref={workHref} />
      </PagePart>
      <Services.Component services={content.services} />
      <Contact.Component company={company} search={search} answer={actionData ?? null} />
      <Portfolio.Component projects={featuredProjects} />
      <About.Component company={company} team={content.team} />
      <TechStack.Component groups={content.techStack} />
      <Pricing.Component packages={content.packages} />
      <Testimonials.Component testimonials={content.testimonials} />
      <Blog.Component posts={loaderData.featuredPosts} />
      <Internships.Component internships={content.internships} />
    </>
  );
}
