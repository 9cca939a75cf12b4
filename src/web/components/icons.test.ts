import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from './icons';

describe('an icon', () => {
  it('uses its symbol with lucide’s strokes, hidden from assistive technology', () => {
    const html = renderToStaticMarkup(createElement(icons.Mail, { className: 'size-4 text-brand-600' }));
    expect(html).toBe(
      '<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
        'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="size-4 text-brand-600">' +
        '<use href="/@icon-sprite.svg#Mail"></use></svg>',
    );
  });

  it('takes a stroke width and size, and is announced when labelled', () => {
    const html = renderToStaticMarkup(
      createElement(icons.Check, { strokeWidth: 3, size: 16, 'aria-label': 'Included', role: 'img' }),
    );
    expect(html).toContain('stroke-width="3"');
    expect(html).toContain('width="16" height="16"');
    expect(html).toContain('aria-label="Included"');
    expect(html).not.toContain('aria-hidden');
  });
});
