import slugifyText from '@sindresorhus/slugify';
import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * Hosts whose players may be embedded in a post, with the path an embed must start with.
 * Anything else in an <iframe> is dropped when the post is saved.
 */
export const BLOG_IFRAME_ALLOW_LIST: ReadonlyArray<{ host: string; pathPrefix: string }> = [
  { host: 'www.youtube-nocookie.com', pathPrefix: '/embed/' },
  { host: 'youtube-nocookie.com', pathPrefix: '/embed/' },
  { host: 'www.youtube.com', pathPrefix: '/embed/' },
  { host: 'player.vimeo.com', pathPrefix: '/video/' },
];

function isAllowedIframe(src: string | undefined): boolean {
  if (!src) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    BLOG_IFRAME_ALLOW_LIST.some((entry) => entry.host === url.hostname && url.pathname.startsWith(entry.pathPrefix))
  );
}

/**
 * Images come from the web (http/https), from this site's uploads, or from the images the site ships in
 * public/ (the demo content's under /demo/, /images/): files only, never an address the site answers with
 * a page or the API.
 */
function isAllowedImage(src: string | undefined): boolean {
  if (!src) return false;
  return /^https?:\/\/[^\s/]/i.test(src) || /^\/(uploads|demo|images)\/[^\s]*$/.test(src);
}

const RICH_TEXT: IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'a',
    'img',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'figure',
    'figcaption',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'title', 'width', 'height', 'allowfullscreen'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  // Syntax-highlighting hints only.
  allowedClasses: { code: ['language-*'], pre: ['language-*'] },
  // No javascript:, data:, vbscript: or any other scheme; relative URLs stay allowed for links.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: BLOG_IFRAME_ALLOW_LIST.map((entry) => entry.host),
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  // The content of these is dropped with the tag, never shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'object', 'embed', 'template'],
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const { target, ...rest } = attribs;
      // Every link leaves no opener and no referrer behind; only "new tab" survives as a target.
      const next: Record<string, string> = { ...rest, rel: 'noopener noreferrer' };
      if (target === '_blank') next.target = '_blank';
      return { tagName, attribs: next };
    },
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !isAllowedImage(frame.attribs.src)) ||
    (frame.tag === 'iframe' && !isAllowedIframe(frame.attribs.src)),
};

/** Post content as stored: rich text only (see RICH_TEXT), nothing that runs, loads or submits. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

const PLAIN_TEXT: IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * Plain text for titles, excerpts and the like: tags (and script/style content) removed, entities
 * decoded, whitespace collapsed. The result is text, shown escaped; it is never rendered as HTML.
 */
export function toPlainText(text: string): string {
  return sanitizeHtml(text, PLAIN_TEXT)
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ESCAPED[entity] ?? entity)
    .replaceAll('\u0000', '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** URL slug of a title or name: lowercase ASCII words joined by dashes, at most `max` characters. */
export function slugify(text: string, max = 180): string {
  const slug = slugifyText(text, { decamelize: false });
  if (slug.length <= max) return slug;
  return slug.slice(0, max).replace(/-[^-]*$/, '') || slug.slice(0, max);
}
