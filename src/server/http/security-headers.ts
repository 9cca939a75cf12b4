import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Powerful browser features no page of this site uses, denied to it and to every frame it embeds. Left at
 * the browsers' defaults on purpose: autoplay (the muted hero video), fullscreen and picture-in-picture
 * (embedded video players), clipboard-write (the copy-link buttons), web-share (the share buttons,
 * navigator.share) and encrypted-media. `browsing-topics` is the interest-cohort (FLoC) opt-out browsers
 * read today; `interest-cohort` itself is no longer known to them (Chromium reports it as unrecognized).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Sign-in, sessions, accounts and their tokens: nothing under this prefix may be kept by any cache. */
const AUTH_PREFIX = '/api/auth/';

/**
 * Headers helmet does not set, added to every answer as it is sent (page-cache hits, refusals by a hook,
 * errors and built files included): `Permissions-Policy`, and `Cache-Control: no-store` on every answer
 * under /api/auth (the login and refresh answers carry tokens) unless its route already said no-store.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      const cacheControl = reply.getHeader('cache-control');
      if (request.url.startsWith(AUTH_PREFIX) && !String(cacheControl ?? '').includes('no-store')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
