import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { loadDeferredComponents } from './lib/hydrate-when-visible';
import { NonceProvider } from './lib/nonce';
import { PART_LEFT_OUT } from './lib/part-boundary';

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The render's script marker (see pages/page-csp.ts); the server turns marked scripts into CSP hashes.
  const nonce = loadContext.scriptMarker;
  // Below-the-fold parts whose browser code is deferred are rendered in place like the rest of the page.
  await loadDeferredComponents();
  return new Promise<Response>((resolve, reject) => {
    let timedOut = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
      timedOut = true;
      abort();
    }, streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary stays in its place. By default React moves one that would make the
        // page's first 12.8 KB chunk bigger out of the way (a hidden element and an inline script that
        // reveals it, batched up to 300 ms later): a visitor without JavaScript would never see it, and
        // with it the parts below the fold (hydrateWhenVisible) would show late. The page is sent
        // whole anyway (onAllReady).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // The whole document at once, for everybody: the server hashes its inline scripts for the
        // Content-Security-Policy and may keep the finished page in its cache (ADR 0020), so a page is
        // never sent before it is complete.
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        // An error outside every Suspense boundary: there is no page (React Router renders the error page).
        onShellError(error: unknown) {
          reject(error);
        },
        // Every error is logged with the request's id. One inside a Suspense boundary (a part of the page,
        // see hydrateWhenVisible) leaves that part out and the page stands with its status: React sends the
        // boundary's fallback in its place, and the browser renders the part again, where PartErrorBoundary
        // leaves it out for good if it fails there too. A render cut short by the timeout is a failed page.
        onError(error: unknown) {
          if (timedOut) responseStatusCode = 500;
          loadContext.reportRenderError(error);
          return PART_LEFT_OUT;
        },
      },
    );
  });
}
