import { useEffect, useState, type ComponentType } from 'react';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../shared/constants';

/**
 * For signed-in staff browsing the public site while maintenance mode is on (they pass thanks to the site
 * pass cookie; visitors get the maintenance page): a bar saying so, with the way to turn it off. Asked for
 * only when this browser holds a staff token, so visitors' pages make no call and stay cacheable, and
 * download none of its code (ADR 0023).
 */
export function MaintenanceBanner() {
  const [Notice, setNotice] = useState<ComponentType | null>(null);

  useEffect(() => {
    let token: string | null = null;
    try {
      token = window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
    } catch {
      return;
    }
    if (!token) return;
    const staffToken = token;
    const controller = new AbortController();
    import('./maintenance-notice')
      .then(async ({ maintenanceModeOn, MaintenanceNotice }) => {
        if (await maintenanceModeOn(staffToken, controller.signal)) setNotice(() => MaintenanceNotice);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  return Notice ? <Notice /> : null;
}
