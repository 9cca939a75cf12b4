import { useSyncExternalStore } from 'react';
import { useAppSettings } from './app-settings';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/**
 * Whether the visitor asked for reduced motion: in the operating system, or (staff, in the admin) in
 * their App settings. The server cannot know, so it renders the static variant (false means
 * "animate", but nothing animates before hydration anyway).
 */
export function usePrefersReducedMotion(): boolean {
  const chosen = useAppSettings().accessibility.reducedMotion;
  const system = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
  return system || chosen;
}
