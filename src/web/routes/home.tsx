import { data, redirect, useSearchParams } from 'react-router';
import type { Route } from './+types/home';
import {
  contactFormFields,
  QUOTE_FORM_ANCHOR,
  QUOTE_SENT_PARAM,
  QUOTE_SENT_VALUE,
  quoteFormPreset,
} from '../../shared/contracts/contacts.values';
import { AboutSection } from '../features/landing/about-section';
import { BlogSection, LANDING_FEATURED_POSTS } from '../features/landing/blog-section';
import { ContactSection } from '../features/landing/contact-section';
import { HeroSection } from '../features/landing/hero-section';
import { InternshipsSection } from '../features/landing/internships-section';
import { PricingSection } from '../features/landing/pricing-section';
import { ServicesSection } from '../features/landing/services-section';
import { TechStackSection } from '../features/landing/tech-stack-section';
import { TestimonialsSection } from '../features/landing/testimonials-section';
import { LANDING_FEATURED_PROJECTS, PortfolioSection } from '../features/landing/portfolio-section';
import type { QuoteFormAnswer } from '../features/landing/quote-form';
import { contactFieldMax, contactFormValues, type ContactFormErrors } from '../features/landing/quote-form-state';
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

/** The landing page, its sections in the specified anchor order (spec 01, section 2). */
export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  const [search] = useSearchParams();
  // The root loader succeeded, or the root error boundary would render instead of this page.
  if (!root) return null;
  const { company } = root;
  const { content } = loaderData;
  return (
    <>
      <HeroSection company={company} />
      <ServicesSection services={content.services} />
      <ContactSection
        company={company}
        form={{
          preset: quoteFormPreset(search, company.coreServices),
          sent: search.get(QUOTE_SENT_PARAM) === QUOTE_SENT_VALUE,
          answer: actionData ?? null,
        }}
      />
      <PortfolioSection projects={loaderData.featuredProjects} />
      <AboutSection company={company} team={content.team} />
      <TechStackSection groups={content.techStack} />
      <PricingSection packages={content.packages} />
      <TestimonialsSection testimonials={content.testimonials} />
      <BlogSection posts={loaderData.featuredPosts} />
      <InternshipsSection internships={content.internships} />
    </>
  );
}
