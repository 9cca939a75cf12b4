import type { RevisionField } from '../../components/admin/revisions-dialog';

/** The fields a project's revisions keep, as the Revisions dialog names them (ADR 0041). */
export const PROJECT_REVISION_FIELDS: RevisionField[] = [
  { name: 'title', label: 'Title' },
  { name: 'short_description', label: 'Short description' },
  { name: 'description', label: 'Description' },
  { name: 'client', label: 'Client' },
  { name: 'industry', label: 'Industry' },
  { name: 'category', label: 'Category' },
  { name: 'technologies', label: 'Technologies' },
  { name: 'results', label: 'Results' },
  { name: 'technical_specs', label: 'Technical specs' },
  { name: 'status', label: 'Status' },
  { name: 'completion_date', label: 'Completion date' },
  { name: 'image_url', label: 'Main image' },
  { name: 'live_url', label: 'Live site' },
  { name: 'case_study_url', label: 'Case study' },
  { name: 'seo_title', label: 'SEO title' },
  { name: 'seo_description', label: 'SEO description' },
  { name: 'share_image_url', label: 'Share image' },
  { name: 'gallery', label: 'Gallery' },
  { name: 'team', label: 'Team' },
  { name: 'testimonials', label: 'Testimonials' },
  { name: 'colorful', label: 'Colourful card' },
];
