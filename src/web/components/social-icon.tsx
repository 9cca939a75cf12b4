import { siFacebook, siGithub, siInstagram, siThreads, siX } from 'simple-icons';
import type { SocialLink } from '../../shared/contracts/company';
import { cn } from '../lib/cn';

type Platform = SocialLink['platform'];

/*
 * simple-icons no longer ships LinkedIn (trademark request), so this is our own plain "in" mark:
 * a rounded square with the letters cut out.
 */
const linkedinPath =
  'M4.5 2h15A2.5 2.5 0 0 1 22 4.5v15a2.5 2.5 0 0 1-2.5 2.5h-15A2.5 2.5 0 0 1 2 19.5v-15A2.5 2.5 0 0 1 4.5 2Z' +
  'M6.2 9.6V18h2.7V9.6Zm1.35-4.1a1.55 1.55 0 1 0 0 3.1 1.55 1.55 0 0 0 0-3.1Z' +
  'M10.8 9.6V18h2.7v-4.4c0-1.2.5-2 1.6-2 1 0 1.5.7 1.5 2V18h2.7v-5c0-2.4-1.2-3.6-3.2-3.6-1.2 0-2.1.5-2.6 1.3V9.6Z';

const paths: Record<Platform, string> = {
  linkedin: linkedinPath,
  twitter: siX.path,
  instagram: siInstagram.path,
  threads: siThreads.path,
  facebook: siFacebook.path,
  github: siGithub.path,
};

/** The brand mark of a social platform, in the current text colour. Decorative: label the link instead. */
export function SocialIcon({ platform, className }: { platform: Platform; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={cn('size-5 fill-current', className)}>
      {/* Our LinkedIn mark relies on even-odd holes; simple-icons paths use the default rule. */}
      <path d={paths[platform]} fillRule={platform === 'linkedin' ? 'evenodd' : undefined} />
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
