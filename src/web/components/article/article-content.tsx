import { cn } from '../../lib/cn';

export interface ArticleContentProps {
  /** HTML sanitised by the server when the post was saved. Never pass visitor input here. */
  html: string;
  className?: string;
}

/**
 * The article body: staff-written HTML, sanitised on save, in the stylesheet's
 * article typography (`article-prose` in app.css), which the admin's preview shares.
 */
export function ArticleContent({ html, className }: ArticleContentProps) {
  return (
    <div
      data-article-content=""
      className={cn('article-prose', className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
