import { setupCheckSchema, testEmailResultSchema, type SetupCheck } from '../../../shared/contracts/setup-check';
import { api } from '../../lib/api-client';
import { parseAnswer } from './parse-answer';

/*
 * The setup check's calls (admins): GET /api/system/setup and the test e-mail.
 */

/** The kinds of change that can move the setup check (the query ['setup'] lists them in its meta.updates). */
export const SETUP_UPDATES = ['setup', 'content', 'backups'] as const;

export async function fetchSetupCheck(): Promise<SetupCheck> {
  const body = await api.get('/system/setup');
  return parseAnswer(setupCheckSchema, body.data);
}

/** Sends a test e-mail to the signed-in admin; resolves with what happened, in words. */
export async function sendTestEmail(): Promise<{ status: string; message: string }> {
  const body = await api.post('/system/test-email', {});
  return { status: parseAnswer(testEmailResultSchema, body.data).status, message: body.message ?? '' };
}
