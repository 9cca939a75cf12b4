import { RefreshCw } from '../../components/icons';
import { ServerCrash } from '../../components/admin/icons';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { AuthCard } from './auth-card';
import { retrySessionCheck } from './auth-store';

/** The server or its database is down: say so, offer to try again, let nobody in. */
export function OutageScreen({ message }: { message: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <AuthCard title="Admin unavailable" subtitle="The admin needs the server and its database.">
      <Alert tone="error" title="Cannot reach the server">
        {message}
      </Alert>
      <div className="mt-5 flex flex-col items-center gap-3">
        <span aria-hidden="true" className="text-slate-300">
          <ServerCrash className="size-10" />
        </span>
        <Button
          className="w-full"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void retrySessionCheck().finally(() => setBusy(false));
          }}
        >
          <RefreshCw className={busy ? 'animate-spin' : undefined} aria-hidden="true" />
          {busy ? 'Checking...' : 'Try Again'}
        </Button>
      </div>
    </AuthCard>
  );
}
