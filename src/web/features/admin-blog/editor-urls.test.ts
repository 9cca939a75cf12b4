import { describe, expect, it } from 'vitest';
import { ImageUrlMessage, LinkMessage, checkImageUrl, checkLinkUrl } from './editor-urls';

describe('checkLinkUrl', () => {
  it('accepts web, mail, phone, site and anchor links', () => {
    for (const url of ['https://example.com/a?b=1', 'http://x.io', 'mailto:a@b.co', 'tel:+15551234', '/blog', '#top']) {
      expect(checkLinkUrl(`  ${url} `)).toEqual({ ok: true, url });
    }
  });

  it('adds https:// to a bare domain', () => {
    expect(checkLinkUrl('example.com/page')).toEqual({ ok: true, url: 'https://example.com/page' });
  });

  it('refuses script and other schemes, blanks, spaces and protocol-relative links', () => {
    expect(checkLinkUrl('')).toEqual({ ok: false, message: LinkMessage.REQUIRED });
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'not a link', 'word']) {
      expect(checkLinkUrl(url)).toEqual({ ok: false, message: LinkMessage.INVALID });
    }
  });
});

describe('checkImageUrl', () => {
  it('removes backticks and trims, and accepts http(s) and site paths', () => {
    expect(checkImageUrl(' `https://cdn.example.com/a.png` ')).toEqual({
      ok: true,
      url: 'https://cdn.example.com/a.png',
    });
    expect(checkImageUrl('/uploads/files/a.webp')).toEqual({ ok: true, url: '/uploads/files/a.webp' });
  });

  it('refuses blanks and other schemes', () => {
    expect(checkImageUrl('``')).toEqual({ ok: false, message: ImageUrlMessage.REQUIRED });
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAA', '//x.example/a.png', 'a.png']) {
      expect(checkImageUrl(url)).toEqual({ ok: false, message: ImageUrlMessage.INVALID });
    }
  });
});
