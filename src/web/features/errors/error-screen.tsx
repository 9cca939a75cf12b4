import { Bug, House, RefreshCw, TriangleExclamationPoint } from '../../components/icons';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation } from 'react-router';
import { Button } from '../../components/button';
import { mailtoHref } from '../../lib/contact-links';
import { ErrorSeverity, ErrorType, logError } from '../../lib/error-log';
import { createErrorId } from './error-id';

function describe(error: unknown): { message: string; stack: string | null; status?: number } {
  if (isRouteErrorResponse(error)) {
    return { message: `${error.status} ${error.statusText || 'Error'}`, stack: null, status: error.status };
  }
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? null };
  return { message: typeof error === 'string' ? error : 'Unknown error occurred', stack: null };
}

/**
 * The ID must be the same in the server HTML and after hydration, or React would replace the text
 * the visitor may already have copied: the browser adopts the server's ID from the DOM; an error
 * that happens only in the browser gets a new one.
 */
function useErrorId(): string {
  const [id] = useState(() => {
    if (typeof document !== 'undefined') {
      const rendered = document.querySelector('[data-error-id]')?.getAttribute('data-error-id');
      if (rendered) return rendered;
    }
    return createErrorId();
  });
  return id;
}

export interface ErrorScreenProps {
  error: unknown;
  /** Company e-mail for the report; absent when the company profile itself could not be loaded. */
  supportEmail?: string;
  /** Origin of the site for the page address in the report. */
  publicUrl?: string;
}

/** The general error screen: what happened, an error ID to quote, and three ways forward. */
export function ErrorScreen({ error, supportEmail, publicUrl }: ErrorScreenProps) {
  const errorId = useErrorId();
  const location = useLocation();
  const pageUrl = `${publicUrl ?? ''}${location.pathname}${location.search}`;

  useEffect(() => {
    const { message, stack, status } = describe(error);
    logError({
      message: `${errorId}: ${message}`,
      stack,
      type: status !== undefined && status < 500 ? ErrorType.CLIENT : ErrorType.SERVER,
      severity: ErrorSeverity.HIGH,
      context: { url: pageUrl, ...(status !== undefined ? { status } : {}) },
    });
    console.error(`[${errorId}]`, error);
  }, [error, errorId, pageUrl]);

  const reportHref = mailtoHref(supportEmail ?? '', {
    subject: `Website error report ${errorId}`,
    body: `Hello,\n\nI ran into an error on your website.\n\nError ID: ${errorId}\nPage: ${pageUrl}\n\nWhat I was doing:\n`,
  });
  const details = import.meta.env.DEV ? describe(error) : null;

  return (
    <section className="relative isolate overflow-hidden px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-96 bg-linear-to-b from-red-50/70 to-transparent"
      />
      <div className="mx-auto max-w-xl text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-red-100 text-red-600 ring-8 ring-red-50">
          <TriangleExclamationPoint className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-8 text-3xl font-bold tracking-tight sm:text-4xl">Oops! Something went wrong</h1>
        <p className="mt-4 text-base leading-7 text-slate-600">
          An unexpected error stopped this page from loading. Reloading usually helps. If it keeps happening, please
          report it and quote the error ID so we can find out what went wrong.
        </p>

        <div className="mx-auto mt-8 inline-flex flex-wrap items-center justify-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm">
          <span className="text-slate-500">Error ID</span>
          <code data-error-id={errorId} className="font-mono font-semibold text-slate-900 select-all">
            {errorId}
          </code>
        </div>

        <div className="mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Button size="lg" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Reload Page
          </Button>
          <Button href="/" variant="secondary" size="lg">
            <House aria-hidden="true" />
            Go to Homepage
          </Button>
          <Button href={reportHref} variant="ghost" size="lg">
            <Bug aria-hidden="true" />
            Report Issue
          </Button>
        </div>

        {details && (
          <pre
            suppressHydrationWarning
            className="mt-10 max-h-80 overflow-auto rounded-xl bg-slate-900 p-4 text-left text-xs text-slate-100"
          >
            {details.message}
            {details.stack ? `\n\n${details.stack}` : ''}
          </pre>
        )}
      </div>
    </section>
  );
}
