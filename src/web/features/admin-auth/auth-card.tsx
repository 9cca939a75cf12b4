import { Layers } from '../../components/icons';
import type { ReactNode } from 'react';

/** The centred card of the signed-out admin screens (login, reset password, outage). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main
      id="main-content"
      className="flex min-h-dvh items-center justify-center bg-linear-to-br from-slate-50 via-white to-brand-50 px-4 py-10"
    >
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-2xl bg-linear-to-br from-brand-600 to-accent-600 text-white shadow-lg shadow-brand-900/20"
          >
            <Layers className="size-6" strokeWidth={2.25} />
          </span>
          <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle && <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>}
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
          {children}
        </div>
      </div>
    </main>
  );
}
