import type { CSSProperties } from 'react';
import { cn } from '../../lib/cn';
import { DEFAULT_CATEGORY_LABEL, safeHexColor } from './article-format';

export interface CategoryBadgeProps {
  name?: string | null;
  /** Hex colour of the category; the brand colour when missing. */
  color?: string | null;
  className?: string;
}

/** A category pill tinted with the category's own colour (default label 'Article'). */
export function CategoryBadge({ name, color, className }: CategoryBadgeProps) {
  const hex = safeHexColor(color);
  // The category colour is mixed with the page's surface and its strongest text colour, so that the text
  // stays readable (AA for yellow and amber too) and the admin's dark theme, which turns those two over
  // (admin.css), gets a dark tint with light text instead of a light badge.
  const style: CSSProperties | undefined = hex
    ? {
        backgroundColor: `color-mix(in srgb, ${hex} 14%, var(--color-white, #fff))`,
        color: `color-mix(in srgb, ${hex} 50%, var(--color-slate-900, #0f172a))`,
        boxShadow: `inset 0 0 0 1px color-mix(in srgb, ${hex} 35%, var(--color-white, #fff))`,
      }
    : undefined;
  return (
    <span
      data-category-badge=""
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        !hex && 'bg-brand-50 text-brand-700 ring-1 ring-brand-200 ring-inset',
        className,
      )}
      style={style}
    >
      {name || DEFAULT_CATEGORY_LABEL}
    </span>
  );
}
