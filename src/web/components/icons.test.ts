import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as icons from './icons';

describe('an icon', () => {
  it('uses its symbol, takes lucide’s strokes from the icon class, and is hidden from assistive technology', () => {
    const html = renderToStaticMarkup(createElement(icons.Mail, { className: 'size-4 text-brand-600' }));
    expect(html).toBe(
      '<svg class="icon size-4 text-brand-600" aria-hidden="true"><use href="/@icon-sprite.svg#Mail"></use></svg>',
    );
    expect(renderToStaticMarkup(createElement(icons.Mail))).toBe(
      '<svg class="icon" aria-hidden="true"><use href="/@icon-sprite.svg#Mail"></use></svg>',
    );
  });

  it('takes a stroke width and size, and is announced when labelled', () => {
    const html = renderToStaticMarkup(
      createElement(icons.Check, { strokeWidth: 3, size: 16, 'aria-label': 'Included', role: 'img' }),
    );
    expect(html).toContain('style="--icon-stroke:3;width:16px;height:16px"');
    expect(html).toContain('aria-label="Included"');
    expect(html).not.toContain('aria-hidden');
  });
});
