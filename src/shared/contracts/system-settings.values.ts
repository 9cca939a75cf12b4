/* System Configuration's constants and texts, without zod: the public pages' staff banner uses them. */

/** The settings row that holds them. */
export const SYSTEM_SETTINGS_KEY = 'system';
export const MAINTENANCE_MESSAGE_MAX = 500;
/** Seconds a visitor is told to wait before trying again during maintenance (Retry-After). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 1800;
/** How long a staff member's site pass (the cookie that shows them the site during maintenance) lasts. */
export const SITE_PASS_TTL_SECONDS = 12 * 60 * 60;

export const SystemMessage = {
  SAVED: 'System settings saved',
  MAINTENANCE_TITLE: 'We’ll be back soon',
  MAINTENANCE_TEXT: 'The site is being updated and will be back shortly. Thank you for your patience.',
  MAINTENANCE_BANNER: 'Maintenance mode is on: visitors see the maintenance page.',
} as const;
