import { useEffect, useState } from 'react';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../shared/constants';
import { SystemMessage } from '../../../shared/contracts/system-settings.values';

/**
 * For signed-in staff browsing the public site while maintenance mode is on (they pass thanks to the site
 * pass cookie; visitors get the maintenance page): a bar saying so, with the way to turn it off. Asked for
 * only when this browser holds a staff token, so visitors' pages make no call and stay cacheable.
 */
export function MaintenanceBanner() {
  const [on, setOn] = useState(false);

  useEffect(() => {
    let token: string | null = null;
    try {
      token = window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
    } catch {
      return;
    }
    if (!token) return;
    const controller = new AbortController();
    fetch('/api/system/status', { headers: { authorization: `Bearer ${token}` }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ data?: { maintenanceMode?: unknown } }>) : null))
      .then((body) => setOn(body?.data?.maintenanceMode === true))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (!on) return null;
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
