import { Check, Send } from '../../components/icons';
import { quoteFormHref } from '../../../shared/contracts/quote-links.values';
import {
  CUSTOM_QUOTE,
  LandingAnchor,
  SiteContentMessage,
  type PricingPackageCard,
} from '../../../shared/contracts/site-content.values';
import { Button } from '../../components/button';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { SectionHeading } from '../../components/section-heading';
import { cn } from '../../lib/cn';

/**
 * Where a package's button leads: the quote form (with the package as the subject) for '#get-quote' or
 * anything that is not a plain site path or web address.
 */
export function packageHref(pkg: PricingPackageCard): string {
  const url = pkg.cta_url.trim();
  if (/^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'))) return url;
  return quoteFormHref({ subject: `Quote for the ${pkg.title}` });
}

/** The #pricing section: the packages, the middle one highlighted; 'Custom Quote' where there is no price. */
export function PricingSection({ packages }: { packages: PricingPackageCard[] | null }) {
  if (packages !== null && packages.length === 0) return null;
  const highlighted = packages && packages.length === 3 ? packages[1]!.id : null;
  return (
    <section
      id={LandingAnchor.PRICING}
      aria-labelledby="pricing-heading"
      className="render-when-near [--near-height:2100px] lg:[--near-height:950px] bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          eyebrow="Pricing"
          id="pricing-heading"
          title="Packages That Grow With You"
          intro="Clear starting prices for common projects, and a tailored quote for everything else."
          className="mx-auto max-w-3xl text-center"
        />
        {packages === null ? (
          <LoadFailedAlert title={SiteContentMessage.PACKAGES_FAILED} className="mx-auto mt-10 max-w-2xl">
            Please try again in a moment.
          </LoadFailedAlert>
        ) : (
          <ul className="mt-14 grid items-stretch gap-6 lg:grid-cols-3" aria-label="Pricing packages">
            {packages.map((pkg) => {
              const featured = pkg.id === highlighted;
              const href = packageHref(pkg);
              const external = /^https?:\/\//i.test(href);
              return (
                <li
                  key={pkg.id}
                  data-package={pkg.id}
                  className={cn(
                    'flex flex-col rounded-2xl border p-8 shadow-xs',
                    featured
                      ? 'border-brand-600 bg-linear-to-b from-brand-50 to-white shadow-xl shadow-brand-900/10 ring-1 ring-brand-600'
                      : 'border-slate-200 bg-white',
                  )}
                >
                  <h3 className="text-lg font-semibold text-slate-900">{pkg.title}</h3>
                  {pkg.description && <p className="mt-2 text-sm leading-6 text-slate-600">{pkg.description}</p>}
                  <p className="mt-6 text-2xl font-bold tracking-tight text-slate-900">{pkg.price ?? CUSTOM_QUOTE}</p>
                  <ul
                    className="mt-6 flex flex-1 flex-col gap-3 text-sm text-slate-700"
                    aria-label={`${pkg.title} features`}
                  >
                    {pkg.features.map((feature) => (
                      <li key={feature} className="flex items-start gap-3">
                        <Check className="mt-0.5 size-4 shrink-0 text-brand-600" strokeWidth={3} aria-hidden="true" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                  {external ? (
                    <Button
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant={featured ? 'primary' : 'secondary'}
                      className="mt-8 w-full"
                    >
                      {pkg.cta_text}
                    </Button>
                  ) : (
                    <Button to={href} variant={featured ? 'primary' : 'secondary'} className="mt-8 w-full">
                      <Send aria-hidden="true" />
                      {pkg.cta_text}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
