import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link' | 'inverse' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap font-semibold transition-colors duration-150 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ' +
  'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 ' +
  '[&_svg]:size-4 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'rounded-lg bg-brand-600 text-white shadow-sm shadow-brand-900/20 hover:bg-brand-700 active:bg-brand-800',
  secondary:
    'rounded-lg bg-white text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 hover:ring-slate-400',
  ghost: 'rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  link: 'rounded-sm text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline',
  /** For dark backgrounds (hero, dark panels). */
  inverse: 'rounded-lg bg-white/10 text-white ring-1 ring-inset ring-white/25 backdrop-blur-sm hover:bg-white/20',
  /** The main action on a dark or brand-coloured background. */
  light: 'rounded-lg bg-white text-brand-800 shadow-md shadow-brand-950/20 hover:bg-brand-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children?: ReactNode;
}

export function buttonClasses({ variant = 'primary', size = 'md', className }: Omit<StyleProps, 'children'> = {}) {
  // The link variant reads as text, so it gets no box height or padding.
  return cn(base, variants[variant], variant === 'link' ? 'p-0 text-sm' : sizes[size], className);
}

type AsButton = StyleProps & ButtonHTMLAttributes<HTMLButtonElement> & { to?: undefined; href?: undefined };
type AsRouterLink = StyleProps & Omit<LinkProps, 'className' | 'children'> & { href?: undefined };
type AsAnchor = StyleProps & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; to?: undefined };

export type ButtonProps = AsButton | AsRouterLink | AsAnchor;

/**
 * One look for every action: a <button>, a React Router <Link> when given `to` (in-app navigation),
 * or a plain <a> when given `href` (mailto:, tel:, external sites).
 */
export function Button(props: ButtonProps) {
  if (props.to !== undefined) {
    const { variant, size, className, children, ...rest } = props;
    return (
      <Link className={buttonClasses({ variant, size, className })} {...rest}>
        {children}
      </Link>
    );
  }
  if (props.href !== undefined) {
    const { variant, size, className, children, ...rest } = props;
    return (
      <a className={buttonClasses({ variant, size, className })} {...rest}>
        {children}
      </a>
    );
  }
  const { variant, size, className, children, type, ...rest } = props;
  return (
    <button type={type ?? 'button'} className={buttonClasses({ variant, size, className })} {...rest}>
      {children}
    </button>
  );
}
