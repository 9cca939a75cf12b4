import type { SocialLink } from '../../shared/contracts/company';
import { platformNames, SocialIcon } from './social-icon';
import { cn } from '../lib/cn';
import { ownEntry } from '../lib/own-entry';

/** The company's social profiles as icon links; each has an accessible name and opens in a new tab. */
export function SocialLinks({
  links,
  companyName,
  className,
  linkClassName,
}: {
  links: SocialLink[];
  companyName: string;
  className?: string;
  linkClassName?: string;
}) {
  if (links.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap items-center gap-2', className)}>
      {links.map((link) => {
        const name = link.title || (ownEntry(platformNames, link.platform) ?? link.platform);
        return (
          <li key={link.id}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${companyName} on ${name} (opens in a new tab)`}
              title={name}
              className={cn('grid size-10 place-items-center rounded-full transition-colors', linkClassName)}
            >
              <SocialIcon platform={link.platform} className="size-[1.125rem]" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
