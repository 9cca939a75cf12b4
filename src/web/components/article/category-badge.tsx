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
  // Colour text is kept dark enough to read by mixing the category colour with near-black (AA for yellow and amber too).
  const style: CSSProperties | undefined = hex
    ? {
        backgroundColor: `color-mix(in srgb, ${hex} 14%, white)`,
        color: `color-mix(in srgb, ${hex} 55%, black)`,
        boxShadow: `inset 0 0 0 1px color-mix(in srgb, ${hex} 35%, white)`,
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
