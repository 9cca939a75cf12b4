import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { fetchSetupCheck, SETUP_UPDATES } from '../../components/admin/setup-api';
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
  // The Overview's query: one answer serves both there. The banner is a reminder: when the check cannot be
  // read it shows what it last had (or nothing), and the Overview says why.
  const { data: check, refetch } = useQuery({
    queryKey: ['setup'],
    queryFn: fetchSetupCheck,
    meta: { updates: SETUP_UPDATES },
  });
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    void refetch();
  }, [pathname, refetch]);

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
