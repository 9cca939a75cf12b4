import iconSprite from 'virtual:icon-sprite';
import type { SocialLink } from '../../shared/contracts/company';
import { cn } from '../lib/cn';

type Platform = SocialLink['platform'];

/**
 * The brand mark of a social platform, or WhatsApp's (from the icon sprite), in the current text colour.
 * Decorative: label the link instead.
 */
export function SocialIcon({ platform, className }: { platform: Platform | 'whatsapp'; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={cn('size-5 fill-current', className)}>
      <use href={`${iconSprite}#brand-${platform}`} />
    </svg>
  );
}

/** Human platform names for accessible labels (the X platform is stored as 'twitter'). */
export const platformNames: Record<Platform, string> = {
  linkedin: 'LinkedIn',
  twitter: 'X',
  instagram: 'Instagram',
  threads: 'Threads',
  facebook: 'Facebook',
  github: 'GitHub',
};
