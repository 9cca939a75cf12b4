import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { socialPlatforms } from '../src/shared/contracts/company';
import { ICON_MODULES, buildIconSprite, declaredIcons, declaredIn, lucideDrawing, spriteFileName } from './icon-sprite';

describe('the icon sprite', () => {
  const sprite = buildIconSprite();

  it('has a symbol for each icon components/icons.tsx exports, drawn as lucide draws it', () => {
    // Every export of icons.tsx is a line the sprite reads (a differently written one would miss its symbol).
    const sources = ICON_MODULES.map((file) => readFileSync(file, 'utf8'));
    const exported = sources.flatMap((source) => [...source.matchAll(/^export const (\w+)/gm)].map((m) => m[1])).sort();
    expect(exported.length).toBeGreaterThan(100);
    expect([...declaredIcons()].sort()).toEqual(exported);
    // Declared once: an icon lives in one of the two modules.
    expect(new Set(exported).size).toBe(exported.length);
    expect(declaredIn(sources[1]!).length).toBeGreaterThan(0);
    for (const name of exported) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    // Lucide's mail: an envelope flap and a rounded rectangle.
    expect(sprite).toContain(
      '<symbol id="Mail" viewBox="0 0 24 24"><path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7"></path>' +
        '<rect x="2" y="4" width="20" height="16" rx="2"></rect></symbol>',
    );
    // An alias draws its icon: ImageIcon is lucide's Image.
    expect(lucideDrawing('ImageIcon')).toBe(lucideDrawing('Image'));
  });

  it('has each social platform’s brand mark, and WhatsApp’s', () => {
    for (const platform of [...socialPlatforms, 'whatsapp'])
      expect(sprite).toMatch(new RegExp(`<symbol id="brand-${platform}"[^>]*><path d="M`));
    expect(sprite).toContain('fill-rule="evenodd"');
  });

  it('refuses an icon lucide does not have, so a typo fails the build', () => {
    expect(() => buildIconSprite(['NoSuchIcon'])).toThrow("declares icon('NoSuchIcon')");
    expect(() => buildIconSprite(['createLucideIcon'])).toThrow();
  });

  it('is named by its content', () => {
    expect(spriteFileName(sprite)).toMatch(/^assets\/icons-[\w-]{8}\.svg$/);
    expect(spriteFileName(sprite)).toBe(spriteFileName(buildIconSprite()));
    expect(spriteFileName(buildIconSprite(['Mail']))).not.toBe(spriteFileName(sprite));
  });
});
