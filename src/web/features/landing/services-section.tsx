import {
  ArrowRight,
  Bot,
  Cloud,
  Code,
  Cpu,
  Database,
  Globe,
  Layers,
  LineChart,
  Megaphone,
  Palette,
  Search,
  ShieldCheck,
  ShoppingCart,
  Smartphone,
  Sparkles,
  TrendingUp,
  type IconComponent,
} from '../../components/icons';
import { Link } from 'react-router';
import { quoteFormHref } from '../../../shared/contracts/quote-links.values';
import { LandingAnchor, SiteContentMessage, type ServiceCard } from '../../../shared/contracts/site-content.values';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { SectionHeading } from '../../components/section-heading';
import { cn } from '../../lib/cn';
import { ownEntry } from '../../lib/own-entry';

/** The icons a service may name (a lucide icon name); anything else shows the generic one. */
const serviceIcons: Record<string, IconComponent> = {
  Bot,
  Cloud,
  Code,
  Cpu,
  Database,
  Globe,
  Layers,
  LineChart,
  Megaphone,
  Palette,
  Search,
  ShieldCheck,
  ShoppingCart,
  Smartphone,
  TrendingUp,
};

/** Staff type the name: only the table's own entries count (`constructor` or `__proto__` is not an icon). */
export function serviceIcon(name: string | null): IconComponent {
  return ownEntry(serviceIcons, name) ?? Sparkles;
}

/** The #services section: the heading and the service cards, each leading to the quote form. */
export function ServicesSection({ services }: { services: ServiceCard[] | null }) {
  return (
    <section
      id={LandingAnchor.SERVICES}
      aria-labelledby="services-heading"
      className="render-when-near [--near-height:2700px] lg:[--near-height:1200px] bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          eyebrow="Services"
          id="services-heading"
          title={SiteContentMessage.SERVICES_HEADING}
          intro="From the first website to AI that runs part of your operations: one team that designs, builds and looks after it."
          className="mx-auto max-w-3xl text-center"
        />
        {services === null ? (
          <LoadFailedAlert title={SiteContentMessage.SERVICES_FAILED} className="mx-auto mt-10 max-w-2xl">
            Please try again in a moment.
          </LoadFailedAlert>
        ) : (
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Services">
            {services.map((service) => {
              const Icon = serviceIcon(service.icon);
              return (
                <li
                  key={service.id}
                  data-service={service.id}
                  className={cn(
                    'group flex flex-col rounded-2xl border p-7 shadow-xs transition hover:-translate-y-0.5 hover:shadow-lg',
                    service.light
                      ? 'border-brand-100 bg-brand-50/60 hover:border-brand-200'
                      : 'border-slate-200 bg-white hover:border-brand-200',
                  )}
                >
                  <span className="grid size-12 place-items-center rounded-xl bg-linear-to-br from-brand-600 to-accent-600 text-white shadow-md shadow-brand-900/10">
                    <Icon className="size-6" aria-hidden="true" />
                  </span>
                  <h3 className="mt-6 text-lg font-semibold text-slate-900">{service.title}</h3>
                  <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">{service.text}</p>
                  {/* The card's title also asks for the Service option of that name; the form keeps it only
                      when it is one of the company's core services, so other cards just start the text. */}
                  <Link
                    to={quoteFormHref({ service: service.title, subject: `About ${service.title}` })}
                    className="mt-6 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-800"
                  >
                    {SiteContentMessage.LEARN_MORE}
                    <span className="sr-only"> about {service.title}</span>
                    <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
