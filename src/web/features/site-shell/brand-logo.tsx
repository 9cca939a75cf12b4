import { Layers } from '../../components/icons';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

/** The brand in the top bar and footer: a mark plus the company name, linking home. */
export function BrandLogo({
  name,
  tone = 'dark',
  className,
}: {
  name: string;
  tone?: 'dark' | 'light';
  className?: string;
}) {
  return (
    <Link to="/" className={cn('group inline-flex min-w-0 items-center gap-2.5 rounded-lg', className)}>
      <span
        aria-hidden="true"
        className="grid size-9 shrink-0 place-items-center rounded-xl bg-linear-to-br from-brand-600 to-accent-600 text-white shadow-md shadow-brand-900/20"
      >
        <Layers className="size-5" strokeWidth={2.25} />
      </span>
      <span
        className={cn(
          'truncate text-[1.05rem] font-bold tracking-tight',
          tone === 'dark' ? 'text-slate-900' : 'text-white',
        )}
      >
        {name}
      </span>
    </Link>
  );
}
