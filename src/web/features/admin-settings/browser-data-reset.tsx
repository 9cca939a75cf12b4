import { useState } from 'react';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { RotateCcw } from '../../components/icons';
import type { FormNotice } from './form-notice';

/**
 * Reset All Data (the spec's data management, kept to this browser: decisions say wiping the server is a
 * command-line operation, never a button). Clears what this browser keeps for the site (the sign-in here,
 * the copy of the App settings, the quote form's draft, the posts and projects liked) after a
 * confirmation; the session is ended first, and the page reloads to the sign-in screen.
 */
export function BrowserDataReset({ onSignOut }: { onSignOut: (notice: FormNotice) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function reset() {
    setBusy(true);
    await onSignOut({ type: 'success', text: 'This browser’s data was cleared.' }).catch(() => undefined);
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch {
      // Storage the browser refuses to open holds nothing of ours either.
    }
    window.location.assign('/admin/login');
  }

  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-5" data-browser-data-reset="">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">This browser’s data</h3>
        <p className="text-sm text-slate-600">
          Your sign-in here, the copy of these settings, the quote form’s draft and the posts and projects liked from
          this browser. Nothing on the server changes.
        </p>
      </div>
      <div>
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)} disabled={busy}>
          <RotateCcw aria-hidden="true" />
          Reset All Data
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title="Reset this browser’s data?"
        confirmLabel="Reset and sign out"
        danger
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={() => void reset()}
      >
        <p>
          You will be signed out here, and what this browser keeps for the site is cleared. The site’s content, your
          account and your settings on the server stay as they are.
        </p>
      </ConfirmDialog>
    </div>
  );
}
