import slugifyText from '@sindresorhus/slugify';
import sanitizeHtml, { type IOptions } from 'sanitize-html';

const PLAIN_TEXT: IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

function stripOnce(text: string): string {
  return sanitizeHtml(text, PLAIN_TEXT).replace(/&(amp|lt|gt|quot);/g, (entity) => ESCAPED[entity] ?? entity);
}

/**
 * Plain text of what staff typed: tags (and script/style content) removed, entities decoded, NUL
 * characters dropped, trimmed. Stripped again while decoding reveals new markup, so the stored text
 * never holds a tag. `multiline` keeps line breaks (descriptions); otherwise whitespace collapses.
 */
export function toPlainText(value: string, multiline = false): string {
  let text = value.replaceAll('\u0000', '');
  for (let pass = 0; pass < 5; pass += 1) {
    const next = stripOnce(text);
    if (next === text) break;
    text = next;
  }
  text = multiline
    ? text
        .replace(/\r\n?/g, '\n')
        .replace(/[^\S\n]+/g, ' ')
        .replace(/ *\n */g, '\n')
        .replace(/\n{3,}/g, '\n\n')
    : text.replace(/\s+/g, ' ');
  return text.trim();
}

/** URL slug of a title: lowercase ASCII words joined by dashes, at most `max` characters. */
export function slugify(text: string, max = 180): string {
  const slug = slugifyText(text, { decamelize: false });
  if (slug.length <= max) return slug;
  return slug.slice(0, max).replace(/-[^-]*$/, '') || slug.slice(0, max);
}

/** Addresses are not text: only trimmed (a tag in one fails the URL check instead of being half-stripped). */
export const toAddress = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.replaceAll('\u0000', '').trim() : null;
