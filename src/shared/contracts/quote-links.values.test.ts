import { describe, expect, it } from 'vitest';
import { QUOTE_SUBJECT_MAX, quoteFormHref, quoteFormPreset } from './quote-links.values';

const SERVICES = ['Web Development', 'Mobile Apps'];

describe('quoteFormHref', () => {
  it('is the bare anchor without a preset', () => {
    expect(quoteFormHref()).toBe('/#get-quote');
    expect(quoteFormHref({ service: '  ', subject: '' })).toBe('/#get-quote');
  });

  it('carries the service and subject, encoded, before the anchor', () => {
    const href = quoteFormHref({ service: 'Web Development', subject: 'Project like R&D #1 / 100%' });
    expect(href.endsWith('#get-quote')).toBe(true);
    const url = new URL(href, 'https://example.com');
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('service')).toBe('Web Development');
    expect(url.searchParams.get('subject')).toBe('Project like R&D #1 / 100%');
    expect(url.hash).toBe('#get-quote');
  });

  it('round-trips through quoteFormPreset', () => {
    const url = new URL(quoteFormHref({ service: 'Mobile Apps', subject: 'Project like Bloom' }), 'https://x.test');
    expect(quoteFormPreset(url.searchParams, SERVICES)).toEqual({
      service: 'Mobile Apps',
      message: 'Project like Bloom',
    });
  });
});

describe('quoteFormPreset', () => {
  it('drops a service that is not offered and keeps an empty form without a query', () => {
    expect(quoteFormPreset(new URLSearchParams('service=Hacking'), SERVICES)).toEqual({ service: '', message: '' });
    expect(quoteFormPreset(new URLSearchParams(''), SERVICES)).toEqual({ service: '', message: '' });
  });

  it('takes a service in any letter case, as the option spells it', () => {
    const query = new URLSearchParams({ service: ' web DEVELOPMENT ', subject: 'About Web Development' });
    expect(quoteFormPreset(query, SERVICES)).toEqual({
      service: 'Web Development',
      message: 'About Web Development',
    });
  });

  it('puts the subject on one line without control characters, cut to its limit', () => {
    const query = new URLSearchParams({ subject: ' Line one\n\tline\u0007two ' });
    expect(quoteFormPreset(query, SERVICES).message).toBe('Line one line two');
    const long = quoteFormPreset(new URLSearchParams({ subject: '😀'.repeat(QUOTE_SUBJECT_MAX + 10) }), SERVICES);
    expect([...long.message]).toHaveLength(QUOTE_SUBJECT_MAX);
  });
});
