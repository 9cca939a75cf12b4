import { LoaderCircle } from '../../components/icons';

/** The light shell the server sends for /admin/* and the state while the session is checked. */
export function AdminLoading({ label = 'Loading the admin…' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50" role="status" aria-live="polite">
      <span className="inline-flex items-center gap-3 text-sm font-medium text-slate-600">
        <LoaderCircle className="size-5 animate-spin text-brand-600" aria-hidden="true" />
        {label}
      </span>
    </div>
  );
}
