import type { RevisionField } from '../../components/admin/revisions-dialog';

/** The fields a post's revisions keep, as the Revisions dialog names them (ADR 0041). */
export const POST_REVISION_FIELDS: RevisionField[] = [
  { name: 'title', label: 'Title' },
  { name: 'slug', label: 'Slug' },
  { name: 'excerpt', label: 'Excerpt' },
  { name: 'content', label: 'Content', html: true },
  { name: 'category_id', label: 'Category' },
  { name: 'author', label: 'Author' },
  { name: 'date', label: 'Date' },
  { name: 'read_time', label: 'Read time (min)' },
  { name: 'image_url', label: 'Featured image' },
  { name: 'tags', label: 'Tags' },
  { name: 'seo_title', label: 'SEO title' },
  { name: 'seo_description', label: 'SEO description' },
  { name: 'seo_keywords', label: 'SEO keywords' },
];
