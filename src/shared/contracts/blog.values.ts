/*
 * The blog's plain values (sizes, option lists, texts) and pure helpers: no zod, so the public pages
 * can import them without the schemas. src/shared/contracts/blog.ts re-exports them.
 */

/** Blog list page size and related-post count. */
export const BLOG_PAGE_SIZE = 10;
export const BLOG_MAX_PAGE_SIZE = 100;
export const BLOG_RELATED_COUNT = 3;
export const BLOG_MAX_RELATED = 10;
/**
 * The most posts a visitor's search answers (ADR 0021): a search matching more reports this `total`
 * (the list page shows "1,000+") and pages through the first 1,000 matches (by relevance: the newest
 * 1,000, ranked).
 */
export const BLOG_SEARCH_MAX_RESULTS = 1000;

/** Sort values of the blog list page: newest is the default. */
export const blogSorts = ['newest', 'oldest', 'popular', 'alphabetical'] as const;
export type BlogSort = (typeof blogSorts)[number];
/** Columns a caller may name in sortBy; popularity is views + 2 x likes. */
export const blogSortFields = ['date', 'created_at', 'title', 'views', 'likes', 'popularity', 'sort_order'] as const;
export type BlogSortField = (typeof blogSortFields)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/** Reading-time filter of the list page (minutes, from the post's read time). */
export const blogReadTimes = ['quick', 'medium', 'long'] as const;
export type BlogReadTime = (typeof blogReadTimes)[number];
export const blogReadTimeOptions: ReadonlyArray<{
  value: BlogReadTime;
  label: string;
  min: number;
  max: number | null;
}> = [
  { value: 'quick', label: 'Quick read (up to 5 min)', min: 1, max: 5 },
  { value: 'medium', label: 'Medium read (6-10 min)', min: 6, max: 10 },
  { value: 'long', label: 'Long read (over 10 min)', min: 11, max: null },
];

/** Date-range filter of the list page, relative to today (UTC). */
export const blogDateRanges = ['week', 'month', 'year'] as const;
export type BlogDateRange = (typeof blogDateRanges)[number];
export const blogDateRangeOptions: ReadonlyArray<{ value: BlogDateRange; label: string; days: number }> = [
  { value: 'week', label: 'Past week', days: 7 },
  { value: 'month', label: 'Past month', days: 30 },
  { value: 'year', label: 'Past year', days: 365 },
];

/** Minutes as the site shows them. */
export function formatReadTime(minutes: number): string {
  return `${Math.max(1, minutes)} min read`;
}

/** A comment's moderation status, as stored and as staff filter by it. */
export const commentStatuses = ['pending', 'approved', 'spam'] as const;
export type CommentStatus = (typeof commentStatuses)[number];

/** Comment limits (characters), matching the blog_comments columns. */
export const COMMENT_NAME_MAX = 100;
export const COMMENT_EMAIL_MAX = 320;
export const COMMENT_MESSAGE_MAX = 2000;

export const BlogMessage = {
  COMMENT_POSTED: 'Comment posted successfully!',
} as const;
