import { describe, expect, it } from 'vitest';
import { blogPostInputSchema, type BlogAdminPost } from '../../../shared/contracts/blog-admin';
import { localToday, newPostValues, postToValues, valuesToInput } from './post-form-values';

const content = `<p>${'word '.repeat(401).trim()}</p>`;

describe('the blog form values', () => {
  it('starts a new post with the company as author, today, published and not featured', () => {
    expect(newPostValues('Acme', '2026-01-02')).toMatchObject({
      author: 'Acme',
      date: '2026-01-02',
      published: true,
      featured: false,
    });
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('applies the form rules: tags, read time, SEO defaults, image URL', () => {
    const values = {
      ...newPostValues('', '2026-01-02'),
      title: ' Hello ',
      excerpt: 'Short',
      content,
      category_id: '3',
      image_url: ' `https://cdn.example.com/a.png` ',
      tags: ' a, ,b , A',
    };
    const input = valuesToInput(values, 'Acme', '2026-01-02');
    expect(input).toMatchObject({
      title: 'Hello',
      author: 'Acme',
      category_id: 3,
      read_time: '3 min read',
      image_url: 'https://cdn.example.com/a.png',
      tags: ['a', 'b'],
      seo_title: 'Hello',
      seo_description: 'Short',
      seo_keywords: [],
    });
    expect(blogPostInputSchema.safeParse(input).success).toBe(true);
    expect(valuesToInput({ ...values, tags: '', read_time: '7' }, 'Acme', 'x')).toMatchObject({
      tags: ['general'],
      read_time: '7 min read',
    });
  });

  it('reports short content and a read time under 1', () => {
    const values = { ...newPostValues('Acme', '2026-01-02'), title: 'T', excerpt: 'E', category_id: '1' };
    const result = blogPostInputSchema.safeParse(
      valuesToInput({ ...values, content: '<p>too short</p>', read_time: '0', image_url: '/a.png' }, 'Acme', 'x'),
    );
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages).toContain('Content must be at least 50 characters long.');
    expect(messages).toContain('Read time must be a number of minutes, at least 1.');
  });

  it('loads a stored post back into the form', () => {
    const post = {
      id: 1,
      slug: 's',
      title: 'T',
      excerpt: 'E',
      content: '<p>x</p>',
      image_url: null,
      category: null,
      category_id: 4,
      tags: ['a', 'b'],
      author: 'Me',
      date: '2025-03-05',
      read_time: '6 min read',
      views: 0,
      likes: 0,
      featured: true,
      published: false,
      created_at: '',
      updated_at: '',
      seo_title: null,
      seo_description: 'D',
      seo_keywords: ['k1', 'k2'],
      sort_order: 0,
      published_at: null,
      status: 'scheduled',
      publish_at: '2026-12-01T04:00:00.000Z',
      version: 1,
    } satisfies BlogAdminPost;
    // The publish time as the site's wall clock (Karachi, five hours ahead of UTC).
    expect(postToValues(post, 'Asia/Karachi')).toEqual({
      title: 'T',
      slug: post.slug,
      category_id: '4',
      excerpt: 'E',
      content: '<p>x</p>',
      author: 'Me',
      date: '2025-03-05',
      read_time: '6',
      image_url: '',
      tags: 'a, b',
      seo_title: '',
      seo_description: 'D',
      seo_keywords: 'k1, k2',
      published: false,
      publish_at: '2026-12-01T09:00',
      featured: true,
    });
  });
});
