import { Compass, Construction } from '../../components/admin/icons';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import type { AdminTab } from './admin-tabs';

/** The honest panel of a tab that a later release builds. */
export function TabNotAvailable({ tab }: { tab: AdminTab }) {
  const Icon = tab.icon;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={tab.label} description={tab.description} icon={<Icon className="size-5" />} />
      <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center" data-tab-unavailable={tab.id}>
        <span className="grid size-12 place-items-center rounded-full bg-amber-50 text-amber-600 ring-1 ring-amber-200">
          <Construction className="size-6" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold">The {tab.label} tab is not available yet</h2>
        <p className="max-w-md text-sm text-slate-600">
          {tab.label} ({tab.description.toLowerCase()}) is not part of this release of the admin. Your account, password
          and users are managed under Settings.
        </p>
        <Button to="/admin/settings" variant="secondary" size="sm" className="mt-2">
          Go to Settings
        </Button>
      </Card>
    </div>
  );
}

/** The admin's own not-found panel (unknown tab or deeper path), inside the shell. */
export function AdminNotFound({ segment }: { segment: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-slate-100 text-slate-600">
        <Compass className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-xl font-semibold">Admin page not found</h1>
      <p className="max-w-md text-sm break-words text-slate-600">
        There is no admin page called “{segment}”. Pick a tab in the menu, or go back to the overview.
      </p>
      <Button to="/admin/overview" size="sm" className="mt-2">
        Go to Overview
      </Button>
    </Card>
  );
}

export function PageHeading({
  title,
  description,
  icon,
}: {
  title: string;
  description?: string;
  icon?: React.ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      {icon && (
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100"
        >
          {icon}
        </span>
      )}
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="text-sm text-slate-600">{description}</p>}
      </div>
    </div>
  );
}
