import {
  applyBlogFormRules,
  parseReadTime,
  type BlogAdminPost,
  type BlogPostInput,
} from '../../../shared/contracts/blog-admin';
import { toSiteLocal } from '../../lib/site-time';

/** The blog form as typed: text for every input, booleans for the two checkboxes. */
export interface PostFormValues {
  title: string;
  /** The address /blog/{slug}; blank on a new post: made from the title. */
  slug: string;
  category_id: string;
  excerpt: string;
  /** HTML from the editor. */
  content: string;
  author: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Minutes, or blank to compute from the content. */
  read_time: string;
  image_url: string;
  /** Comma-separated. */
  tags: string;
  seo_title: string;
  seo_description: string;
  /** Comma-separated. */
  seo_keywords: string;
  published: boolean;
  /** The site's wall-clock time to go live ("YYYY-MM-DDTHH:mm"), or '' when not scheduled (ADR 0040). */
  publish_at: string;
  featured: boolean;
}

export const postFormFields = [
  'title',
  'slug',
  'category_id',
  'excerpt',
  'content',
  'author',
  'date',
  'read_time',
  'image_url',
  'tags',
  'seo_title',
  'seo_description',
  'seo_keywords',
  'published',
  'publish_at',
  'featured',
] as const satisfies ReadonlyArray<keyof PostFormValues>;
export type PostFormField = (typeof postFormFields)[number];

/** Today in the browser's time zone, YYYY-MM-DD (the post date is a calendar day). */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new post: the company as author, today's date, published and not featured. */
export function newPostValues(companyName: string, today: string): PostFormValues {
  return {
    title: '',
    slug: '',
    category_id: '',
    excerpt: '',
    content: '',
    author: companyName,
    date: today,
    read_time: '',
    image_url: '',
    tags: '',
    seo_title: '',
    seo_description: '',
    seo_keywords: '',
    published: true,
    publish_at: '',
    featured: false,
  };
}

/** A stored post in the form (read time as minutes; lists as comma-separated text; times in the site's zone). */
export function postToValues(post: BlogAdminPost, siteTimeZone: string): PostFormValues {
  const minutes = parseReadTime(post.read_time);
  return {
    title: post.title,
    slug: post.slug,
    category_id: post.category_id === null ? '' : String(post.category_id),
    excerpt: post.excerpt,
    content: post.content,
    author: post.author,
    date: post.date,
    read_time: minutes === null ? '' : String(minutes),
    image_url: post.image_url ?? '',
    tags: post.tags.join(', '),
    seo_title: post.seo_title ?? '',
    seo_description: post.seo_description ?? '',
    seo_keywords: post.seo_keywords.join(', '),
    published: post.published,
    publish_at: post.publish_at ? toSiteLocal(post.publish_at, siteTimeZone) : '',
    featured: post.featured,
  };
}

/** The form after the blog-form rules, exactly as it is sent and previewed. */
export function valuesToInput(values: PostFormValues, companyName: string, today: string): BlogPostInput {
  return applyBlogFormRules(values, { companyName, today });
}

/** The server names fields as the body does; anything else is shown with the form message. */
export function formFieldOf(name: string): PostFormField | undefined {
  const field = name.split('.')[0];
  return (postFormFields as readonly string[]).includes(field ?? '') ? (field as PostFormField) : undefined;
}
