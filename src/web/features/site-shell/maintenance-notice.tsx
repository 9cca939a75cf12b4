import { SystemMessage } from '../../../shared/contracts/system-settings.values';

/** Whether maintenance mode is on, asked with the staff member's token (GET /api/system/status). */
export async function maintenanceModeOn(token: string, signal: AbortSignal): Promise<boolean> {
  const response = await fetch('/api/system/status', { headers: { authorization: `Bearer ${token}` }, signal });
  if (!response.ok) return false;
  const body = (await response.json()) as { data?: { maintenanceMode?: unknown } };
  return body.data?.maintenanceMode === true;
}

/** The bar itself, with the way to turn maintenance mode off. */
export function MaintenanceNotice() {
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-2xl flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-xl border border-amber-300 bg-amber-50 px-4 py-2.5 text-center text-sm text-amber-900 shadow-lg"
    >
      <span className="font-semibold">{SystemMessage.MAINTENANCE_BANNER}</span>
      <a href="/admin/settings#settings-system" className="font-semibold text-amber-950 underline underline-offset-2">
        System settings
      </a>
    </div>
  );
}
