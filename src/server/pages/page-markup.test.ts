import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './page-markup';

describe('lowPriorityModulePreloads', () => {
  it('gives every module preload a low fetch priority and leaves the rest of the page as it was', () => {
    const head =
      '<head><link rel="stylesheet" href="/assets/site.css" data-precedence="default"/>' +
      '<link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>' +
      '<link rel="preload" as="image" fetchPriority="high" href="/a.webp"/></head>';
    expect(lowPriorityModulePreloads(head)).toBe(
      '<head><link rel="stylesheet" href="/assets/site.css" data-precedence="default"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>' +
        '<link rel="preload" as="image" fetchPriority="high" href="/a.webp"/></head>',
    );
  });

  it('does not touch text that only mentions a preload', () => {
    const text = '<p>&lt;link rel=&quot;modulepreload&quot; href=&quot;/x.js&quot;/&gt;</p>';
    expect(lowPriorityModulePreloads(text)).toBe(text);
  });
});
