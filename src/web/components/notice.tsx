import { isApiError, userMessage } from '../lib/api-client';
import { Alert } from './alert';

export type NoticeType = 'success' | 'error' | 'warning' | 'info';

/** A dismissible message of an admin screen: the spec's text as the title, the server's reason under it. */
export interface Notice {
  type: NoticeType;
  title: string;
  detail?: string;
}

/** The server's (or the connection's) reason for a failed call, when it says more than the title. */
export function failureNotice(title: string, error: unknown): Notice {
  const detail = isApiError(error) ? userMessage(error, { surface: 'admin', fallback: title }) : undefined;
  return { type: 'error', title, detail: detail && detail !== title ? detail : undefined };
}

export function NoticeAlert({
  notice,
  onDismiss,
  className,
}: {
  notice: Notice | null;
  onDismiss: () => void;
  className?: string;
}) {
  if (!notice) return null;
  return (
    <Alert tone={notice.type} title={notice.title} onDismiss={onDismiss} className={className}>
      {notice.detail}
    </Alert>
  );
}
