import { RotateCw } from './icons';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';

/** Content that could not be loaded, with a Try Again button that reloads the page. */
export function LoadFailedAlert({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  /** A line under the title; left out when the title is the whole message. */
  children?: ReactNode;
}) {
  return (
    <Alert
      tone="error"
      title={title}
      className={className}
      action={
        <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
