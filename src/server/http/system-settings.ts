import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { defaultSystemSettings, type SystemSettings } from '../../shared/contracts/system-settings';
import {
  MAINTENANCE_RETRY_AFTER_SECONDS,
  SITE_PASS_TTL_SECONDS,
  SystemMessage,
} from '../../shared/contracts/system-settings.values';
import { getCompanyProfile } from '../features/company/company.service';
import { readSystemSettings, saveSystemSettings } from '../features/system/system-settings.repository';
import { findUserWithOpenSession } from '../features/users/users.repository';
import { RESYNC_TOPIC } from '../instances/instance-bus';
import { escapeHtml } from '../lib/escape-html';
import { isPagePath } from '../pages/page-path';
import { sendStandalonePage, standalonePage } from '../pages/standalone-page';

/*
 * System Configuration (ADR 0019): maintenance mode, debug mode and the cache switch, read from
 * the settings table and kept in memory. Every instance follows a change at once (a message on the
 * instance bus, ADR 0030) and, should that be lost, at its next read every COHERENCE_POLL_SECONDS.
 *
 * Maintenance: a visitor's page request gets 503 with Retry-After and a page with the company's contact
 * details; the API, the admin, static files, feeds, robots.txt and health checks are untouched. Staff keep
 * browsing the site: the admin sets an HttpOnly "site pass" cookie (a signed token bound to the staff
 * member's session, so signing out ends it), which is the only thing a page request can carry.
 */

/** The instance bus topic of a save: the others read the settings again. */
export const SYSTEM_SETTINGS_TOPIC = 'system-settings';
export const SITE_PASS_COOKIE = 'site_pass';
const SITE_PASS_AUDIENCE = 'site-pass';

export interface SystemSettingsStore {
  /** The settings as this instance knows them (told at once, at most COHERENCE_POLL_SECONDS old otherwise). */
  current(): SystemSettings;
  /** Stores new settings, applies them here at once and tells the other instances. */
  save(settings: SystemSettings, userId: number): Promise<SystemSettings>;
  /** Reads them from the database again (what every instance does every COHERENCE_POLL_SECONDS). */
  refresh(): Promise<SystemSettings>;
}

export interface SitePass {
  /** Sets the cookie for a signed-in staff member's session. */
  issue(reply: FastifyReply, user: { id: number }, sessionId: string): Promise<void>;
  clear(reply: FastifyReply): void;
  /** Whether the request carries a valid pass of an active staff member whose session is still open. */
  isStaff(request: FastifyRequest): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    systemSettings: SystemSettingsStore;
    sitePass: SitePass;
  }
}

function maintenancePage(settings: SystemSettings, company: { name: string; email: string; phone: string } | null) {
  const contact = company
    ? `<p class="contact">Need us now? Write to <a href="mailto:${escapeHtml(company.email)}">${escapeHtml(company.email)}</a> or call <a href="tel:${escapeHtml(company.phone.replace(/[^+\d]/g, ''))}">${escapeHtml(company.phone)}</a>.</p>`
    : '';
  return standalonePage({
    brand: company?.name ?? 'This site',
    title: SystemMessage.MAINTENANCE_TITLE,
    text: settings.maintenanceMessage || SystemMessage.MAINTENANCE_TEXT,
    extraHtml: contact,
  });
}

export const systemSettingsPlugin = fp(
  async (app: FastifyInstance) => {
    const db = () => app.database.db;
    await app.register(cookie);
    let settings: SystemSettings = { ...defaultSystemSettings };
    const baseLevel = app.log.level;

    function apply(next: SystemSettings) {
      settings = next;
      const level = next.debugMode ? 'debug' : baseLevel;
      if (app.log.level !== level) app.log.level = level;
    }

    const store: SystemSettingsStore = {
      current: () => settings,
      async refresh() {
        apply(await readSystemSettings(db()));
        return settings;
      },
      async save(next, userId) {
        await saveSystemSettings(db(), next, userId);
        apply(next);
        await app.instanceBus.publish(SYSTEM_SETTINGS_TOPIC, {});
        return settings;
      },
    };
    app.decorate('systemSettings', store);

    const refreshAfter = (what: string) => () =>
      store
        .refresh()
        .then(() => undefined)
        .catch((err: unknown) => app.log.warn({ err }, `system settings not refreshed after ${what}`));
    app.instanceBus.subscribe(SYSTEM_SETTINGS_TOPIC, refreshAfter('a save elsewhere'));
    app.instanceBus.subscribe(RESYNC_TOPIC, refreshAfter('a restore elsewhere'));
    app.instanceBus.onReconnect(refreshAfter('the bus came back'));

    const key = new TextEncoder().encode(app.config.jwtSecret);
    const secure = app.config.publicUrl.startsWith('https:');
    const sitePass: SitePass = {
      async issue(reply, user, sessionId) {
        const token = await new SignJWT({ sid: sessionId })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(String(user.id))
          .setAudience(SITE_PASS_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime(`${SITE_PASS_TTL_SECONDS}s`)
          .sign(key);
        reply.setCookie(SITE_PASS_COOKIE, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: SITE_PASS_TTL_SECONDS,
        });
      },
      clear(reply) {
        reply.clearCookie(SITE_PASS_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      },
      async isStaff(request) {
        const token = request.cookies[SITE_PASS_COOKIE];
        if (!token) return false;
        try {
          const { payload } = await jwtVerify(token, key, {
            algorithms: ['HS256'],
            audience: SITE_PASS_AUDIENCE,
            requiredClaims: ['sub', 'exp', 'sid'],
          });
          const userId = Number(payload.sub);
          if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return false;
          const user = await findUserWithOpenSession(db(), userId, payload.sid, new Date().toISOString());
          return user?.status === 'active';
        } catch {
          return false;
        }
      },
    };
    app.decorate('sitePass', sitePass);

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      // A database that cannot be reached yet must not keep the server from starting (health checks say
      // so): the defaults hold until a refresh succeeds.
      await store
        .refresh()
        .catch((err: unknown) => app.log.warn({ err }, 'system settings not read; using the defaults for now'));
      timer = setInterval(() => {
        store
          .refresh()
          .catch((err: unknown) => app.log.warn({ err }, 'system settings not refreshed; keeping the last known'));
      }, app.config.coherencePollSeconds * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));

    // The maintenance page for visitors' page requests (GET/HEAD pages: routes marked config.page).
    app.addHook('onRequest', async (request, reply) => {
      if (!settings.maintenanceMode || !request.routeOptions.config.page) return;
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') return;
      if (!isPagePath(request.url) || (await sitePass.isStaff(request))) return;
      let company: { name: string; email: string; phone: string } | null = null;
      try {
        company = await getCompanyProfile(db());
      } catch {
        // No company profile (or no database): the page without contact details.
      }
      return sendStandalonePage(reply, 503, maintenancePage(settings, company), {
        'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS),
      });
    });

    // Public pages may be kept by browsers and shared caches only while the cache is on.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.routeOptions.config.page || reply.statusCode !== 200 || !isPagePath(request.url)) return payload;
      if (reply.hasHeader('cache-control')) return payload;
      reply.header('cache-control', settings.cacheEnabled ? 'public, max-age=0, must-revalidate' : 'no-store');
      return payload;
    });
  },
  { name: 'system-settings', dependencies: ['instance-bus'] },
);
