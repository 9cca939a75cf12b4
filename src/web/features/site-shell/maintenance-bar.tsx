import { SystemMessage } from '../../../shared/contracts/system-settings.values';

/**
 * On every public page while maintenance mode is on. Only staff with a site pass get pages then (visitors
 * get the maintenance page), so the server renders it with the page: no call, no token needed in this
 * browser, and nothing for visitors' cached pages.
 */
export function MaintenanceBar() {
  return (
    <div
      role="status"
      data-maintenance-bar=""
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-2xl flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-xl border border-amber-300 bg-amber-50 px-4 py-2.5 text-center text-sm text-amber-900 shadow-lg"
    >
      <span className="font-semibold">{SystemMessage.MAINTENANCE_BANNER}</span>
      <a href="/admin/settings#settings-system" className="font-semibold text-amber-950 underline underline-offset-2">
        System settings
      </a>
    </div>
  );
}
