import { z } from '../zod';
import { optionalMessageEnvelope, successEnvelope } from './common';
import { FONT_SIZES, NOTIFICATION_POSITIONS, THEME_MODES, TIME_FORMATS, type AppSettings } from './app-settings.values';

/*
 * GET/PUT /api/auth/app-settings: the signed-in staff member's own App settings (every role may change
 * their own). The whole object is sent and saved; a value outside its list is refused with the
 * specification's message, for example "theme.mode must be one of: light, dark, auto".
 */
export const appSettingsSchema = z
  .object({
    theme: z.object({ mode: z.enum(THEME_MODES), fontSize: z.enum(FONT_SIZES) }).strict(),
    notifications: z.object({ position: z.enum(NOTIFICATION_POSITIONS) }).strict(),
    localization: z.object({ timeFormat: z.enum(TIME_FORMATS) }).strict(),
    accessibility: z.object({ reducedMotion: z.boolean() }).strict(),
  })
  .strict() satisfies z.ZodType<AppSettings>;

export const appSettingsAnswerSchema = successEnvelope(appSettingsSchema);
export const appSettingsSavedSchema = optionalMessageEnvelope(appSettingsSchema);
