import { useLocation, useNavigation } from 'react-router';
import { Skeleton } from '../../components/skeleton';

/** True while the router loads another article (/blog/{slug}) than the one on screen. */
export function useArticleNavigationPending(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.location?.pathname;
  return (
    navigation.state === 'loading' && target !== undefined && target !== pathname && /^\/blog\/[^/]+\/?$/.test(target)
  );
}

/** The article page's loading state, shown during client navigations to an article. */
export function ArticleSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <span className="sr-only">Loading article...</span>
      <Skeleton className="h-4 w-48" />
      <Skeleton className="mt-10 h-6 w-24 rounded-full" />
      <Skeleton className="mt-5 h-10 w-full" />
      <Skeleton className="mt-3 h-10 w-3/4" />
      <Skeleton className="mt-6 h-5 w-full" />
      <Skeleton className="mt-2 h-5 w-5/6" />
      <div className="mt-8 flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <Skeleton className="h-4 w-64" />
      </div>
      <Skeleton className="mt-10 aspect-[16/9] w-full rounded-2xl" />
      <div className="mt-10 space-y-3">
        {[100, 95, 98, 80, 92, 60].map((width, index) => (
          <Skeleton key={index} className="h-4" style={{ width: `${width}%` }} />
        ))}
      </div>
    </div>
  );
}
