import { PublishingMessage } from '../../../shared/contracts/publishing.values';
import { describe, expect, it } from 'vitest';
import type { ProjectDetail } from '../../../shared/contracts/portfolio';
import { PortfolioMessage } from '../../../shared/contracts/portfolio.values';
import {
  addTechnology,
  galleryItem,
  industryOption,
  newProjectValues,
  newTestimonial,
  projectProblems,
  projectToValues,
  tabOfField,
  tableTechnologies,
  valuesToInput,
  type ProjectFormValues,
} from './project-form-values';

/** A stored project as the staff read of it answers. */
function projectDetail(): ProjectDetail {
  return {
    id: 1,
    slug: 'shop',
    title: 'Shop',
    short_description: 'An online shop',
    client: 'Acme',
    industry: 'Technology',
    category: null,
    status: 'progress',
    image_url: null,
    live_url: null,
    case_study_url: null,
    completion_date: null,
    featured: false,
    colorful: false,
    likes: 0,
    technologies: ['React'],
    created_at: '2026-01-01T00:00:00.000Z',
    description: null,
    results: 'Sales doubled',
    technical_specs: null,
    seo_title: null,
    seo_description: null,
    share_image_url: null,
    gallery: [],
    team: [],
    testimonials: [],
  };
}

function filled(change: Partial<ProjectFormValues> = {}): ProjectFormValues {
  return {
    ...newProjectValues(),
    title: 'Shop',
    short_description: 'An online shop',
    client: 'Acme',
    results: 'Sales doubled',
    technologies: 'React',
    ...change,
  };
}

describe('project form values', () => {
  it('defaults to Technology, In Progress and published', () => {
    expect(newProjectValues()).toMatchObject({ industry: 'Technology', status: 'progress', published: true });
    expect(newTestimonial().rating).toBe(5);
  });

  it('reads a stored industry as the documented option whatever its letter case', () => {
    expect(industryOption('E-Commerce')).toBe('E-commerce');
    expect(industryOption(' real estate ')).toBe('Real Estate');
    expect(industryOption('Technology')).toBe('Technology');
    expect(industryOption('Space Travel')).toBe('Space Travel');
  });

  it('checks in the documented order with the documented messages', () => {
    const first = (values: ProjectFormValues) => projectProblems(values, 'UTC')[0]?.message;
    expect(first(newProjectValues())).toBe(PortfolioMessage.TITLE_REQUIRED);
    expect(first(filled({ title: '   ' }))).toBe(PortfolioMessage.TITLE_REQUIRED);
    expect(first(filled({ short_description: '' }))).toBe(PortfolioMessage.DESCRIPTION_REQUIRED);
    expect(first(filled({ client: ' ' }))).toBe(PortfolioMessage.CLIENT_REQUIRED);
    expect(first(filled({ results: '' }))).toBe(PortfolioMessage.RESULTS_REQUIRED);
    expect(first(filled({ technologies: ' , ,' }))).toBe(PortfolioMessage.TECHNOLOGY_REQUIRED);
    expect(projectProblems(filled(), 'UTC')).toEqual([]);
    // Scheduled without a time: the schedule field is named.
    expect(projectProblems(filled({ publish_at: '2026-12-01' }), 'UTC')).toEqual([
      { field: 'publish_at', path: '', message: PublishingMessage.PUBLISH_AT_REQUIRED },
    ]);
  });

  it('splits technologies, trims text and leaves out empty rows', () => {
    const input = valuesToInput(
      filled({
        technologies: ' React , , Node.js,react ',
        description: '  ',
        live_url: ' https://example.com ',
        gallery: [galleryItem('/uploads/files/a.png', ' Home ')],
        testimonials: [newTestimonial(), { ...newTestimonial(), name: 'Ann', text: 'Great', rating: 4 }],
      }),
    );
    expect(input.technologies).toEqual(['React', 'Node.js']);
    expect(input.description).toBeNull();
    expect(input.live_url).toBe('https://example.com');
    expect(input.gallery).toEqual([{ url: '/uploads/files/a.png', title: 'Home' }]);
    expect(input.testimonials).toEqual([{ name: 'Ann', position: null, company: null, text: 'Great', rating: 4 }]);
  });

  it('refuses a script address and names the field and its tab', () => {
    const problems = projectProblems(filled({ case_study_url: 'javascript:alert(1)' }), 'UTC');
    expect(problems[0]?.field).toBe('case_study_url');
    expect(tabOfField('case_study_url')).toBe('details');
    expect(tabOfField('gallery')).toBe('media');
    expect(tabOfField('testimonials')).toBe('testimonials');
  });

  it('reads and sends the SEO fields: trimmed, blanks as null, limits and image address checked', () => {
    const stored = {
      seo_title: 'Shop SEO',
      seo_description: null,
      share_image_url: '/uploads/files/share.webp',
    };
    expect(projectToValues({ ...projectDetail(), ...stored }, 'UTC')).toMatchObject({
      seo_title: 'Shop SEO',
      seo_description: '',
      share_image_url: '/uploads/files/share.webp',
    });
    expect(
      valuesToInput(filled({ seo_title: '  Shop SEO ', seo_description: '   ', share_image_url: '' })),
    ).toMatchObject({ seo_title: 'Shop SEO', seo_description: null, share_image_url: null });
    const firstOf = (change: Partial<ProjectFormValues>) => projectProblems(filled(change), 'UTC')[0];
    expect(firstOf({ seo_title: 'x'.repeat(301) })).toEqual({
      field: 'seo_title',
      path: '',
      message: 'SEO title must be at most 300 characters.',
    });
    expect(firstOf({ seo_description: 'x'.repeat(1001) })?.field).toBe('seo_description');
    expect(firstOf({ share_image_url: 'javascript:alert(1)' })?.field).toBe('share_image_url');
    expect(
      projectProblems(filled({ seo_title: 'x'.repeat(300), share_image_url: 'https://a.example/b.png' }), 'UTC'),
    ).toEqual([]);
    expect(tabOfField('share_image_url')).toBe('details');
  });

  it('adds a quick-pick technology once, whatever its letter case', () => {
    expect(addTechnology('', 'React')).toBe('React');
    expect(addTechnology('React, Vue.js', 'Docker')).toBe('React, Vue.js, Docker');
    expect(addTechnology('react, Vue.js', 'React')).toBe('react, Vue.js');
  });

  it('shows two technologies cut at 8 characters plus the count of the rest', () => {
    expect(tableTechnologies(['Kubernetes', 'React', 'AWS', 'Docker'])).toEqual({
      shown: [
        { name: 'Kubernetes', label: 'Kubernet', cut: true },
        { name: 'React', label: 'React', cut: false },
      ],
      more: 2,
    });
    expect(tableTechnologies([])).toEqual({ shown: [], more: 0 });
  });
});
