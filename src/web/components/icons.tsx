/**
 * The icons the site and the admin use: lucide's drawings, served as one sprite (scripts/icon-sprite.ts
 * builds it from the `icon('Name')` calls below) and drawn with `<use>`, so a page carries one short tag per
 * icon instead of its paths, and no bundle carries path data. Add an icon: one line here, named as the
 * lucide-react export (https://lucide.dev/icons); the sprite follows at the next build.
 */
import type { ReactElement, SVGProps } from 'react';
import iconSprite from 'virtual:icon-sprite';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height in pixels when no size class says otherwise (24). */
  size?: number | string;
}

export type IconComponent = (props: IconProps) => ReactElement;

/** The lucide defaults (24 × 24, 2 px round strokes in the text colour), hidden from assistive technology unless labelled. */
function icon(name: string): IconComponent {
  function Icon({ size = 24, strokeWidth = 2, ...rest }: IconProps) {
    const labelled = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined;
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
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
export const ArchiveRestore = /* @__PURE__ */ icon('ArchiveRestore');
export const ArrowDown = /* @__PURE__ */ icon('ArrowDown');
export const ArrowLeft = /* @__PURE__ */ icon('ArrowLeft');
export const ArrowRight = /* @__PURE__ */ icon('ArrowRight');
export const ArrowUp = /* @__PURE__ */ icon('ArrowUp');
export const Award = /* @__PURE__ */ icon('Award');
export const Ban = /* @__PURE__ */ icon('Ban');
export const Bell = /* @__PURE__ */ icon('Bell');
export const BellRing = /* @__PURE__ */ icon('BellRing');
export const Bold = /* @__PURE__ */ icon('Bold');
export const BookOpen = /* @__PURE__ */ icon('BookOpen');
export const BookOpenText = /* @__PURE__ */ icon('BookOpenText');
export const Bot = /* @__PURE__ */ icon('Bot');
export const Briefcase = /* @__PURE__ */ icon('Briefcase');
export const Bug = /* @__PURE__ */ icon('Bug');
export const Building2 = /* @__PURE__ */ icon('Building2');
export const CalendarCheck = /* @__PURE__ */ icon('CalendarCheck');
export const CalendarClock = /* @__PURE__ */ icon('CalendarClock');
export const CalendarDays = /* @__PURE__ */ icon('CalendarDays');
export const CalendarRange = /* @__PURE__ */ icon('CalendarRange');
export const ChartColumn = /* @__PURE__ */ icon('ChartColumn');
export const ChartSpline = /* @__PURE__ */ icon('ChartSpline');
export const Check = /* @__PURE__ */ icon('Check');
export const CheckCheck = /* @__PURE__ */ icon('CheckCheck');
export const ChevronDown = /* @__PURE__ */ icon('ChevronDown');
export const ChevronLeft = /* @__PURE__ */ icon('ChevronLeft');
export const ChevronRight = /* @__PURE__ */ icon('ChevronRight');
export const CircleAlert = /* @__PURE__ */ icon('CircleAlert');
export const CircleCheck = /* @__PURE__ */ icon('CircleCheck');
export const CircleExclamationPoint = /* @__PURE__ */ icon('CircleExclamationPoint');
export const Clock = /* @__PURE__ */ icon('Clock');
export const Clock3 = /* @__PURE__ */ icon('Clock3');
export const Cloud = /* @__PURE__ */ icon('Cloud');
export const Code = /* @__PURE__ */ icon('Code');
export const Compass = /* @__PURE__ */ icon('Compass');
export const Construction = /* @__PURE__ */ icon('Construction');
export const Copy = /* @__PURE__ */ icon('Copy');
export const Cpu = /* @__PURE__ */ icon('Cpu');
export const Database = /* @__PURE__ */ icon('Database');
export const DatabaseBackup = /* @__PURE__ */ icon('DatabaseBackup');
export const Download = /* @__PURE__ */ icon('Download');
export const Expand = /* @__PURE__ */ icon('Expand');
export const ExternalLink = /* @__PURE__ */ icon('ExternalLink');
export const Eye = /* @__PURE__ */ icon('Eye');
export const EyeOff = /* @__PURE__ */ icon('EyeOff');
export const Factory = /* @__PURE__ */ icon('Factory');
export const FileDown = /* @__PURE__ */ icon('FileDown');
export const FileQuestion = /* @__PURE__ */ icon('FileQuestion');
export const FileSearch = /* @__PURE__ */ icon('FileSearch');
export const FileText = /* @__PURE__ */ icon('FileText');
export const FileUp = /* @__PURE__ */ icon('FileUp');
export const FlaskConical = /* @__PURE__ */ icon('FlaskConical');
export const FolderOpen = /* @__PURE__ */ icon('FolderOpen');
export const FolderSearch = /* @__PURE__ */ icon('FolderSearch');
export const Globe = /* @__PURE__ */ icon('Globe');
export const GraduationCap = /* @__PURE__ */ icon('GraduationCap');
export const GripVertical = /* @__PURE__ */ icon('GripVertical');
export const Hash = /* @__PURE__ */ icon('Hash');
export const Heading2 = /* @__PURE__ */ icon('Heading2');
export const Heading3 = /* @__PURE__ */ icon('Heading3');
export const Heart = /* @__PURE__ */ icon('Heart');
export const House = /* @__PURE__ */ icon('House');
export const Image = /* @__PURE__ */ icon('Image');
export const ImageIcon = /* @__PURE__ */ icon('ImageIcon');
export const ImagePlus = /* @__PURE__ */ icon('ImagePlus');
export const ImageUp = /* @__PURE__ */ icon('ImageUp');
export const Images = /* @__PURE__ */ icon('Images');
export const Info = /* @__PURE__ */ icon('Info');
export const Italic = /* @__PURE__ */ icon('Italic');
export const KeyRound = /* @__PURE__ */ icon('KeyRound');
export const Layers = /* @__PURE__ */ icon('Layers');
export const LayoutDashboard = /* @__PURE__ */ icon('LayoutDashboard');
export const LayoutGrid = /* @__PURE__ */ icon('LayoutGrid');
export const LineChart = /* @__PURE__ */ icon('LineChart');
export const Link2 = /* @__PURE__ */ icon('Link2');
export const List = /* @__PURE__ */ icon('List');
export const ListOrdered = /* @__PURE__ */ icon('ListOrdered');
export const ListRestart = /* @__PURE__ */ icon('ListRestart');
export const LoaderCircle = /* @__PURE__ */ icon('LoaderCircle');
export const LogIn = /* @__PURE__ */ icon('LogIn');
export const LogOut = /* @__PURE__ */ icon('LogOut');
export const Mail = /* @__PURE__ */ icon('Mail');
export const MailCheck = /* @__PURE__ */ icon('MailCheck');
export const MailOpen = /* @__PURE__ */ icon('MailOpen');
export const MapPin = /* @__PURE__ */ icon('MapPin');
export const Megaphone = /* @__PURE__ */ icon('Megaphone');
export const Menu = /* @__PURE__ */ icon('Menu');
export const MessageCircle = /* @__PURE__ */ icon('MessageCircle');
export const MessageSquare = /* @__PURE__ */ icon('MessageSquare');
export const MessageSquareQuote = /* @__PURE__ */ icon('MessageSquareQuote');
export const MessageSquareText = /* @__PURE__ */ icon('MessageSquareText');
export const MessagesSquare = /* @__PURE__ */ icon('MessagesSquare');
export const Monitor = /* @__PURE__ */ icon('Monitor');
export const Moon = /* @__PURE__ */ icon('Moon');
export const Palette = /* @__PURE__ */ icon('Palette');
export const Pause = /* @__PURE__ */ icon('Pause');
export const Pencil = /* @__PURE__ */ icon('Pencil');
export const Phone = /* @__PURE__ */ icon('Phone');
export const Play = /* @__PURE__ */ icon('Play');
export const Plus = /* @__PURE__ */ icon('Plus');
export const QrCode = /* @__PURE__ */ icon('QrCode');
export const Quote = /* @__PURE__ */ icon('Quote');
export const Redo2 = /* @__PURE__ */ icon('Redo2');
export const RefreshCw = /* @__PURE__ */ icon('RefreshCw');
export const RotateCcw = /* @__PURE__ */ icon('RotateCcw');
export const RotateCw = /* @__PURE__ */ icon('RotateCw');
export const Save = /* @__PURE__ */ icon('Save');
export const Search = /* @__PURE__ */ icon('Search');
export const SearchX = /* @__PURE__ */ icon('SearchX');
export const Send = /* @__PURE__ */ icon('Send');
export const ServerCog = /* @__PURE__ */ icon('ServerCog');
export const ServerCrash = /* @__PURE__ */ icon('ServerCrash');
export const Settings = /* @__PURE__ */ icon('Settings');
export const Share2 = /* @__PURE__ */ icon('Share2');
export const ShieldCheck = /* @__PURE__ */ icon('ShieldCheck');
export const ShieldX = /* @__PURE__ */ icon('ShieldX');
export const ShoppingCart = /* @__PURE__ */ icon('ShoppingCart');
export const SlidersHorizontal = /* @__PURE__ */ icon('SlidersHorizontal');
export const Smartphone = /* @__PURE__ */ icon('Smartphone');
export const Sparkles = /* @__PURE__ */ icon('Sparkles');
export const SquareCode = /* @__PURE__ */ icon('SquareCode');
export const Star = /* @__PURE__ */ icon('Star');
export const Strikethrough = /* @__PURE__ */ icon('Strikethrough');
export const Sun = /* @__PURE__ */ icon('Sun');
export const TextQuote = /* @__PURE__ */ icon('TextQuote');
export const Trash2 = /* @__PURE__ */ icon('Trash2');
export const TrendingUp = /* @__PURE__ */ icon('TrendingUp');
export const TriangleAlert = /* @__PURE__ */ icon('TriangleAlert');
export const TriangleExclamationPoint = /* @__PURE__ */ icon('TriangleExclamationPoint');
export const Underline = /* @__PURE__ */ icon('Underline');
export const Undo2 = /* @__PURE__ */ icon('Undo2');
export const Unlink = /* @__PURE__ */ icon('Unlink');
export const Upload = /* @__PURE__ */ icon('Upload');
export const UserCheck = /* @__PURE__ */ icon('UserCheck');
export const UserPlus = /* @__PURE__ */ icon('UserPlus');
export const UserRound = /* @__PURE__ */ icon('UserRound');
export const Users = /* @__PURE__ */ icon('Users');
export const X = /* @__PURE__ */ icon('X');
export const Zap = /* @__PURE__ */ icon('Zap');
