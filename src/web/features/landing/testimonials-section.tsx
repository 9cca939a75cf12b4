import { Quote, Star } from '../../components/icons';
import { LandingAnchor, SiteContentMessage, type TestimonialCard } from '../../../shared/contracts/site-content.values';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { ResponsiveImage } from '../../components/responsive-image';
import { initials } from '../../lib/initials';
import { SectionHeading } from '../../components/section-heading';

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={n <= rating ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-slate-300'}
          aria-hidden="true"
        />
      ))}
    </p>
  );
}

/**
 * The #testimonials section. A long text is cut to five lines and shown whole on hover and while the card
 * has keyboard focus (screen readers always hear all of it).
 */
export function TestimonialsSection({ testimonials }: { testimonials: TestimonialCard[] | null }) {
  if (testimonials !== null && testimonials.length === 0) return null;
  return (
    <section
      id={LandingAnchor.TESTIMONIALS}
      aria-labelledby="testimonials-heading"
      className="render-when-near [--near-height:1200px] lg:[--near-height:650px] bg-slate-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          eyebrow="Testimonials"
          id="testimonials-heading"
          title="What Our Clients Say"
          intro="Results our clients measured, in their own words."
          className="mx-auto max-w-3xl text-center"
        />
        {testimonials === null ? (
          <LoadFailedAlert title={SiteContentMessage.TESTIMONIALS_FAILED} className="mx-auto mt-10 max-w-2xl">
            Please try again in a moment.
          </LoadFailedAlert>
        ) : (
          <ul className="mt-14 grid items-start gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Testimonials">
            {testimonials.map((testimonial) => {
              const role = [testimonial.position, testimonial.company].filter(Boolean).join(', ');
              return (
                <li key={testimonial.id} data-testimonial={testimonial.id}>
                  <figure
                    tabIndex={0}
                    className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-xs transition hover:shadow-lg focus-visible:shadow-lg"
                  >
                    <Quote className="absolute top-6 right-6 size-8 text-brand-100" aria-hidden="true" />
                    <Stars rating={testimonial.rating} />
                    <blockquote className="mt-4 line-clamp-5 text-sm leading-6 text-slate-700 group-hover:line-clamp-none group-focus-visible:line-clamp-none group-focus:line-clamp-none">
                      <p>“{testimonial.text}”</p>
                    </blockquote>
                    <figcaption className="mt-6 flex items-center gap-3">
                      {testimonial.image ? (
                        <ResponsiveImage
                          src={testimonial.image}
                          alt=""
                          width={44}
                          height={44}
                          className="size-11 shrink-0 overflow-hidden rounded-full"
                          imgClassName="object-cover"
                        />
                      ) : (
                        // No photo: the initials, never a placeholder picture that reads as a broken image.
                        <span
                          aria-hidden="true"
                          className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
                        >
                          {initials(testimonial.name)}
                        </span>
                      )}
                      <span className="min-w-0">
                        <span className="block font-semibold break-words text-slate-900">{testimonial.name}</span>
                        {role && <span className="block text-sm break-words text-slate-500">{role}</span>}
                      </span>
                    </figcaption>
                  </figure>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
