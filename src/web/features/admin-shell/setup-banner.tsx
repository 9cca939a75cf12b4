import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { SetupCheck } from '../../../shared/contracts/setup-check';
import { fetchSetupCheck } from '../../components/admin/setup-api';
import { Alert } from '../../components/alert';

/** The Overview's addresses: it shows the setup check itself. */
const OVERVIEW = new Set(['/admin', '/admin/', '/admin/overview', '/admin/dashboard']);

/**
 * For admins, on every admin screen but the Overview, until the setup check is clean: how many things the
 * site still lacks for production, with a link to the check. Looked at again on each move between screens,
 * so that what was just fixed is gone from the next one. Polite (a status, not an alert): it is there on
 * every screen.
 */
export function SetupBanner() {
  const { pathname } = useLocation();
  const [check, setCheck] = useState<SetupCheck | null>(null);

  useEffect(() => {
    let cancelled = false;
    fetchSetupCheck()
      .then((result) => !cancelled && setCheck(result))
      // The banner is a reminder: when the check cannot be read, the Overview says why.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [pathname]);

  if (!check || check.done || OVERVIEW.has(pathname)) return null;
  const pending = check.items.filter((item) => !item.done).length;
  return (
    <div className="mb-5" data-setup-banner="">
      <Alert
        tone="info"
        title={`Not yet ready for production: ${pending} ${pending === 1 ? 'thing needs' : 'things need'} attention.`}
        action={
          <Link
            to="/admin/overview#setup"
            className="text-sm font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2"
          >
            Review the setup check
          </Link>
        }
      >
        {check.items.find((item) => !item.done)?.title}
      </Alert>
    </div>
  );
}
