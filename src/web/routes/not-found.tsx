import type { Route } from './+types/not-found';
import { NotFoundPage } from '../features/errors/not-found-page';
import { pageMeta } from '../lib/seo';

/** Throwing keeps the HTTP status 404; the page itself is this route's error boundary. */
export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    title: 'Page Not Found',
    description: "The page you're looking for doesn't exist or has been moved.",
    noIndex: true,
  });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
