import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';

/**
 * The digest the server gives a page part it left out because its render threw (entry.server.tsx). The
 * browser then renders that part afresh; its "could not finish this boundary" report carries this digest and
 * is not reported again (entry.client.tsx): the server has logged the cause with the request's id.
 */
export const PART_LEFT_OUT = 'part-left-out';

/** True for the browser's report that a part the server left out is rendered afresh (see PART_LEFT_OUT). */
export function isPartLeftOut(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { digest?: unknown }).digest === PART_LEFT_OUT;
}

interface PartErrorBoundaryProps {
  children: ReactNode;
}

/**
 * A part of a page that may fail on its own (hydrateWhenVisible). On the server an error in it stops at its
 * Suspense boundary: React sends the boundary's fallback (nothing) in its place and the page is complete
 * without it. React does not run error boundaries on the server; this one is for the browser, which renders
 * such a part again: if it throws again, or throws there only, the part stays left out instead of the
 * error reaching the route and replacing the whole page. Its error goes to the client error log.
 */
export class PartErrorBoundary extends Component<PartErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const { message, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    void import('./error-log').then((log) =>
      log.logError({
        message: `A part of the page was left out: ${message}`,
        stack: stack ?? info.componentStack ?? null,
        type: log.ErrorType.CLIENT,
        severity: log.ErrorSeverity.MEDIUM,
      }),
    );
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A part of a page that is left out, on the server and in the browser, when its render throws: its own
 * Suspense boundary (what stops the error on the server) inside a PartErrorBoundary (in the browser).
 * Every hydrateWhenVisible part is one; a part above the fold (the landing page's hero) is wrapped in it.
 */
export function PagePart({ children }: { children: ReactNode }) {
  return (
    <PartErrorBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </PartErrorBoundary>
  );
}
