import { systemSettingsSchema, type SystemSettings } from '../../../shared/contracts/system-settings';
import { parseAnswer } from '../../components/admin/parse-answer';
import { api } from '../../lib/api-client';

/** Settings › System Configuration (admins): GET and PUT /api/system/settings. */
export async function fetchSystemSettings(): Promise<SystemSettings> {
  const body = await api.get('/system/settings');
  return parseAnswer(systemSettingsSchema, body.data);
}

export async function saveSystemSettings(
  settings: SystemSettings,
): Promise<{ settings: SystemSettings; message?: string }> {
  const body = await api.put('/system/settings', settings);
  return { settings: parseAnswer(systemSettingsSchema, body.data), message: body.message };
}
