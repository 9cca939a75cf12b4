import type { ProjectDetail } from '../../../shared/contracts/portfolio';
import { ogImageUrl } from '../../../shared/contracts/image-variants';
import type { RootData } from '../../lib/root-data';
import { PORTFOLIO_PATH } from '../../components/portfolio/project-format';

/** An address on this site made absolute with the configured public URL; absolute ones stay. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * The social-card image of a project: its share image, else its main image; of an upload the 1200x630
 * 'og' variant, else the image itself.
 */
export function projectOgImage(project: ProjectDetail, publicUrl: string): string | undefined {
  const image = project.share_image_url || project.image_url;
  return image ? absoluteUrl(publicUrl, ogImageUrl(image)) : undefined;
}

/** The title search engines and link previews show: the SEO title, else the title. */
export const projectSeoTitle = (project: ProjectDetail): string => project.seo_title || project.title;

/** The meta description: the SEO description as written, else the short description or the start of the long one. */
export function projectDescription(project: ProjectDetail): string {
  if (project.seo_description) return project.seo_description;
  const text = (project.short_description || project.description || '').replace(/\s+/g, ' ').trim();
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}...` : text;
}

/** CreativeWork and BreadcrumbList structured data (React Router escapes '<' in the JSON it writes). */
export function projectJsonLd(project: ProjectDetail, root: RootData, url: string, image: string | undefined) {
  const organization = { '@type': 'Organization', name: root.company.name, url: `${root.publicUrl}/` };
  const creativeWork: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: project.title,
    description: projectDescription(project),
    url,
    creator: organization,
    publisher: organization,
    genre: project.industry || undefined,
    keywords: project.technologies.length > 0 ? project.technologies.join(', ') : undefined,
    dateCreated: project.created_at,
    ...(project.completion_date ? { datePublished: project.completion_date } : {}),
    ...(image ? { image } : {}),
    ...(project.client ? { sourceOrganization: { '@type': 'Organization', name: project.client } } : {}),
  };
  const breadcrumb = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${root.publicUrl}/` },
      { '@type': 'ListItem', position: 2, name: 'Portfolio', item: `${root.publicUrl}${PORTFOLIO_PATH}` },
      { '@type': 'ListItem', position: 3, name: project.title, item: url },
    ],
  };
  return { creativeWork, breadcrumb };
}
