import { CalendarClock, Clock, GraduationCap, Send, type IconComponent } from '../../components/icons';
import { quoteFormHref } from '../../../shared/contracts/quote-links.values';
import {
  internshipSteps,
  LandingAnchor,
  SiteContentMessage,
  type InternshipCard,
} from '../../../shared/contracts/site-content.values';
import { Button } from '../../components/button';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { SectionHeading } from '../../components/section-heading';

/** One fact of a program (duration, hours, level): its icon, the term for screen readers, the value. */
function Fact({ icon: Icon, term, value }: { icon: IconComponent; term: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="flex items-center gap-1.5">
      <dt>
        <Icon className="size-4 text-brand-600" aria-hidden="true" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The quote form, filled in for an application to `title`. */
export function applyHref(title: string): string {
  return quoteFormHref({ subject: `Application: ${title}` });
}

/** The #internships section: the programs, then the four steps of an application. */
export function InternshipsSection({ internships }: { internships: InternshipCard[] | null }) {
  if (internships !== null && internships.length === 0) return null;
  return (
    <section
      id={LandingAnchor.INTERNSHIPS}
      aria-labelledby="internships-heading"
      className="render-when-near [--near-height:3000px] lg:[--near-height:1300px] bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          eyebrow="Internships"
          id="internships-heading"
          title="Start Your Career With Real Projects"
          intro="Internships where you ship features for real clients, with a mentor beside you from the first day."
          className="mx-auto max-w-3xl text-center"
        />
        {internships === null ? (
          <LoadFailedAlert title={SiteContentMessage.INTERNSHIPS_FAILED} className="mx-auto mt-10 max-w-2xl">
            Please try again in a moment.
          </LoadFailedAlert>
        ) : (
          <ul className="mt-14 grid gap-6 lg:grid-cols-3" aria-label="Internship programs">
            {internships.map((internship) => (
              <li
                key={internship.id}
                data-internship={internship.id}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-xs"
              >
                <h3 className="text-lg font-semibold text-slate-900">{internship.title}</h3>
                <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                  <Fact icon={CalendarClock} term="Duration" value={internship.duration} />
                  <Fact icon={Clock} term="Hours" value={internship.hours_per_week} />
                  <Fact icon={GraduationCap} term="Level" value={internship.level} />
                </dl>
                <p className="mt-4 text-sm leading-6 text-slate-600">{internship.description}</p>
                {internship.skills.length > 0 && (
                  <>
                    <h4 className="mt-5 text-xs font-semibold tracking-wider text-slate-500 uppercase">
                      Skills you will use
                    </h4>
                    <ul className="mt-2 flex flex-wrap gap-1.5">
                      {internship.skills.map((skill) => (
                        <li
                          key={skill}
                          className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800"
                        >
                          {skill}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                {internship.requirements.length > 0 && (
                  <>
                    <h4 className="mt-5 text-xs font-semibold tracking-wider text-slate-500 uppercase">Requirements</h4>
                    <ul className="mt-2 flex flex-1 list-disc flex-col gap-1 pl-5 text-sm text-slate-700">
                      {internship.requirements.map((requirement) => (
                        <li key={requirement}>{requirement}</li>
                      ))}
                    </ul>
                  </>
                )}
                <Button to={applyHref(internship.title)} className="mt-7 w-full">
                  <Send aria-hidden="true" />
                  Apply Now
                  <span className="sr-only"> for the {internship.title}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}

        <div className="mt-16">
          <h3 className="text-center text-xl font-bold tracking-tight sm:text-2xl">How to apply</h3>
          <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {internshipSteps.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6">
                <span className="grid size-9 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white">
                  {index + 1}
                </span>
                <p className="mt-4 font-semibold text-slate-900">{step.title}</p>
                <p className="mt-1 text-sm leading-6 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
