/*
 * The landing page's own content: services, team members, testimonials, pricing packages,
 * internships and the technology stack. Plain types and texts, no zod, so that the public pages can import
 * them (ADR 0010); src/shared/contracts/site-content.ts holds the API's schemas.
 */

import { PORTFOLIO_FEATURED_COUNT } from './portfolio.values';

/** A service card. `icon` names a lucide icon; the page falls back to a generic one. */
export interface ServiceCard {
  id: number;
  title: string;
  text: string;
  icon: string | null;
  image_url: string | null;
  background_url: string | null;
  light: boolean;
  featured: boolean;
}

export interface TeamMemberSocial {
  linkedin: string | null;
  github: string | null;
  twitter: string | null;
  email: string | null;
}

export interface TeamMemberCard {
  id: number;
  name: string;
  position: string;
  bio: string | null;
  image: string | null;
  skills: string[];
  social: TeamMemberSocial;
}

export interface TestimonialCard {
  id: number;
  name: string;
  position: string | null;
  company: string | null;
  text: string;
  /** 1 to 5. */
  rating: number;
  image: string | null;
}

export interface PricingPackageCard {
  id: number;
  title: string;
  description: string | null;
  /** Display text such as 'Starting at $999'; null: a custom quote. */
  price: string | null;
  cta_text: string;
  cta_url: string;
  features: string[];
}

export interface InternshipCard {
  id: number;
  title: string;
  duration: string;
  level: string;
  description: string;
  hours_per_week: string | null;
  skills: string[];
  requirements: string[];
}

export interface TechStackGroup {
  id: number;
  title: string;
  items: string[];
}

/** What the landing page reads for its sections; each is null when it could not be read. */
export interface LandingContent {
  services: ServiceCard[] | null;
  team: TeamMemberCard[] | null;
  techStack: TechStackGroup[] | null;
  packages: PricingPackageCard[] | null;
  testimonials: TestimonialCard[] | null;
  internships: InternshipCard[] | null;
}

/** Landing page: 3 featured published posts. */
export const LANDING_FEATURED_POSTS = 3;

/** Landing page: up to 6 featured published projects. */
export const LANDING_FEATURED_PROJECTS = PORTFOLIO_FEATURED_COUNT;

/** The landing page's anchors in order, plus the testimonials'. */
export const LandingAnchor = {
  HERO: 'hero',
  SERVICES: 'services',
  QUOTE: 'get-quote',
  PORTFOLIO: 'portfolio',
  ABOUT: 'about',
  TECH_STACK: 'how-to-use',
  PRICING: 'pricing',
  TESTIMONIALS: 'testimonials',
  BLOG: 'blog',
  INTERNSHIPS: 'internships',
} as const;

/** Shown in place of a price. */
export const CUSTOM_QUOTE = 'Custom Quote';

/** The four steps of an internship application. */
export const internshipSteps = [
  { title: 'Apply', text: 'Send us your details and portfolio through the form.' },
  { title: 'Interview', text: 'A short call about your interests and experience.' },
  { title: 'Project', text: 'A small trial task that matches the program.' },
  { title: 'Start', text: 'Join the team, with a mentor and a real project.' },
] as const;

/** The landing sections' texts. */
export const SiteContentMessage = {
  SERVICES_HEADING: 'Professional Services That Drive Business Growth',
  SERVICES_FAILED: 'Failed to load services',
  TEAM_FAILED: 'Failed to load the team',
  TECH_STACK_FAILED: 'Failed to load the technology stack',
  PACKAGES_FAILED: 'Failed to load pricing',
  TESTIMONIALS_FAILED: 'Failed to load testimonials',
  INTERNSHIPS_FAILED: 'Failed to load internships',
  LEARN_MORE: 'Learn more',
} as const;
