import { describe, expect, it } from 'vitest';
import { PortfolioMessage } from '../../../shared/contracts/portfolio';
import {
  addTechnology,
  galleryItem,
  industryOption,
  newProjectValues,
  newTestimonial,
  projectProblems,
  tabOfField,
  tableTechnologies,
  valuesToInput,
  type ProjectFormValues,
} from './project-form-values';

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
    const first = (values: ProjectFormValues) => projectProblems(values)[0]?.message;
    expect(first(newProjectValues())).toBe(PortfolioMessage.TITLE_REQUIRED);
    expect(first(filled({ title: '   ' }))).toBe(PortfolioMessage.TITLE_REQUIRED);
    expect(first(filled({ short_description: '' }))).toBe(PortfolioMessage.DESCRIPTION_REQUIRED);
    expect(first(filled({ client: ' ' }))).toBe(PortfolioMessage.CLIENT_REQUIRED);
    expect(first(filled({ results: '' }))).toBe(PortfolioMessage.RESULTS_REQUIRED);
    expect(first(filled({ technologies: ' , ,' }))).toBe(PortfolioMessage.TECHNOLOGY_REQUIRED);
    expect(projectProblems(filled())).toEqual([]);
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
    const problems = projectProblems(filled({ case_study_url: 'javascript:alert(1)' }));
    expect(problems[0]?.field).toBe('case_study_url');
    expect(tabOfField('case_study_url')).toBe('details');
    expect(tabOfField('gallery')).toBe('media');
    expect(tabOfField('testimonials')).toBe('testimonials');
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
