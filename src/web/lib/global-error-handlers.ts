/**
 * Logs uncaught errors and unhandled promise rejections into the client error log (error-log.ts) as
 * CLIENT / HIGH. The listeners are registered at once; the log's own code loads with the first error, so
 * pages that never fail do not download it (ADR 0023). Safe to call more than once (the listeners are
 * added once) and a no-op outside a browser.
 */
let installed = false;

export function installGlobalErrorHandlers(): void {
  if (installed || typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  installed = true;
  window.addEventListener('error', (event: ErrorEvent) => {
    void import('./error-log').then((log) => log.logUncaughtError(event));
  });
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    void import('./error-log').then((log) => log.logUnhandledRejection(event));
  });
}
