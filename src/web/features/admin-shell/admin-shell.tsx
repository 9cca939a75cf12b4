import { ExternalLink, Layers, Menu, RefreshCw, X } from '../../components/icons';
import { LogOut } from '../../components/admin/icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Role } from '../../../shared/contracts/auth';
import { Badge, type BadgeTone } from '../../components/badge';
import { cn } from '../../lib/cn';
import { broadcastDataUpdate } from '../../lib/data-update';
import { toast } from '../../lib/notifications';
import { adminTabs, resolveAdminTab } from './admin-tabs';
import { NotificationBell } from './notification-bell';
import { SetupBanner } from './setup-banner';

const roleTones: Record<Role, BadgeTone> = { admin: 'brand', editor: 'info', viewer: 'neutral' };

export interface AdminShellProps {
  username: string;
  role: Role;
  onLogout: () => void;
  children: ReactNode;
}

const headerButton =
  'inline-flex h-10 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 [&_svg]:size-5 [&_svg]:shrink-0';

/** Sidebar (a drawer below lg), header with the user and actions, and the tab as <main>. */
export function AdminShell({ username, role, onLogout, children }: AdminShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);

  function refresh() {
    broadcastDataUpdate('blog', 'portfolio', 'contacts', 'analytics');
    toast.info('Blog, portfolio, contacts and analytics are being reloaded.', 'Data refreshed');
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside
        data-keep-palette
        className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-800 bg-slate-900 lg:block"
      >
        <SidebarContent />
      </aside>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:px-6">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            className={cn(headerButton, 'lg:hidden')}
          >
            <Menu aria-hidden="true" />
          </button>
          <div className="flex min-w-0 flex-1 items-center gap-2">
            <p className="flex min-w-0 flex-col text-slate-600 sm:flex-row sm:items-baseline sm:gap-1">
              <span className="text-xs leading-4 whitespace-nowrap sm:text-sm">
                Welcome back<span className="hidden sm:inline">,</span>
              </span>
              <span className="truncate text-sm leading-5 font-semibold text-slate-900" data-current-user>
                {username}
              </span>
            </p>
            <Badge tone={roleTones[role]} className="shrink-0 capitalize">
              {role}
            </Badge>
          </div>
          <nav aria-label="Admin actions" className="flex items-center gap-0.5 sm:gap-1">
            <a href="/" target="_blank" rel="noopener" className={headerButton}>
              <ExternalLink aria-hidden="true" />
              <span className="sr-only xl:not-sr-only">View Website</span>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <button type="button" onClick={refresh} className={headerButton}>
              <RefreshCw aria-hidden="true" />
              <span className="sr-only xl:not-sr-only">Refresh</span>
            </button>
            <NotificationBell />
            <button type="button" onClick={onLogout} className={headerButton}>
              <LogOut aria-hidden="true" />
              <span className="sr-only md:not-sr-only">Logout</span>
            </button>
          </nav>
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl px-4 py-6 focus:outline-none sm:px-6 lg:py-8"
        >
          {role === 'admin' && <SetupBanner />}
          {children}
        </main>
      </div>
    </div>
  );
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const segment = pathname.replace(/^\/admin\/?/, '').split('/')[0] || undefined;
  const current = resolveAdminTab(segment)?.id;
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center gap-2.5 border-b border-slate-800 px-5">
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-lg bg-linear-to-br from-brand-500 to-accent-500 text-white"
        >
          <Layers className="size-4.5" strokeWidth={2.25} />
        </span>
        <span className="text-base font-bold tracking-tight text-white">Admin</span>
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto p-3">
        <ul className="flex flex-col gap-1">
          {adminTabs.map((tab) => {
            const Icon = tab.icon;
            const active = tab.id === current;
            return (
              <li key={tab.id}>
                {/* A plain Link: NavLink would drop aria-current on /admin/dashboard, the Overview's alias. */}
                <Link
                  to={`/admin/${tab.id}`}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition',
                    'focus-visible:outline-accent-400',
                    active ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white',
                  )}
                >
                  <Icon
                    className={cn('size-5 shrink-0', active ? 'text-accent-400' : 'text-slate-400')}
                    aria-hidden="true"
                  />
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

/** The sidebar on small screens: a modal <dialog> (focus stays inside, Esc closes). */
function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-label="Admin menu"
      data-keep-palette
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className="m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-slate-900 p-0 backdrop:bg-slate-950/50 lg:hidden"
    >
      {open && (
        <div className="relative h-full">
          <SidebarContent onNavigate={onClose} />
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="absolute top-3.5 right-3 grid size-9 place-items-center rounded-lg text-slate-300 hover:bg-white/10 hover:text-white"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
      )}
    </dialog>
  );
}
