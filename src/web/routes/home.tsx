import type { Route } from './+types/home';
import { AboutSection } from '../features/landing/about-section';
import { BlogSection, LANDING_FEATURED_POSTS } from '../features/landing/blog-section';
import { ContactSection } from '../features/landing/contact-section';
import { HeroSection } from '../features/landing/hero-section';
import { LANDING_FEATURED_PROJECTS, PortfolioSection } from '../features/landing/portfolio-section';
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
  const featuredPosts = await context.blog
    .listPosts({ featured: 'true', limit: LANDING_FEATURED_POSTS, sort: 'newest' })
    .then((list) => list.posts)
    .catch((error: unknown) => {
      // The section shows its own message with Try Again; the rest of the page still renders.
      console.error('Featured blog posts failed to load', error);
      return null;
    });
  return { featuredPosts, featuredProjects: await featuredProjects };
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

/** The landing page. Sections follow the specified anchor order; later issues add the rest. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  // The root loader succeeded, or the root error boundary would render instead of this page.
  if (!root) return null;
  const { company } = root;
  return (
    <>
      <HeroSection company={company} />
      <ContactSection company={company} />
      <PortfolioSection projects={loaderData.featuredProjects} />
      <AboutSection company={company} />
      <BlogSection posts={loaderData.featuredPosts} />
    </>
  );
}
