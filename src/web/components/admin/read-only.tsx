import type { ReactNode } from 'react';
import { Alert } from '../alert';
import { Button } from '../button';

/** The line over an admin tab for a role that may read it but not change it. */
export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm text-slate-600" data-read-only>
      {children}
    </p>
  );
}

/** In place of an edit screen the role may not use: why, and the way back to the list. */
export function CannotEdit({
  title,
  backTo,
  backLabel,
  children,
}: {
  title: string;
  backTo: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <Alert
      tone="warning"
      title={title}
      action={
        <Button size="sm" variant="secondary" to={backTo}>
          {backLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
