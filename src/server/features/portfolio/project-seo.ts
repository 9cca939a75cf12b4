import type { ProjectInputValues, ProjectWriteRequest } from '../../../shared/contracts/portfolio-admin';
import { toAddress, toPlainText } from './portfolio-text';

/*
 * A project's search and share fields: the title and description search engines and link previews show,
 * and the image a shared link shows. Null when empty: the page then uses the title, the short description
 * and the main image.
 */

export type ProjectSeo = Pick<ProjectInputValues, 'seo_title' | 'seo_description' | 'share_image_url'>;
type Stored = { [K in keyof ProjectSeo]: string | null };

const plain = (value: unknown): string | null => (typeof value === 'string' ? toPlainText(value) || null : null);

/** Just the SEO fields of a row or of form values. */
export const projectSeoOf = (values: Stored): Stored => ({
  seo_title: values.seo_title,
  seo_description: values.seo_description,
  share_image_url: values.share_image_url,
});

/**
 * The SEO fields of a request: text made plain and trimmed, the address trimmed, blank null. A field that
 * was not sent keeps `current` (PUT), or is null (POST).
 */
export function projectSeoValues(body: ProjectWriteRequest, current?: ProjectSeo): ProjectSeo {
  const read = (key: keyof ProjectSeo, parse: (value: unknown) => string | null) =>
    body[key] !== undefined || !current ? parse(body[key]) : (current[key] ?? null);
  return {
    seo_title: read('seo_title', plain),
    seo_description: read('seo_description', plain),
    share_image_url: read('share_image_url', toAddress),
  };
}
