import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from './dialog';

/**
 * Guards a form with unsaved changes: leaving inside the app asks first (a dialog, not
 * window.confirm), and closing or reloading the tab gets the browser's own warning.
 * `allowNextNavigation()` lets the navigation after a successful save through.
 */
export function useUnsavedGuard(dirty: boolean, message: ReactNode) {
  const bypass = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirty && !bypass.current && currentLocation.pathname !== nextLocation.pathname,
      [dirty],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (bypass.current) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const allowNextNavigation = useCallback(() => {
    bypass.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Discard unsaved changes?"
      confirmLabel="Discard Changes"
      cancelLabel="Keep Editing"
      danger
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      {message}
    </ConfirmDialog>
  );

  return { allowNextNavigation, dialog };
}
