/** Addresses typed into the editor's link and image prompts, checked before they reach the document. */

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

export const LinkMessage = {
  REQUIRED: 'Enter a link address.',
  INVALID:
    'Enter a web address (https://…), an e-mail link (mailto:…), a phone link (tel:…) or a path on this site (/…).',
} as const;

export const ImageUrlMessage = {
  REQUIRED: 'Enter an image address or upload an image.',
  INVALID: 'Enter an image address starting with https:// (or a path on this site such as /uploads/…).',
} as const;

function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** A link target: http(s), mailto, tel, a site path or an anchor; a bare domain gets https://. */
export function checkLinkUrl(input: string): UrlCheck {
  const value = input.trim();
  if (!value) return { ok: false, message: LinkMessage.REQUIRED };
  if (/\s/.test(value)) return { ok: false, message: LinkMessage.INVALID };
  if (/^(\/(?!\/)|#)/.test(value)) return { ok: true, url: value };
  if (/^(https?:\/\/|mailto:|tel:)/i.test(value)) {
    return parses(value) ? { ok: true, url: value } : { ok: false, message: LinkMessage.INVALID };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return { ok: false, message: LinkMessage.INVALID };
  if (/^[^/?#]+\.[a-z]{2,}([/?#].*)?$/i.test(value) && parses(`https://${value}`)) {
    return { ok: true, url: `https://${value}` };
  }
  return { ok: false, message: LinkMessage.INVALID };
}

/** An image address: backticks removed and trimmed (the blog form rule), then http(s) or a site path. */
export function checkImageUrl(input: string): UrlCheck {
  const value = input.replace(/`/g, '').trim();
  if (!value) return { ok: false, message: ImageUrlMessage.REQUIRED };
  if (/\s/.test(value)) return { ok: false, message: ImageUrlMessage.INVALID };
  if (/^\/(?!\/)/.test(value)) return { ok: true, url: value };
  if (/^https?:\/\//i.test(value) && parses(value)) return { ok: true, url: value };
  return { ok: false, message: ImageUrlMessage.INVALID };
}
