/*
 * The portfolio's plain values (sizes, option lists, limits, texts) and pure helpers: no zod, so the public
 * pages can import them without the schemas. src/shared/contracts/portfolio.ts re-exports them.
 */

/** The documented list sizes (the public list's page size is in portfolio-display.values.ts). */
export const PORTFOLIO_MAX_PAGE_SIZE = 100;
export const PORTFOLIO_FEATURED_COUNT = 6;
export const PORTFOLIO_RECENT_COUNT = 4;
export const PORTFOLIO_RELATED_COUNT = 4;
/** "Projects You May Need": at most 6. */
export const PORTFOLIO_MAX_RELATED = 6;
export const PORTFOLIO_CATEGORY_COUNT = 10;
export const PORTFOLIO_MAX_SHORT_LIST = 24;
/** Gallery capacity per project. */
export const PORTFOLIO_GALLERY_MAX = 10;
export const PORTFOLIO_TOP_TECHNOLOGIES = 5;

/** Stored status values; the API also accepts 'completed' for 'done'. */
export const projectStatuses = ['progress', 'done'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export const projectStatusInputs = ['progress', 'done', 'completed'] as const;

/** Industry options of the public filter. */
export const publicIndustryOptions = ['E-Commerce', 'Healthcare', 'Education', 'Finance', 'Technology', 'Real Estate'];
/** Industry options of the admin form; Technology is the default. */
export const adminIndustryOptions = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'E-commerce',
  'Real Estate',
  'Manufacturing',
  'Entertainment',
  'Non-profit',
  'Government',
];
export const DEFAULT_INDUSTRY = 'Technology';
/** Technology options of the public filter. */
export const publicTechnologyOptions = ['React', 'Vue.js', 'Node.js', 'Laravel', 'MongoDB', 'MySQL', 'AWS', 'Docker'];
/** The admin form's technology suggestions; quick-add offers the first 10. */
export const technologySuggestions = [
  'React',
  'Vue.js',
  'Angular',
  'Node.js',
  'Express',
  'MongoDB',
  'PostgreSQL',
  'Python',
  'Django',
  'Flask',
  'PHP',
  'Laravel',
  'WordPress',
  'Shopify',
  'AWS',
  'Azure',
  'Docker',
  'Kubernetes',
  'GraphQL',
  'REST API',
  'TypeScript',
  'JavaScript',
  'HTML5',
  'CSS3',
  'Tailwind CSS',
  'Bootstrap',
  'React Native',
  'Flutter',
  'Swift',
  'Kotlin',
  'Unity',
  'Blockchain',
];

/** Column sizes (characters) of the portfolio tables. */
export const PROJECT_LIMITS = {
  title: 300,
  short_description: 1000,
  client: 200,
  industry: 100,
  category: 100,
  url: 500,
  seoTitle: 300,
  seoDescription: 1000,
  technology: 100,
  technologies: 50,
  galleryTitle: 300,
  teamName: 200,
  teamRole: 200,
  teamMembers: 50,
  testimonialName: 200,
  testimonialPosition: 200,
  testimonialCompany: 200,
  testimonials: 50,
  longText: 50_000,
} as const;

/** Messages of the portfolio API; the validation ones in the order the spec checks them. */
export const PortfolioMessage = {
  PROJECT_NOT_FOUND: 'Project not found',
  TITLE_REQUIRED: 'Please enter a project title',
  DESCRIPTION_REQUIRED: 'Please enter project description',
  CLIENT_REQUIRED: 'Please enter client name',
  RESULTS_REQUIRED: 'Please enter project results',
  TECHNOLOGY_REQUIRED: 'Please select at least one technology before submitting',
  TOO_LONG: '{label} must be at most {max} characters.',
  TOO_MANY: 'At most {max} {items} can be saved.',
  URL_INVALID: '{label} must be a web address starting with http:// or https:// (or a path on this site).',
  STATUS_INVALID: 'Status must be progress or done.',
  DATE_INVALID: 'Completion date must be a valid date (YYYY-MM-DD).',
  GALLERY_FULL: 'Cannot upload {count} images. Only {remaining} slots remaining in gallery.',
  GALLERY_URL_REQUIRED: 'Every gallery image needs an address.',
  TEAM_NAME_REQUIRED: 'Please enter a name for each team member.',
  TESTIMONIAL_NAME_REQUIRED: 'Please enter a name for each testimonial.',
  TESTIMONIAL_TEXT_REQUIRED: 'Please enter the text of each testimonial.',
  RATING_INVALID: 'Rating must be a whole number from 1 to 5.',
  ORDER_DUPLICATES: 'Each project may appear only once in the order.',
  ORDER_REQUIRED: 'Send projectIds (in the new order) or order ([{id, order}]).',
  CREATED: 'Project created successfully',
  UPDATED: 'Project updated successfully',
  DELETED: 'Project deleted successfully',
  BULK_DONE: '{count} projects {action} successfully',
  BULK_DELETED: '{count} projects deleted successfully',
  ORDER_SAVED: 'Project order saved successfully',
  // The public pages when the projects cannot be read.
  SECTION_FAILED: 'Failed to load portfolio projects. Please try again later.',
  LIST_FAILED: 'Failed to load portfolio data',
  PROJECT_FAILED: 'Failed to load project. Please try again later.',
} as const;

// ---------------------------------------------------------------- public reads

/** List-page sort values: Newest First, Oldest First, A-Z ('title' or 'alphabetical'), By Client. */
export const portfolioSorts = ['newest', 'oldest', 'title', 'alphabetical', 'client'] as const;
export type PortfolioSort = (typeof portfolioSorts)[number];
export const portfolioSortFields = [
  'created_at',
  'updated_at',
  'completion_date',
  'title',
  'client',
  'likes',
  'sort_order',
] as const;
export type PortfolioSortField = (typeof portfolioSortFields)[number];
export const portfolioSortDirections = ['asc', 'desc'] as const;
export type PortfolioSortDirection = (typeof portfolioSortDirections)[number];
