import type { Route } from './+types/home';
import { AboutSection } from '../features/landing/about-section';
import { ContactSection } from '../features/landing/contact-section';
import { HeroSection } from '../features/landing/hero-section';
import { useRootData } from '../lib/root-data';
import { pageMeta, rootDataFromMatches } from '../lib/seo';

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
export default function Home() {
  const root = useRootData();
  // The root loader succeeded, or the root error boundary would render instead of this page.
  if (!root) return null;
  const { company } = root;
  return (
    <>
      <HeroSection company={company} />
      <ContactSection company={company} />
      <AboutSection company={company} />
    </>
  );
}
