import { useEffect, useRef } from 'react';
import type { Notice } from '../notice';

/**
 * A form's error notice ("Please correct the highlighted fields.", a field's message from the server) goes
 * once every field it pointed at has been changed: it does not stay above a form that is now right, through
 * Preview, until the next save.
 */
export function useFieldsNotice(
  errors: Record<string, string | undefined>,
  notice: Notice | null,
  clearNotice: () => void,
): void {
  const hadErrors = useRef(false);
  const anyError = Object.values(errors).some(Boolean);
  useEffect(() => {
    if (anyError) {
      hadErrors.current = true;
      return;
    }
    if (!hadErrors.current) return;
    hadErrors.current = false;
    if (notice?.type === 'error') clearNotice();
  }, [anyError, notice, clearNotice]);
}
