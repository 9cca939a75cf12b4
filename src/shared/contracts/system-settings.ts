import { z } from '../zod';
import { successEnvelope } from './common';
import { MAINTENANCE_MESSAGE_MAX } from './system-settings.values';

/*
 * System Configuration (ADR 0019): maintenance mode, debug mode and the response cache switch.
 * Stored in the settings table (key 'system'); admins change them, every staff member can read whether
 * maintenance is on (the public pages show signed-in staff a banner).
 */

export const systemSettingsSchema = z
  .object({
    maintenanceMode: z.boolean({ error: 'Maintenance mode must be true or false' }),
    /** Shown to visitors on the maintenance page; empty: the standard text. */
    maintenanceMessage: z
      .string({ error: 'Maintenance message must be text' })
      .trim()
      .max(MAINTENANCE_MESSAGE_MAX, `Maintenance message must be at most ${MAINTENANCE_MESSAGE_MAX} characters`),
    /** Debug-level logs on every instance, at once (no restart). */
    debugMode: z.boolean({ error: 'Debug mode must be true or false' }),
    /** Public pages may be kept by browsers and shared caches (the server's page cache obeys it too). */
    cacheEnabled: z.boolean({ error: 'Cache enabled must be true or false' }),
  })
  .strict();
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const defaultSystemSettings: SystemSettings = {
  maintenanceMode: false,
  maintenanceMessage: '',
  debugMode: false,
  cacheEnabled: true,
};

export const systemSettingsAnswerSchema = successEnvelope(systemSettingsSchema);

/** What any signed-in staff member may know: whether visitors currently see the maintenance page. */
export const systemStatusSchema = successEnvelope(z.object({ maintenanceMode: z.boolean() }));
