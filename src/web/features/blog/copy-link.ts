import { notify } from '../../lib/notifications';
import { sendEvent } from '../../lib/analytics-beacon';

export const LINK_COPIED = 'Link copied to clipboard!';
const COPY_FAILED = 'Could not copy the link. Please copy it from the address bar.';

/** Copies the article's address, and says so in a toast. */
export async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    sendEvent('share', { event_category: 'blog', event_action: 'copy_link' });
    notify({ type: 'success', title: 'Link copied', message: LINK_COPIED });
  } catch {
    notify({ type: 'error', title: 'Copy failed', message: COPY_FAILED, persistent: false });
  }
}
