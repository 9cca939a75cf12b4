import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, pickEncoding } from './page-encoding';
import { cspHash, inlineScriptHashes, pagePolicy } from './page-csp';
import { pageCacheKey } from './web';

/*
 * The page cache's rules that need no server: which addresses are kept, which encoding is sent, the CSP
 * hashes of a page's inline scripts (what each write purges: page-purges.test.ts).
 */

describe('page cache keys', () => {
  it('keeps the query keys pages read, drops tracking keys, and refuses any other key', () => {
    expect(pageCacheKey('/')).toBe('/');
    expect(pageCacheKey('/blog?category=ai&page=2')).toBe('/blog?category=ai&page=2');
    expect(pageCacheKey('/blog?search=a+b')).toBe('/blog?search=a+b');
    expect(pageCacheKey('/blog?utm_source=x&fbclid=y&page=2')).toBe('/blog?page=2');
    expect(pageCacheKey('/?quote=sent')).toBe('/?quote=sent');
    expect(pageCacheKey('/blog?random=1')).toBeNull();
    expect(pageCacheKey('/verify-certificate?number=SST-2025-00001')).toBeNull();
    expect(pageCacheKey(`/blog?search=${'x'.repeat(600)}`)).toBeNull();
    expect(pageCacheKey('//evil.example/')).toBeNull();
  });

  it('picks brotli, then gzip, from Accept-Encoding, and matches If-None-Match in any encoding', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(matchesIfNoneMatch('"abc-br"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc", "def"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', 'abc')).toBe(false);
  });

  it('hashes the inline scripts of the render (its marker) into script-src, never an injected one, and allows Google’s tag host only where our tag loads', () => {
    const html =
      '<script nonce="m1">a()</script><script type="module" nonce="m1">import "x"</script>' +
      '<script src="/assets/x.js" nonce="m1"></script>' +
      '<script async nonce="m1" src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>' +
      // Injected through content: no marker, or a guessed one.
      '<p><script>steal()</script><script nonce="m2">steal()</script></p>';
    expect(inlineScriptHashes(html, 'm1')).toEqual([cspHash('a()'), cspHash('import "x"')]);
    const page = pagePolicy("default-src 'self';script-src 'self';style-src 'self'", html, 'm1');
    expect(page.policy).toBe(
      `default-src 'self';script-src 'self' ${cspHash('a()')} ${cspHash('import "x"')} https://www.googletagmanager.com;style-src 'self'`,
    );
    expect(page.policy).not.toContain(cspHash('steal()'));
    // The marker leaves the page: every render of the same content is the same bytes.
    expect(page.html).not.toContain('nonce="m1"');
    expect(page.html).toContain('<script>a()</script>');
    // An injected Google tag gets no host.
    const injected = pagePolicy(
      "script-src 'self'",
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>',
      'm1',
    );
    expect(injected.policy).toBe("script-src 'self'");
  });

  it('finds the same hashes and gives back the same bytes when a page is read as latin1 (one character per byte)', () => {
    const html =
      '<p>Café – “quoted”</p><script nonce="m1">window.x = "Ærø ✓ 😀"</script>' +
      '<script nonce="m1">a()</script><script>steal("é")</script>';
    const utf8 = pagePolicy("script-src 'self'", html, 'm1');
    expect(utf8.policy).toContain(cspHash('window.x = "Ærø ✓ 😀"'));
    const latin1 = pagePolicy("script-src 'self'", Buffer.from(html, 'utf8').toString('latin1'), 'm1', 'latin1');
    expect(latin1.policy).toBe(utf8.policy);
    expect(Buffer.from(latin1.html, 'latin1').equals(Buffer.from(utf8.html, 'utf8'))).toBe(true);
  });
});
