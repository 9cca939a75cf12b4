import { Download, ServerCog, Trash2 } from '../../components/admin/icons';
import { useState } from 'react';
import { systemSettingsSchema, type SystemSettings } from '../../../shared/contracts/system-settings';
import { MAINTENANCE_MESSAGE_MAX, SystemMessage } from '../../../shared/contracts/system-settings.values';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { clearAnalytics, fetchAnalyticsExport } from '../../components/admin/analytics-data-api';
import { ClearAnalyticsDialog } from '../../components/admin/clear-analytics-dialog';
import { ANALYTICS_MAX_PERIOD_DAYS } from '../../../shared/contracts/analytics-dashboard';
import { downloadTextFile } from '../../lib/download-file';
import { Textarea } from '../../components/textarea';
import { userMessage } from '../../lib/api-client';
import type { FormNotice } from './form-notice';
import { SectionCard } from './section-card';
import { SettingsForm, ToggleFields } from './settings-form';
import { fetchSystemSettings, saveSystemSettings } from './system-api';
import { useSettingsForm } from './use-settings-form';

const LOAD_FAILED = 'Failed to load the system settings';
const EXPORT_FAILED = 'Failed to export analytics';
const CLEAR_FAILED = 'Failed to clear analytics';
const SAVE_FAILED = 'Failed to save the system settings';

type Toggle = 'maintenanceMode' | 'debugMode' | 'cacheEnabled';
const toggles: { key: Toggle; label: string; hint: string }[] = [
  {
    key: 'maintenanceMode',
    label: 'Maintenance mode',
    hint: 'Visitors see a maintenance page with your contact details; signed-in staff keep browsing the site, and the admin keeps working.',
  },
  {
    key: 'debugMode',
    label: 'Debug mode',
    hint: 'Detailed server logs, at once and without a restart. Turn it off when you are done: the logs grow quickly.',
  },
  {
    key: 'cacheEnabled',
    label: 'Cache enabled',
    hint: 'Browsers and caches in front of the site may keep public pages and check them for changes. Off: every page is fetched again.',
  },
];

/** Settings › System Configuration (admins only): maintenance mode, debug mode and the cache switch. */
export function SystemSection() {
  const form = useSettingsForm<SystemSettings>({
    queryKey: ['settings', 'system'],
    load: fetchSystemSettings,
    save: async (next) => {
      const { settings, message } = await saveSystemSettings(next);
      return { value: settings, message };
    },
    texts: { loadFailed: LOAD_FAILED, saveFailed: SAVE_FAILED, saved: SystemMessage.SAVED },
  });
  const [messageError, setMessageError] = useState<string | null>(null);

  function save(values: SystemSettings) {
    if (form.busy) return;
    const checked = systemSettingsSchema.safeParse(values);
    if (!checked.success) {
      setMessageError(checked.error.issues[0]?.message ?? SAVE_FAILED);
      return;
    }
    form.submit(checked.data);
  }

  return (
    <SectionCard
      id="settings-system"
      title="System Configuration"
      description="Maintenance mode, debug logging and caching for the whole site. Changes apply within seconds."
      icon={<ServerCog />}
    >
      <SettingsForm
        form={form}
        loadFailed={LOAD_FAILED}
        loading={{ label: 'Loading the system settings…', rows: toggles.length }}
        labelledBy="settings-system"
        saveLabel="Save System Settings"
        onSave={save}
      >
        {(values) => (
          <>
            {form.saved?.maintenanceMode && <Alert tone="warning">{SystemMessage.MAINTENANCE_BANNER}</Alert>}
            <ToggleFields legend="System settings" toggles={toggles} values={values} onChange={form.change} />
            <Textarea
              label="Maintenance message"
              hint={`Shown to visitors during maintenance; leave empty for “${SystemMessage.MAINTENANCE_TEXT}”`}
              name="maintenanceMessage"
              rows={3}
              maxLength={MAINTENANCE_MESSAGE_MAX}
              value={values.maintenanceMessage}
              error={messageError ?? undefined}
              containerClassName="max-w-xl"
              onChange={(event) => {
                form.change({ ...values, maintenanceMessage: event.target.value });
                setMessageError(null);
              }}
            />
          </>
        )}
      </SettingsForm>
      <AnalyticsData />
    </SectionCard>
  );
}

/**
 * Data management's analytics part (Export Analytics as a JSON file, Clear Analytics after
 * confirmation): the export covers the last year, the longest period the server answers for.
 */
function AnalyticsData() {
  const [busy, setBusy] = useState<'export' | 'clear' | null>(null);
  const [clearOpen, setClearOpen] = useState(false);
  const [notice, setNotice] = useState<FormNotice | null>(null);

  async function exportJson() {
    setBusy('export');
    setNotice(null);
    try {
      const text = await fetchAnalyticsExport({ period: ANALYTICS_MAX_PERIOD_DAYS }, 'json');
      const period = (JSON.parse(text) as { period?: { from?: string; to?: string } }).period;
      downloadTextFile(text, `analytics_${period?.from ?? 'from'}_${period?.to ?? 'to'}.json`, 'application/json');
    } catch (error) {
      setNotice({
        type: 'error',
        text: `${EXPORT_FAILED}: ${userMessage(error, { surface: 'admin', fallback: EXPORT_FAILED })}`,
      });
    } finally {
      setBusy(null);
    }
  }

  async function clear() {
    setBusy('clear');
    try {
      const { message } = await clearAnalytics();
      setNotice({ type: 'success', text: message ?? 'Analytics cleared' });
    } catch (error) {
      setNotice({
        type: 'error',
        text: `${CLEAR_FAILED}: ${userMessage(error, { surface: 'admin', fallback: CLEAR_FAILED })}`,
      });
    } finally {
      setClearOpen(false);
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-5">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Analytics data</h3>
        <p className="text-sm text-slate-600">
          Download the last {ANALYTICS_MAX_PERIOD_DAYS} days of figures as JSON, or delete every recorded page view and
          event.
        </p>
      </div>
      {notice && (
        <Alert tone={notice.type} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void exportJson()} disabled={busy !== null}>
          <Download aria-hidden="true" />
          {busy === 'export' ? 'Exporting…' : 'Export Analytics'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setClearOpen(true)} disabled={busy !== null}>
          <Trash2 aria-hidden="true" />
          Clear Analytics
        </Button>
      </div>
      <ClearAnalyticsDialog
        open={clearOpen}
        busy={busy === 'clear'}
        onCancel={() => setClearOpen(false)}
        onConfirm={() => void clear()}
      />
    </div>
  );
}
