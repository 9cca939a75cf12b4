/**
 * The icons the site and the admin use: lucide's drawings, served as one sprite (scripts/icon-sprite.ts
 * builds it from the `icon('Name')` calls below) and drawn with `<use>`, so a page carries one short tag per
 * icon instead of its paths, and no bundle carries path data. Add an icon: one line here (or, if only the
 * admin uses it, in components/admin/icons.tsx), named as the lucide-react export
 * (https://lucide.dev/icons); the sprite follows at the next build.
 */
import type { CSSProperties, ReactElement, SVGProps } from 'react';
import iconSprite from 'virtual:icon-sprite';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height in pixels when no size class says otherwise (24, from the `icon` class). */
  size?: number | string;
}

export type IconComponent = (props: IconProps) => ReactElement;

/**
 * lucide's defaults (24 × 24, 2 px round strokes in the text colour) come from one CSS rule, the `icon` class
 * in app.css, rather than eight attributes on every icon: a page with 150 icons carries ~18 KB less markup,
 * and the browser matches one rule instead of building a style from each icon's attributes. An icon is hidden
 * from assistive technology unless labelled. `strokeWidth` and `size` are kept as props (inline style).
 */
export function icon(name: string): IconComponent {
  function Icon({ size, strokeWidth, className, style, ...rest }: IconProps) {
    const labelled = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined;
    let own = style;
    if (size !== undefined) own = { width: size, height: size, ...own };
    if (strokeWidth !== undefined) own = { '--icon-stroke': strokeWidth, ...own } as CSSProperties;
    return (
      <svg
        className={className ? `icon ${className}` : 'icon'}
        style={own}
        aria-hidden={labelled ? undefined : 'true'}
        {...rest}
      >
        <use href={`${iconSprite}#${name}`} />
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const Activity = /* @__PURE__ */ icon('Activity');
export const ArrowLeft = /* @__PURE__ */ icon('ArrowLeft');
export const ArrowRight = /* @__PURE__ */ icon('ArrowRight');
export const BookOpen = /* @__PURE__ */ icon('BookOpen');
export const BookOpenText = /* @__PURE__ */ icon('BookOpenText');
export const Bot = /* @__PURE__ */ icon('Bot');
export const Bug = /* @__PURE__ */ icon('Bug');
export const Building2 = /* @__PURE__ */ icon('Building2');
export const CalendarCheck = /* @__PURE__ */ icon('CalendarCheck');
export const CalendarClock = /* @__PURE__ */ icon('CalendarClock');
export const CalendarDays = /* @__PURE__ */ icon('CalendarDays');
export const Check = /* @__PURE__ */ icon('Check');
export const ChevronDown = /* @__PURE__ */ icon('ChevronDown');
export const ChevronLeft = /* @__PURE__ */ icon('ChevronLeft');
export const ChevronRight = /* @__PURE__ */ icon('ChevronRight');
export const CircleCheck = /* @__PURE__ */ icon('CircleCheck');
export const CircleExclamationPoint = /* @__PURE__ */ icon('CircleExclamationPoint');
export const Clock = /* @__PURE__ */ icon('Clock');
export const Clock3 = /* @__PURE__ */ icon('Clock3');
export const Cloud = /* @__PURE__ */ icon('Cloud');
export const Code = /* @__PURE__ */ icon('Code');
export const Cpu = /* @__PURE__ */ icon('Cpu');
export const Database = /* @__PURE__ */ icon('Database');
export const Expand = /* @__PURE__ */ icon('Expand');
export const ExternalLink = /* @__PURE__ */ icon('ExternalLink');
export const Eye = /* @__PURE__ */ icon('Eye');
export const Factory = /* @__PURE__ */ icon('Factory');
export const FileQuestion = /* @__PURE__ */ icon('FileQuestion');
export const FileSearch = /* @__PURE__ */ icon('FileSearch');
export const FolderSearch = /* @__PURE__ */ icon('FolderSearch');
export const Globe = /* @__PURE__ */ icon('Globe');
export const GraduationCap = /* @__PURE__ */ icon('GraduationCap');
export const Hash = /* @__PURE__ */ icon('Hash');
export const Heart = /* @__PURE__ */ icon('Heart');
export const House = /* @__PURE__ */ icon('House');
export const Info = /* @__PURE__ */ icon('Info');
export const Layers = /* @__PURE__ */ icon('Layers');
export const LineChart = /* @__PURE__ */ icon('LineChart');
export const Link2 = /* @__PURE__ */ icon('Link2');
export const LoaderCircle = /* @__PURE__ */ icon('LoaderCircle');
export const Mail = /* @__PURE__ */ icon('Mail');
export const MapPin = /* @__PURE__ */ icon('MapPin');
export const Megaphone = /* @__PURE__ */ icon('Megaphone');
export const Menu = /* @__PURE__ */ icon('Menu');
export const MessageCircle = /* @__PURE__ */ icon('MessageCircle');
export const MessageSquare = /* @__PURE__ */ icon('MessageSquare');
export const MessageSquareText = /* @__PURE__ */ icon('MessageSquareText');
export const Palette = /* @__PURE__ */ icon('Palette');
export const Pause = /* @__PURE__ */ icon('Pause');
export const Phone = /* @__PURE__ */ icon('Phone');
export const Play = /* @__PURE__ */ icon('Play');
export const QrCode = /* @__PURE__ */ icon('QrCode');
export const Quote = /* @__PURE__ */ icon('Quote');
export const RefreshCw = /* @__PURE__ */ icon('RefreshCw');
export const RotateCcw = /* @__PURE__ */ icon('RotateCcw');
export const RotateCw = /* @__PURE__ */ icon('RotateCw');
export const Search = /* @__PURE__ */ icon('Search');
export const SearchX = /* @__PURE__ */ icon('SearchX');
export const Send = /* @__PURE__ */ icon('Send');
export const Share2 = /* @__PURE__ */ icon('Share2');
export const ShieldCheck = /* @__PURE__ */ icon('ShieldCheck');
export const ShieldX = /* @__PURE__ */ icon('ShieldX');
export const ShoppingCart = /* @__PURE__ */ icon('ShoppingCart');
export const SlidersHorizontal = /* @__PURE__ */ icon('SlidersHorizontal');
export const Smartphone = /* @__PURE__ */ icon('Smartphone');
export const Sparkles = /* @__PURE__ */ icon('Sparkles');
export const Star = /* @__PURE__ */ icon('Star');
export const TrendingUp = /* @__PURE__ */ icon('TrendingUp');
export const TriangleAlert = /* @__PURE__ */ icon('TriangleAlert');
export const TriangleExclamationPoint = /* @__PURE__ */ icon('TriangleExclamationPoint');
export const X = /* @__PURE__ */ icon('X');
