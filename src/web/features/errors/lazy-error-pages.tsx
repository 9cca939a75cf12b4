import { lazy, Suspense, type ComponentProps } from 'react';

/*
 * The error and not-found pages, loaded only when a page fails or is missing, so that no page carries them
 * in its first download. A server-rendered error page stays as it is until they arrive.
 */
const ErrorScreen = lazy(() => import('./error-screen').then((m) => ({ default: m.ErrorScreen })));
const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

export function LazyErrorScreen(props: ComponentProps<typeof ErrorScreen>) {
  return (
    <Suspense>
      <ErrorScreen {...props} />
    </Suspense>
  );
}

export function LazyNotFoundPage() {
  return (
    <Suspense>
      <NotFoundPage />
    </Suspense>
  );
}
