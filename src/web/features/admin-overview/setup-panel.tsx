import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { SetupCheck } from '../../../shared/contracts/setup-check';
import { FiguresContent, Panel } from '../../components/admin/figures';
import { ListSkeleton } from '../../components/admin/list-states';
import { fetchSetupCheck, sendTestEmail, SETUP_UPDATES } from '../../components/admin/setup-api';
import { useAdminData } from '../../components/admin/use-admin-data';
import { Button } from '../../components/button';
import { CircleCheck, LoaderCircle, Send, TriangleAlert } from '../../components/icons';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { cn } from '../../lib/cn';

const LOAD_FAILED = 'Failed to load the setup check';

/**
 * The Overview's setup check (admins): what the site still lacks to serve a company in production, each
 * with what to do, what is done folded away; and a test e-mail to the admin's own address.
 */
export function SetupPanel() {
  const setup = useAdminData(['setup'], fetchSetupCheck, {
    loadFailed: LOAD_FAILED,
    updates: SETUP_UPDATES,
  });
  return (
    <FiguresContent
      state={setup}
      loadFailed={LOAD_FAILED}
      skeleton={<ListSkeleton label="Loading the setup check…" rows={1} rowClassName="h-24 rounded-2xl" />}
    >
      {(check) => <SetupItems check={check} />}
    </FiguresContent>
  );
}

function SetupItems({ check }: { check: SetupCheck }) {
  const titleId = useId();
  const [showDone, setShowDone] = useState(false);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const pending = check.items.filter((item) => !item.done);
  const done = check.items.filter((item) => item.done);
  const shown = showDone ? [...pending, ...done] : pending;
  const { hash } = useLocation();

  // Arriving from the banner's link (/admin/overview#setup): the check is in sight once loaded.
  useEffect(() => {
    if (hash === '#setup') document.getElementById('setup')?.scrollIntoView({ block: 'start' });
  }, [hash]);

  async function testEmail() {
    setSending(true);
    setNotice(null);
    try {
      const { status, message } = await sendTestEmail();
      setNotice({ type: status === 'sent' ? 'success' : status === 'failed' ? 'error' : 'warning', title: message });
    } catch (error) {
      setNotice(failureNotice('The test e-mail could not be sent.', error));
    } finally {
      setSending(false);
    }
  }

  return (
    <div id="setup" className="scroll-mt-24">
      <Panel
        id={titleId}
        title="Setup check"
        icon={check.done ? <CircleCheck /> : <TriangleAlert />}
        description={
          check.done
            ? 'Everything a company site needs in production is in place.'
            : `${pending.length} of ${check.items.length} things still need attention before the site serves customers well.`
        }
        actions={
          <Button variant="secondary" size="sm" onClick={() => void testEmail()} disabled={sending}>
            {sending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            Send test e-mail
          </Button>
        }
        bodyClassName="flex flex-col gap-3 p-4 sm:p-5"
      >
        <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />
        {shown.length > 0 && (
          <ul className="flex flex-col divide-y divide-slate-100" data-setup-items="">
            {shown.map((item) => (
              <li key={item.id} className="flex gap-3 py-3 first:pt-0 last:pb-0" data-setup-item={item.id}>
                {item.done ? (
                  <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-label="Done" />
                ) : (
                  <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-label="To do" />
                )}
                <div className="min-w-0 flex-1">
                  <p
                    className={cn('text-sm font-semibold break-words', item.done ? 'text-slate-700' : 'text-slate-900')}
                  >
                    {item.title}
                  </p>
                  <p className="mt-0.5 text-sm break-words text-slate-600">{item.detail}</p>
                </div>
                {item.link && !item.done && (
                  <Link
                    to={item.link}
                    className="shrink-0 self-start rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-800"
                  >
                    Open<span className="sr-only">: {item.title}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
        {done.length > 0 && (
          <button
            type="button"
            onClick={() => setShowDone((value) => !value)}
            aria-expanded={showDone}
            className="self-start text-sm font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline"
          >
            {showDone ? 'Hide what is done' : `Show what is done (${done.length})`}
          </button>
        )}
      </Panel>
    </div>
  );
}
