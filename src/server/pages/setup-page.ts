import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findProfile } from '../features/company/company.repository';
import { isPagePath } from './page-path';
import { sendStandalonePage, standalonePage } from './standalone-page';

/** How soon a visitor's browser or a crawler may ask again. */
const RETRY_AFTER_SECONDS = 3600;

/**
 * A site started without demo content (SEED_DEMO=false) has no company profile until staff save one, and
 * every page shows the company. Until then a visitor's page request gets "This website is being set up"
 * (503, Retry-After, not indexed) with the way to the admin, instead of a page that cannot be drawn. Once a
 * profile is found this instance stops looking: a profile is replaced, never removed.
 */
export const setupPagePlugin = fp(
  async (app: FastifyInstance) => {
    let configured = false;
    app.addHook('onRequest', async (request, reply) => {
      if (configured || !request.routeOptions.config.page || !isPagePath(request.url)) return;
      if (await findProfile(app.database.db)) {
        configured = true;
        return;
      }
      return sendStandalonePage(
        reply,
        503,
        standalonePage({
          brand: 'New website',
          title: 'This website is being set up',
          text: 'Its owners are adding their company information. Please come back soon.',
          extraHtml: '<p class="contact"><a href="/admin">Staff: sign in to finish the setup</a></p>',
        }),
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
      );
    });
  },
  { name: 'setup-page', dependencies: ['system-settings'] },
);
