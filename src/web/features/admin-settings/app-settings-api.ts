import { appSettingsSchema } from '../../../shared/contracts/app-settings';
import type { AppSettings } from '../../../shared/contracts/app-settings.values';
import { parseAnswer } from '../../components/admin/parse-answer';
import { api } from '../../lib/api-client';

/** The signed-in staff member's own App settings (GET and PUT /api/auth/app-settings). */

export async function fetchAppSettings(): Promise<AppSettings> {
  const body = await api.get('/auth/app-settings');
  return parseAnswer(appSettingsSchema, body.data);
}

export async function saveAppSettings(settings: AppSettings): Promise<AppSettings> {
  const body = await api.put('/auth/app-settings', settings);
  return parseAnswer(appSettingsSchema, body.data);
}
