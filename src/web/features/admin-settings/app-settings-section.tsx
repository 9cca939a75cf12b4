import { Palette } from '../../components/icons';
import { Monitor, Moon, Sun } from '../../components/admin/icons';
import { useId, type ReactNode } from 'react';
import {
  AppSettingsMessage,
  type AppSettings,
  type FontSize,
  type NotificationPosition,
  type ThemeMode,
  type TimeFormat,
} from '../../../shared/contracts/app-settings.values';
import { CheckboxField } from '../../components/checkbox-field';
import { Select } from '../../components/select';
import { setAppSettings } from '../../lib/app-settings';
import { cn } from '../../lib/cn';
import { formatTime } from '../../lib/date-time';
import { fetchAppSettings, saveAppSettings } from './app-settings-api';
import { BrowserDataReset } from './browser-data-reset';
import type { FormNotice } from './form-notice';
import { SectionCard } from './section-card';
import { SettingsForm } from './settings-form';
import { useSettingsForm } from './use-settings-form';

const themes: { value: ThemeMode; label: string; icon: ReactNode }[] = [
  { value: 'light', label: 'Light', icon: <Sun /> },
  { value: 'dark', label: 'Dark', icon: <Moon /> },
  { value: 'auto', label: 'Auto', icon: <Monitor /> },
];
const fontSizes: { value: FontSize; label: string }[] = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
];
const positions: { value: NotificationPosition; label: string }[] = [
  { value: 'top-right', label: 'Top right' },
  { value: 'top-left', label: 'Top left' },
  { value: 'bottom-right', label: 'Bottom right' },
  { value: 'bottom-left', label: 'Bottom left' },
];

/** A row of radio buttons drawn as a segmented control (native radios: arrow keys move between them). */
function Choices<T extends string>({
  legend,
  hint,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  hint?: string;
  name: string;
  value: T;
  options: { value: T; label: string; icon?: ReactNode }[];
  onChange: (value: T) => void;
}) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <div className="mt-2 inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg px-3.5 text-sm font-medium transition',
              'has-focus-visible:ring-2 has-focus-visible:ring-brand-500 [&_svg]:size-4',
              value === option.value
                ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
                : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.icon && <span aria-hidden="true">{option.icon}</span>}
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** An afternoon time, to show what each clock looks like. */
const SAMPLE = '2026-11-25T15:04:00';

/**
 * Settings › App Settings: how the admin looks and behaves for the signed-in staff member — theme (light,
 * dark or following the system), font size, the corner notifications appear in, 12- or 24-hour time and
 * reduced motion (GET and PUT /api/auth/app-settings). Saved settings apply at once, on every device the
 * person signs in on.
 */
export function AppSettingsSection({ onSignOut }: { onSignOut: (notice: FormNotice) => Promise<void> }) {
  const form = useSettingsForm<AppSettings>({
    queryKey: ['settings', 'app'],
    load: fetchAppSettings,
    save: async (settings) => ({ value: await saveAppSettings(settings) }),
    texts: {
      loadFailed: AppSettingsMessage.LOAD_FAILED,
      saveFailed: AppSettingsMessage.SAVE_FAILED,
      saved: AppSettingsMessage.SAVED,
    },
    successNotice: false,
    // In effect at once: theme, size, toasts' corner, clock.
    onSaved: setAppSettings,
  });
  const { change } = form;

  return (
    <SectionCard
      id="settings-app"
      title="App Settings"
      description="How the admin looks and behaves for you, on every device you sign in on."
      icon={<Palette />}
    >
      <SettingsForm
        form={form}
        loadFailed={AppSettingsMessage.LOAD_FAILED}
        loading={{ label: 'Loading your app settings…', rows: 4 }}
        labelledBy="settings-app"
        saveLabel="Save App Settings"
        spacious
      >
        {(values) => (
          <>
            <div className="grid gap-6 md:grid-cols-2">
              <Choices
                legend="Theme"
                hint="Auto follows your device's light or dark setting."
                name="themeMode"
                value={values.theme.mode}
                options={themes}
                onChange={(mode) => change({ ...values, theme: { ...values.theme, mode } })}
              />
              <Choices
                legend="Font size"
                name="fontSize"
                value={values.theme.fontSize}
                options={fontSizes}
                onChange={(fontSize) => change({ ...values, theme: { ...values.theme, fontSize } })}
              />
              <Choices<TimeFormat>
                legend="Time format"
                name="timeFormat"
                value={values.localization.timeFormat}
                options={[
                  { value: '12h', label: `12-hour (${formatTime(SAMPLE, '12h')})` },
                  { value: '24h', label: `24-hour (${formatTime(SAMPLE, '24h')})` },
                ]}
                onChange={(timeFormat) => change({ ...values, localization: { timeFormat } })}
              />
              <Select
                label="Notification position"
                name="notificationPosition"
                containerClassName="max-w-xs"
                value={values.notifications.position}
                onChange={(event) =>
                  change({ ...values, notifications: { position: event.target.value as NotificationPosition } })
                }
              >
                {positions.map((position) => (
                  <option key={position.value} value={position.value}>
                    {position.label}
                  </option>
                ))}
              </Select>
            </div>
            <CheckboxField
              name="reducedMotion"
              label="Reduce motion"
              hint="Turn off animations and transitions in the admin, whatever your device is set to."
              checked={values.accessibility.reducedMotion}
              onChange={(reducedMotion) => change({ ...values, accessibility: { reducedMotion } })}
            />
          </>
        )}
      </SettingsForm>
      <BrowserDataReset onSignOut={onSignOut} />
    </SectionCard>
  );
}
