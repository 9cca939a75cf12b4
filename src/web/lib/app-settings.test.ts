import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_SETTINGS, type AppSettings } from '../../shared/contracts/app-settings.values';
import { adoptServerAppSettings, forgetAppSettings, getAppSettings, setAppSettings } from './app-settings';

const dark: AppSettings = { ...DEFAULT_APP_SETTINGS, theme: { mode: 'dark', fontSize: 'large' } };
const light: AppSettings = { ...DEFAULT_APP_SETTINGS, theme: { mode: 'light', fontSize: 'small' } };

/** A server answer the test releases when it chooses. */
function answer(settings: AppSettings) {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { load: () => arrived.then(() => settings), release };
}

describe('the server copy of the App settings', () => {
  it('is adopted when nothing changed while it was on its way', async () => {
    forgetAppSettings();
    const server = answer(dark);
    const adopted = adoptServerAppSettings(server.load);
    server.release();
    expect(await adopted).toBe(true);
    expect(getAppSettings()).toEqual(dark);
  });

  it('never overwrites what the staff member saved before it arrived', async () => {
    forgetAppSettings();
    const server = answer(light);
    const adopted = adoptServerAppSettings(server.load);
    setAppSettings(dark);
    server.release();
    expect(await adopted).toBe(false);
    expect(getAppSettings()).toEqual(dark);
  });

  it('is dropped after a sign-out that happened meanwhile', async () => {
    setAppSettings(dark);
    const server = answer(dark);
    const adopted = adoptServerAppSettings(server.load);
    forgetAppSettings();
    server.release();
    expect(await adopted).toBe(false);
    expect(getAppSettings()).toEqual(DEFAULT_APP_SETTINGS);
  });
});
