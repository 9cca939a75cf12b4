import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installGlobalErrorHandlers } from './lib/global-error-handlers';
import { isPartLeftOut, PartErrorBoundary } from './lib/part-boundary';

installGlobalErrorHandlers();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    {
      // A part the server left out (its error is in the server's log) is rendered afresh: not a fault here.
      onRecoverableError(error) {
        if (!isPartLeftOut(error)) reportError(error);
      },
      // A part that fails here is left out and noted in the client error log (PartErrorBoundary).
      onCaughtError(error, info) {
        if (!(info.errorBoundary instanceof PartErrorBoundary)) console.error(error);
      },
    },
  );
});
