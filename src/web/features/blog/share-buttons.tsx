import { Share2 } from '../../components/icons';
import { useHydrated } from '../../lib/use-hydrated';
import { sendEvent } from '../../lib/analytics-beacon';
import { copyLink } from './copy-link';

/** The native share sheet where the browser has one, else the link is copied. */
async function shareNative(url: string, title: string, text: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      sendEvent('share', { event_category: 'blog', event_action: 'native' });
      return;
    } catch (error) {
      // The visitor closed the sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyLink(url);
}

/** The Share button beside Likes. */
export function ShareButton({ url, title, text }: { url: string; title: string; text: string }) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => void shareNative(url, title, text)}
      className="inline-flex h-10 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 transition ring-inset hover:bg-slate-50"
    >
      <Share2 className="size-4" aria-hidden="true" />
      Share
    </button>
  );
}
