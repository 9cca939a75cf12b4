import { Link2, Share2 } from '../../components/icons';
import { SocialIcon } from '../../components/social-icon';
import { notify } from '../../lib/notifications';
import { cn } from '../../lib/cn';
import { shareLinks } from './share-links';
import { useHydrated } from '../../lib/use-hydrated';
import { sendEvent } from '../../lib/analytics-beacon';

export const LINK_COPIED = 'Link copied to clipboard!';
const COPY_FAILED = 'Could not copy the link. Please copy it from the address bar.';

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    sendEvent('share', { event_category: 'blog', event_action: 'copy_link' });
    notify({ type: 'success', title: 'Link copied', message: LINK_COPIED });
  } catch {
    notify({ type: 'error', title: 'Copy failed', message: COPY_FAILED, persistent: false });
  }
}

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

const roundButton =
  'grid size-10 place-items-center rounded-full bg-white text-slate-600 ring-1 ring-slate-300 transition ring-inset hover:text-white';

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

const hoverColours: Record<string, string> = {
  twitter: 'hover:bg-slate-900 hover:ring-slate-900',
  linkedin: 'hover:bg-[#0a66c2] hover:ring-[#0a66c2]',
  facebook: 'hover:bg-[#1877f2] hover:ring-[#1877f2]',
  whatsapp: 'hover:bg-[#25d366] hover:ring-[#25d366]',
};

/** 'Share this article' row: network links (new tab) and Copy link. */
export function ShareOnLinks({ url, title, className }: { url: string; title: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <div className={cn('flex flex-wrap items-center gap-3', className)}>
      <span className="text-sm font-semibold text-slate-900">Share this article:</span>
      <ul className="flex flex-wrap items-center gap-2">
        {shareLinks(url, title).map((link) => (
          <li key={link.network}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Share on ${link.label}`}
              title={`Share on ${link.label}`}
              className={cn(roundButton, hoverColours[link.network])}
              onClick={() => sendEvent('share', { event_category: 'blog', event_action: link.network })}
            >
              {link.network === 'whatsapp' ? (
                <SocialIcon platform="whatsapp" className="size-4" />
              ) : (
                <SocialIcon platform={link.network} className="size-4" />
              )}
            </a>
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={!hydrated}
            onClick={() => void copyLink(url)}
            aria-label="Copy link"
            title="Copy link"
            className={cn(roundButton, 'hover:bg-brand-600 hover:ring-brand-600')}
          >
            <Link2 className="size-4" aria-hidden="true" />
          </button>
        </li>
      </ul>
    </div>
  );
}
