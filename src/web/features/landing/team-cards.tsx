import { Mail } from '../../components/icons';
import { SiteContentMessage, type TeamMemberCard } from '../../../shared/contracts/site-content.values';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { ResponsiveImage } from '../../components/responsive-image';
import { SocialIcon } from '../../components/social-icon';
import { mailtoHref } from '../../lib/contact-links';

const linkClass =
  'grid size-9 place-items-center rounded-full border border-slate-200 text-slate-600 transition hover:border-brand-300 hover:text-brand-700';

/** About › the team: image, name, position, bio, skills and their links (null: could not be loaded). */
export function TeamCards({ team }: { team: TeamMemberCard[] | null }) {
  if (team === null) {
    return (
      <LoadFailedAlert title={SiteContentMessage.TEAM_FAILED} className="mx-auto max-w-2xl">
        Please try again in a moment.
      </LoadFailedAlert>
    );
  }
  if (team.length === 0) return null;
  return (
    <div>
      <h3 id="team-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
        Meet the team
      </h3>
      <ul aria-labelledby="team-heading" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {team.map((member) => {
          const { linkedin, github, twitter, email } = member.social;
          return (
            <li
              key={member.id}
              data-team-member={member.id}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs"
            >
              <ResponsiveImage
                src={member.image}
                alt={`${member.name}, ${member.position}`}
                aspectRatio="1 / 1"
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                imgClassName="object-cover"
              />
              <div className="flex flex-1 flex-col p-5">
                <p className="font-semibold text-slate-900">{member.name}</p>
                <p className="text-sm font-medium text-brand-700">{member.position}</p>
                {member.bio && <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">{member.bio}</p>}
                {member.skills.length > 0 && (
                  <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={`${member.name}'s skills`}>
                    {member.skills.map((skill) => (
                      <li
                        key={skill}
                        className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
                      >
                        {skill}
                      </li>
                    ))}
                  </ul>
                )}
                {(linkedin || github || twitter || email) && (
                  <div className="mt-4 flex gap-2">
                    {linkedin && (
                      <a href={linkedin} target="_blank" rel="noopener noreferrer" className={linkClass}>
                        <SocialIcon platform="linkedin" className="size-4" />
                        <span className="sr-only">{member.name} on LinkedIn</span>
                      </a>
                    )}
                    {github && (
                      <a href={github} target="_blank" rel="noopener noreferrer" className={linkClass}>
                        <SocialIcon platform="github" className="size-4" />
                        <span className="sr-only">{member.name} on GitHub</span>
                      </a>
                    )}
                    {twitter && (
                      <a href={twitter} target="_blank" rel="noopener noreferrer" className={linkClass}>
                        <SocialIcon platform="twitter" className="size-4" />
                        <span className="sr-only">{member.name} on X (Twitter)</span>
                      </a>
                    )}
                    {email && (
                      <a href={mailtoHref(email)} className={linkClass}>
                        <Mail className="size-4" aria-hidden="true" />
                        <span className="sr-only">E-mail {member.name}</span>
                      </a>
                    )}
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
