import { ArrowRight, Check } from '../../components/icons';
import { Link } from 'react-router';
import { initials } from '../../lib/initials';

/** The hero's floating chat-like card: the founder invites the visitor to start a conversation. */
export function FounderCard({
  founder,
  companyName,
  services,
}: {
  founder: string;
  companyName: string;
  services: string[];
}) {
  const firstName = founder.split(/\s+/)[0] ?? founder;
  return (
    <div className="relative mx-auto w-full max-w-md">
      {/* Decorative service chips around the card; the services are listed in full elsewhere. */}
      {services[0] && (
        <div
          aria-hidden="true"
          className="absolute -top-6 -left-6 z-20 hidden animate-float items-center gap-2 rounded-xl bg-white px-3.5 py-2.5 text-sm font-medium text-slate-800 shadow-xl shadow-slate-950/30 sm:flex"
        >
          <span className="grid size-6 place-items-center rounded-full bg-emerald-100 text-emerald-600">
            <Check className="size-3.5" strokeWidth={3} />
          </span>
          {services[0]}
        </div>
      )}
      {services[1] && (
        <div
          aria-hidden="true"
          className="absolute -right-4 -bottom-6 z-20 hidden animate-float items-center gap-2 rounded-xl bg-white px-3.5 py-2.5 text-sm font-medium text-slate-800 shadow-xl shadow-slate-950/30 [animation-delay:-3.5s] sm:flex"
        >
          <span className="grid size-6 place-items-center rounded-full bg-brand-100 text-brand-600">
            <Check className="size-3.5" strokeWidth={3} />
          </span>
          {services[1]}
        </div>
      )}

      <div className="relative z-10 animate-float rounded-2xl bg-white p-5 text-slate-700 shadow-2xl shadow-brand-950/50 ring-1 ring-white/20 [animation-delay:-1.5s] sm:p-6">
        <div className="flex items-center gap-3 border-b border-slate-100 pb-4">
          <span
            aria-hidden="true"
            className="relative grid size-12 shrink-0 place-items-center rounded-full bg-linear-to-br from-brand-500 to-accent-500 text-base font-bold text-white"
          >
            {initials(founder)}
            <span className="absolute right-0 bottom-0 size-3 rounded-full bg-emerald-500 ring-2 ring-white" />
          </span>
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{founder}</p>
            <p className="truncate text-sm text-slate-500">Founder, {companyName}</p>
          </div>
        </div>

        <div className="mt-4 space-y-2.5 text-sm leading-6">
          <p className="w-fit max-w-[90%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-2.5 text-slate-800">
            Hi, I'm {firstName}!
          </p>
          <p className="w-fit max-w-[90%] rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-2.5 text-slate-800">
            Have a project in mind? Tell us what you want to build and we'll get back to you with a free quote within 24
            hours.
          </p>
        </div>

        <Link
          to="/#get-quote"
          className="mt-5 flex items-center justify-between rounded-xl bg-brand-50 px-4 py-3 text-sm font-semibold text-brand-700 transition-colors hover:bg-brand-100"
        >
          Start a conversation
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}
