/**
 * The site's icons as one SVG sprite: every page used to carry each lucide icon as inline SVG
 * (71 on the home page) and every bundle its path data. Now `src/web/components/icons.tsx` (and, for
 * the admin's own, `components/admin/icons.tsx`) declares the icons, one `export const Name = …
 * icon('Name');` line each (Name = the lucide-react export),
 * and this Vite plugin builds `/assets/icons-<hash>.svg` from exactly those, plus the social brands' marks,
 * as `<symbol>`s. An icon on a page is then `<svg><use href="/assets/icons-<hash>.svg#Name"/></svg>`: one
 * cached, immutable file.
 *
 * The symbols are lucide's own drawings, rendered by lucide-react itself (renderToStaticMarkup), so a
 * lucide upgrade changes the sprite with it. `import iconSprite from 'virtual:icon-sprite'` gives the URL.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as lucide from 'lucide-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { siFacebook, siGithub, siInstagram, siThreads, siWhatsapp, siX } from 'simple-icons';
import type { Plugin } from 'vite';
import type { SocialLink } from '../src/shared/contracts/company';

/** Where icons are declared: the site's (and the admin's shared ones), and the admin's own. */
export const ICON_MODULES = ['../src/web/components/icons.tsx', '../src/web/components/admin/icons.tsx'].map((file) =>
  path.resolve(import.meta.dirname, file),
);
const VIRTUAL_ID = 'virtual:icon-sprite';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const DEV_URL = '/@icon-sprite.svg';

/*
 * simple-icons no longer ships LinkedIn (trademark request), so this is our own plain "in" mark:
 * a rounded square with the letters cut out (even-odd holes).
 */
const linkedinPath =
  'M4.5 2h15A2.5 2.5 0 0 1 22 4.5v15a2.5 2.5 0 0 1-2.5 2.5h-15A2.5 2.5 0 0 1 2 19.5v-15A2.5 2.5 0 0 1 4.5 2Z' +
  'M6.2 9.6V18h2.7V9.6Zm1.35-4.1a1.55 1.55 0 1 0 0 3.1 1.55 1.55 0 0 0 0-3.1Z' +
  'M10.8 9.6V18h2.7v-4.4c0-1.2.5-2 1.6-2 1 0 1.5.7 1.5 2V18h2.7v-5c0-2.4-1.2-3.6-3.2-3.6-1.2 0-2.1.5-2.6 1.3V9.6Z';

/** The brands whose marks the site shows: the social platforms, and WhatsApp for chat links and sharing. */
export type Brand = SocialLink['platform'] | 'whatsapp';

/** Each brand's mark, drawn with `fill: currentColor` (symbol id `brand-<brand>`). */
export const brandPaths: Record<Brand, string> = {
  linkedin: linkedinPath,
  twitter: siX.path,
  instagram: siInstagram.path,
  threads: siThreads.path,
  facebook: siFacebook.path,
  github: siGithub.path,
  whatsapp: siWhatsapp.path,
};

/** The icon names the icon modules declare, in their order. */
export function declaredIcons(): string[] {
  return ICON_MODULES.flatMap((file) => declaredIn(readFileSync(file, 'utf8')));
}

/** The icon names one module's source declares. */
export function declaredIn(source: string): string[] {
  return [...source.matchAll(/^export const \w+ = \/\* @__PURE__ \*\/ icon\('(\w+)'\);$/gm)].map(
    (match) => match[1] as string,
  );
}

/** Lucide's drawing of one icon: the inside of the `<svg>` lucide-react renders. */
export function lucideDrawing(name: string): string {
  const component = (lucide as unknown as Record<string, ComponentType | undefined>)[name];
  if (!component || name === 'Icon' || name === 'createLucideIcon') {
    throw new Error(`an icon module declares icon('${name}'), which lucide-react does not export`);
  }
  const markup = renderToStaticMarkup(createElement(component));
  const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
  if (!inner) throw new Error(`lucide-react rendered ${name} unexpectedly: ${markup.slice(0, 80)}`);
  return inner;
}

/** The sprite: one `<symbol>` per declared icon (id = its name) and per social brand (id `brand-<platform>`). */
export function buildIconSprite(names: string[] = declaredIcons()): string {
  const symbols = [...new Set(names)].map(
    (name) => `<symbol id="${name}" viewBox="0 0 24 24">${lucideDrawing(name)}</symbol>`,
  );
  for (const [platform, d] of Object.entries(brandPaths)) {
    const rule = platform === 'linkedin' ? ' fill-rule="evenodd"' : '';
    symbols.push(`<symbol id="brand-${platform}" viewBox="0 0 24 24"><path d="${d}"${rule}/></symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}

/** The sprite's address in a build: content-hashed, so it is cached for good like the other assets. */
export function spriteFileName(sprite: string): string {
  const hash = createHash('sha256').update(sprite).digest('base64url').slice(0, 8);
  return `assets/icons-${hash}.svg`;
}

/**
 * `virtual:icon-sprite` exports the sprite's URL. A build writes the file once, from the browser build
 * (the server build only needs the same URL); the dev server serves it from memory at DEV_URL.
 */
export function iconSprite(): Plugin {
  let command: 'build' | 'serve' = 'build';
  return {
    name: 'icon-sprite',
    configResolved(config) {
      command = config.command;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const file of ICON_MODULES) this.addWatchFile(file);
      if (command === 'serve') return `export default ${JSON.stringify(DEV_URL)};`;
      const sprite = buildIconSprite();
      const fileName = spriteFileName(sprite);
      if (this.environment.name === 'client') this.emitFile({ type: 'asset', fileName, source: sprite });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_URL, (_req, res) => {
        res.setHeader('content-type', 'image/svg+xml');
        res.end(buildIconSprite());
      });
    },
  };
}
