import { LoaderCircle } from '../../components/icons';
import { useLocation, useNavigation } from 'react-router';
import { PORTFOLIO_PATH } from '../../components/portfolio/project-format';

export const LOADING_PROJECTS = 'Loading portfolio projects...';
export const LOADING_PROJECT = 'Loading project...';

/** True while a client navigation loads another view of /portfolio (filters, search, sort, page). */
export function usePortfolioListPending(): boolean {
  const navigation = useNavigation();
  return navigation.state === 'loading' && navigation.location.pathname === PORTFOLIO_PATH;
}

/** True while the router loads another project page than the one on screen. */
export function useProjectNavigationPending(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.location?.pathname;
  return (
    navigation.state === 'loading' &&
    target !== undefined &&
    target !== pathname &&
    /^\/portfolio\/[^/]+\/?$/.test(target)
  );
}

export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <div className="flex flex-col items-center justify-center gap-3 py-20 text-slate-600">
        <LoaderCircle className="size-8 animate-spin text-brand-600 motion-reduce:animate-none" aria-hidden="true" />
        <p className="text-sm font-medium">{label}</p>
      </div>
    </div>
  );
}
