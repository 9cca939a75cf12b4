import { LoaderCircle } from '../../components/icons';
import { AuthMessage } from '../../../shared/contracts/auth';

/** The light shell the server sends for /admin/* and the state while the session is checked. */
export function AdminLoading({ label = 'Loading the admin…' }: { label?: string }) {
  return (
    <div
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-4"
      role="status"
      aria-live="polite"
    >
      <span className="inline-flex items-center gap-3 text-sm font-medium text-slate-600">
        <LoaderCircle className="size-5 animate-spin text-brand-600" aria-hidden="true" />
        {label}
      </span>
      {/* The admin renders in the browser, where its tokens are: without JavaScript this screen is all there is. */}
      <noscript>
        <p className="max-w-sm text-center text-sm text-slate-700">{AuthMessage.NEEDS_JAVASCRIPT}</p>
      </noscript>
    </div>
  );
}
