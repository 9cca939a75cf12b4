import { Link2 } from '../../components/icons';
import { ArticleTags } from '../../components/article/article-tags';
import { SocialIcon } from '../../components/social-icon';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/use-hydrated';
import { sendEvent } from '../../lib/analytics-beacon';
import { copyLink } from './copy-link';
import { shareLinks } from './share-links';

const roundButton =
  'grid size-10 place-items-center rounded-full bg-white text-slate-600 ring-1 ring-slate-300 transition ring-inset hover:text-white';

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

/** Under the article: its tags and the share row. */
export function ArticleEnd({
  anchorId,
  tags,
  tagHref,
  url,
  title,
}: {
  anchorId: string;
  tags: string[];
  tagHref: (tag: string) => string;
  url: string;
  title: string;
}) {
  return (
    <div id={anchorId} className="mt-12 flex flex-col gap-8 border-t border-slate-200 pt-8">
      <ArticleTags tags={tags} hrefFor={tagHref} />
      <ShareOnLinks url={url} title={title} />
    </div>
  );
}
