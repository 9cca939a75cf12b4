import { cn } from '../../lib/cn';

/**
 * Typography for article HTML, written as descendant variants so it needs no global stylesheet and
 * also styles the admin preview.
 */
const prose = cn(
  'text-base leading-8 text-slate-700 sm:text-lg sm:leading-8 break-words',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
  '[&_p]:my-5',
  '[&_h1]:mt-12 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight',
  '[&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:leading-tight [&_h2]:font-bold [&_h2]:tracking-tight sm:[&_h2]:text-[1.75rem]',
  '[&_h3]:mt-10 [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:mt-8 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold',
  '[&_h5]:mt-6 [&_h5]:mb-2 [&_h5]:font-semibold [&_h6]:mt-6 [&_h6]:mb-2 [&_h6]:font-semibold',
  '[&_strong]:font-semibold [&_strong]:text-slate-900 [&_em]:italic',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:decoration-brand-300 [&_a]:underline-offset-4 hover:[&_a]:text-brand-800 hover:[&_a]:decoration-brand-600',
  '[&_ul]:my-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-2 [&_li]:pl-1 [&_li::marker]:text-brand-500 [&_li>ul]:my-2 [&_li>ol]:my-2',
  '[&_blockquote]:my-8 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-400 [&_blockquote]:bg-brand-50/60 [&_blockquote]:py-3 [&_blockquote]:pr-4 [&_blockquote]:pl-5 [&_blockquote]:text-slate-800 [&_blockquote]:italic [&_blockquote_p]:my-2',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em] [&_code]:text-slate-900',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-slate-900 [&_pre]:p-5 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-slate-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit',
  '[&_img]:my-8 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_figure]:my-8 [&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-slate-500',
  '[&_hr]:my-10 [&_hr]:border-slate-200',
  '[&_table]:my-8 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-left [&_table]:text-sm',
  '[&_th]:border-b-2 [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold [&_th]:text-slate-900',
  '[&_td]:border-b [&_td]:border-slate-100 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
);

export interface ArticleContentProps {
  /** HTML sanitised by the server when the post was saved. Never pass visitor input here. */
  html: string;
  className?: string;
}

/** The article body: staff-written HTML, sanitised on save (decisions.md, security). */
export function ArticleContent({ html, className }: ArticleContentProps) {
  return <div data-article-content="" className={cn(prose, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
