import { diffWords } from 'diff';
import { cn } from '../../lib/cn';

/*
 * A readable comparison of two saved states of a field (ADR 0041), word by word with jsdiff. Everything is
 * shown as text: rich-text HTML is turned into its text first, and nothing is ever rendered as HTML.
 */

const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre|div|tr)>|<br\s*\/?>/gi;

/** The text of an HTML fragment, one line per block; parsed inertly (DOMParser runs no script, loads nothing). */
export function htmlText(html: string): string {
  const marked = html.replace(BLOCK_END, (match) => `${match}\n`);
  if (typeof DOMParser === 'undefined') return marked.replace(/<[^>]*>/g, '');
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '';
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

/** A stored value as text: lists one entry per line, entries of several parts joined with " · ". */
export function valueText(value: unknown, html = false): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return html ? htmlText(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean')
    return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
  if (Array.isArray(value)) return value.map((entry) => valueText(entry)).join('\n');
  if (typeof value === 'object') {
    return Object.values(value as Record<string, unknown>)
      .filter((part) => part !== null && part !== '')
      .map((part) => valueText(part))
      .join(' · ');
  }
  return String(value);
}

/** The words of `before` removed (red, struck through) and of `after` added (green), in order. */
export function TextDiff({ before, after }: { before: string; after: string }) {
  const parts = diffWords(before, after);
  return (
    <p className="text-sm leading-6 break-words whitespace-pre-wrap text-slate-700">
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} className="rounded-sm bg-emerald-100 text-emerald-900 no-underline">
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={index} className="rounded-sm bg-red-100 text-red-900">
            {part.value}
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}

/** One field's comparison under its label, or "No change". */
export function FieldDiff({
  label,
  before,
  after,
  html,
  className,
}: {
  label: string;
  before: unknown;
  after: unknown;
  html?: boolean;
  className?: string;
}) {
  const a = valueText(before, html);
  const b = valueText(after, html);
  return (
    <div className={cn('flex flex-col gap-1', className)} data-field-diff={label}>
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</h4>
      {a === b ? (
        <p className="text-sm text-slate-500 italic">No change</p>
      ) : a === '' && b === '' ? null : (
        <TextDiff before={a} after={b} />
      )}
    </div>
  );
}
