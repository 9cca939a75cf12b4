import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { formOrigin } from './form-origin';

/** Only what formOrigin reads of a request. */
function requestFrom(host: string, origin?: string) {
  const warn = vi.fn();
  const request = { host, headers: origin === undefined ? {} : { origin }, log: { warn } };
  return { request: request as unknown as FastifyRequest, warn };
}

const PUBLIC_URL = 'https://www.acme.test';

describe('formOrigin', () => {
  it("takes no Origin and PUBLIC_URL's own as they are", () => {
    expect(formOrigin(requestFrom('www.acme.test').request, PUBLIC_URL)).toEqual({ kind: 'canonical' });
    expect(formOrigin(requestFrom('www.acme.test', 'https://www.acme.test').request, PUBLIC_URL)).toEqual({
      kind: 'canonical',
    });
  });

  it("takes this server under another name as PUBLIC_URL's origin, and logs that name once", () => {
    const first = requestFrom('acme.test', 'https://acme.test');
    expect(formOrigin(first.request, PUBLIC_URL)).toEqual({
      kind: 'other-name',
      origin: 'https://www.acme.test',
      host: 'acme.test',
    });
    expect(first.warn).toHaveBeenCalledTimes(1);
    const again = requestFrom('ACME.test', 'https://acme.test');
    expect(formOrigin(again.request, PUBLIC_URL).kind).toBe('other-name');
    expect(again.warn).not.toHaveBeenCalled();
  });

  it('refuses another site, an opaque origin and one that is not an address', () => {
    for (const origin of ['https://elsewhere.example', 'null', 'not a url', 'https://www.acme.test.evil.example']) {
      expect(formOrigin(requestFrom('www.acme.test', origin).request, PUBLIC_URL), origin).toEqual({
        kind: 'cross-site',
      });
    }
  });
});
