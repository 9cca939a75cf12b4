/**
 * React Router's <Scripts> preloads a page's modules with plain `<link rel="modulepreload">` tags in <head>.
 * Chromium fetches those at high priority, side by side with the stylesheet that the first paint waits for:
 * on a slow connection the stylesheet's 11 KB shared the line with ~125 KB of scripts, and the page stayed
 * blank until all of it had arrived (ADR 0026). Module scripts run after the document is parsed,
 * so the first paint never needs them. React preloads its own bootstrap modules with `fetchpriority="low"`
 * for this reason; the server gives React Router's preloads the same, so the stylesheet, the font and a
 * page's first image go first and the scripts follow on the same connections. <Scripts> offers no prop for
 * it, so it is set on the rendered page.
 *
 * Only React's own markup matches: it writes `rel` first, and a visitor's text never reaches the page as a
 * tag (React escapes it; an article's HTML is sanitised without <link>).
 */
const MODULE_PRELOAD = '<link rel="modulepreload" ';

export function lowPriorityModulePreloads(html: string): string {
  return html.replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD}fetchpriority="low" `);
}
