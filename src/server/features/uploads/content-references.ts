import sanitizeHtml from 'sanitize-html';

/**
 * Removes every reference to deleted files from stored rich text (a post's content): images whose
 * `src` names one of `urls` are dropped, and links whose `href` names one lose the address but keep
 * their text. Everything else passes through unchanged: the HTML was sanitised when it was saved, so
 * this pass allows every tag and attribute and only filters.
 */
export function removeFileReferences(html: string, urls: readonly string[]): string {
  const gone = new Set(urls);
  // One of the files' sizes (thumbnails/640w/{stem}.webp) names it too.
  const stems = new Set(urls.flatMap(stemsIn));
  const names = (value: string | undefined) =>
    value !== undefined && (gone.has(withoutQuery(value)) || stemsIn(value).some((stem) => stems.has(stem)));
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    allowedSchemesAppliedToAttributes: [],
    transformTags: {
      a: (tagName, attribs) => {
        if (!names(attribs.href)) return { tagName, attribs };
        const { href: _href, target: _target, rel: _rel, ...rest } = attribs;
        return { tagName: 'span', attribs: rest };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && names(frame.attribs.src),
  });
}

/** The address without a query or fragment: `/uploads/files/x.png?v=2` still names x.png. */
function withoutQuery(url: string): string {
  return url.replace(/[?#].*$/, '');
}

/** The stems named in a text: every `{32 hex}.{ext}` of an upload address (a stored file or one of its sizes). */
const STEM_PATTERN = /([0-9a-f]{32})\.(?:jpg|png|gif|webp|avif|pdf)/g;

export function stemsIn(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...text.matchAll(STEM_PATTERN)].map((m) => m[1] as string);
}
