import { Check } from '../../components/icons';
import { LandingAnchor, SiteContentMessage, type TechStackGroup } from '../../../shared/contracts/site-content.values';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { SectionHeading } from '../../components/section-heading';

/** The #how-to-use section: the technology stack in its columns. */
export function TechStackSection({ groups }: { groups: TechStackGroup[] | null }) {
  if (groups !== null && groups.length === 0) return null;
  return (
    <section
      id={LandingAnchor.TECH_STACK}
      aria-labelledby="stack-heading"
      className="render-when-near [--near-height:1200px] lg:[--near-height:650px] bg-slate-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          eyebrow="Technology stack"
          id="stack-heading"
          title="Proven Tools, Chosen for Your Project"
          intro="We build with mature, well-supported technologies, so what we deliver is fast today and easy to maintain tomorrow."
          className="mx-auto max-w-3xl text-center"
        />
        {groups === null ? (
          <LoadFailedAlert title={SiteContentMessage.TECH_STACK_FAILED} className="mx-auto mt-10 max-w-2xl">
            Please try again in a moment.
          </LoadFailedAlert>
        ) : (
          <div className="mt-14 grid gap-6 md:grid-cols-3">
            {groups.map((group) => (
              <div
                key={group.id}
                data-stack-group={group.id}
                className="rounded-2xl border border-slate-200 bg-white p-7 shadow-xs"
              >
                <h3 className="text-lg font-semibold text-slate-900">{group.title}</h3>
                <ul className="mt-5 flex flex-col gap-3" aria-label={group.title}>
                  {group.items.map((item) => (
                    <li key={item} className="flex items-center gap-3 text-slate-700">
                      <span className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700">
                        <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
                      </span>
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
