import { useSyncExternalStore } from 'react';
import {
  DEFAULT_APP_SETTINGS,
  FONT_SIZES,
  NOTIFICATION_POSITIONS,
  THEME_MODES,
  TIME_FORMATS,
  type AppSettings,
} from '../../shared/contracts/app-settings.values';

/*
 * The signed-in staff member's App settings in the browser. The server keeps them
 * (GET/PUT /api/auth/app-settings); this store holds the ones in effect, applies them to the document
 * while the admin is open (`data-theme`, `data-font-size`, `data-reduced-motion` on <html>, read by
 * admin.css) and keeps a copy in localStorage so that the next visit starts in the right theme instead
 * of flashing the light one while the server answers. Outside the admin nothing is applied, and the
 * defaults are what the public pages see.
 */

const STORAGE_KEY = 'appSettings';
const DARK_QUERY = '(prefers-color-scheme: dark)';

let current: AppSettings = DEFAULT_APP_SETTINGS;
/** Counts the changes made in this page, so that a slow server copy never overwrites a newer choice. */
let revision = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAppSettings(): AppSettings {
  return current;
}

export function useAppSettings(): AppSettings {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => DEFAULT_APP_SETTINGS,
  );
}

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** A stored copy read back value by value: anything unknown or damaged falls back to the default. */
export function readAppSettings(value: unknown): AppSettings {
  const v = (value ?? {}) as {
    theme?: { mode?: unknown; fontSize?: unknown };
    notifications?: { position?: unknown };
    localization?: { timeFormat?: unknown };
    accessibility?: { reducedMotion?: unknown };
  };
  const d = DEFAULT_APP_SETTINGS;
  return {
    theme: {
      mode: oneOf(THEME_MODES, v.theme?.mode, d.theme.mode),
      fontSize: oneOf(FONT_SIZES, v.theme?.fontSize, d.theme.fontSize),
    },
    notifications: { position: oneOf(NOTIFICATION_POSITIONS, v.notifications?.position, d.notifications.position) },
    localization: { timeFormat: oneOf(TIME_FORMATS, v.localization?.timeFormat, d.localization.timeFormat) },
    accessibility: { reducedMotion: v.accessibility?.reducedMotion === true },
  };
}

/** Makes `settings` the ones in effect (and remembered for the next visit of this browser). */
export function setAppSettings(settings: AppSettings): void {
  current = settings;
  revision += 1;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage disabled: the settings still apply to this page.
  }
  for (const listener of listeners) listener();
}

/**
 * Adopts the server's copy fetched by `load`, unless the settings changed in this page while it was on its
 * way (a staff member who saves before the first fetch answers keeps what they saved), or the caller no
 * longer `wants` it.
 */
export async function adoptServerAppSettings(
  load: () => Promise<AppSettings>,
  wanted: () => boolean = () => true,
): Promise<boolean> {
  const before = revision;
  const saved = await load();
  if (revision !== before || !wanted()) return false;
  setAppSettings(saved);
  return true;
}

/** The copy kept by the last visit, applied before the server answers. */
export function restoreAppSettings(): void {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored) current = readAppSettings(JSON.parse(stored));
  } catch {
    current = DEFAULT_APP_SETTINGS;
  }
  for (const listener of listeners) listener();
}

/** Signing out: the next person at this browser starts from the defaults. */
export function forgetAppSettings(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
  current = DEFAULT_APP_SETTINGS;
  revision += 1;
  for (const listener of listeners) listener();
}

/** Light or dark, as the page should look now: "auto" follows the operating system. */
export function resolvedTheme(mode: AppSettings['theme']['mode']): 'light' | 'dark' {
  if (mode !== 'auto') return mode;
  return typeof window !== 'undefined' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

let detach: (() => void) | null = null;

/**
 * Puts the settings on <html> for admin.css, following the system's colour scheme while the mode is
 * "auto". Applying again replaces what was applied before.
 */
export function applyAppSettings(settings: AppSettings): void {
  detach?.();
  const root = document.documentElement;
  const media = window.matchMedia(DARK_QUERY);
  const paint = () => {
    const theme = resolvedTheme(settings.theme.mode);
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
  };
  paint();
  root.dataset.fontSize = settings.theme.fontSize;
  if (settings.accessibility.reducedMotion) root.dataset.reducedMotion = '';
  else delete root.dataset.reducedMotion;
  if (settings.theme.mode === 'auto') media.addEventListener('change', paint);
  detach = () => {
    media.removeEventListener('change', paint);
    delete root.dataset.theme;
    delete root.dataset.fontSize;
    delete root.dataset.reducedMotion;
    root.style.colorScheme = '';
  };
}

/** Leaving the admin: the public pages look as they always do. */
export function unapplyAppSettings(): void {
  detach?.();
  detach = null;
}
