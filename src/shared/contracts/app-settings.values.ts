/*
 * Each staff member's App settings: the groups that make sense per person, kept on the server and applied in the admin.
 * Without zod: the toaster and the date formatting they steer are shared with the public pages' bundle.
 */

export const THEME_MODES = ['light', 'dark', 'auto'] as const;
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export const NOTIFICATION_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export const TIME_FORMATS = ['12h', '24h'] as const;

export type ThemeMode = (typeof THEME_MODES)[number];
export type FontSize = (typeof FONT_SIZES)[number];
export type NotificationPosition = (typeof NOTIFICATION_POSITIONS)[number];
export type TimeFormat = (typeof TIME_FORMATS)[number];

export interface AppSettings {
  theme: { mode: ThemeMode; fontSize: FontSize };
  notifications: { position: NotificationPosition };
  localization: { timeFormat: TimeFormat };
  accessibility: { reducedMotion: boolean };
}

/** The defaults: light theme, notifications top right, 12-hour time. */
export const DEFAULT_APP_SETTINGS: AppSettings = {
  theme: { mode: 'light', fontSize: 'medium' },
  notifications: { position: 'top-right' },
  localization: { timeFormat: '12h' },
  accessibility: { reducedMotion: false },
};

export const AppSettingsMessage = {
  SAVED: 'App settings saved',
  SAVE_FAILED: 'Failed to save app settings',
  LOAD_FAILED: 'Failed to load app settings',
} as const;
