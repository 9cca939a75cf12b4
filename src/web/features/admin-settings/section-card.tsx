import type { ReactNode } from 'react';
import { Card } from '../../components/card';

/** One settings group: a titled card. */
export function SectionCard({
  id,
  title,
  description,
  icon,
  children,
  actions,
}: {
  id: string;
  title: string;
  description?: string;
  icon: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card padding="none" className="overflow-hidden">
      <section aria-labelledby={id}>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-lg bg-slate-100 text-slate-700 [&_svg]:size-4.5"
          >
            {icon}
          </span>
          <div className="min-w-48 flex-1">
            <h2 id={id} className="text-base font-semibold">
              {title}
            </h2>
            {description && <p className="text-sm text-slate-600">{description}</p>}
          </div>
          {actions}
        </div>
        <div className="px-5 py-5 sm:px-6">{children}</div>
      </section>
    </Card>
  );
}
