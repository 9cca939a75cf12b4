import { Check, Mail, MapPin, Phone, type IconComponent } from '../../components/icons';
import type { ReactNode } from 'react';
import type { CompanyProfile } from '../../../shared/contracts/company';
import type { TeamMemberCard } from '../../../shared/contracts/site-content.values';
import { mailtoHref, telHref } from '../../lib/contact-links';
import { COMPANY_STATS } from './company-stats';
import { TeamCards } from './team-cards';

/** A line of the contact card: icon, label, then the value (right-aligned by the caller). */
function ContactRow({ icon: Icon, label, children }: { icon: IconComponent; label: string; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3 px-5 py-4">
      <Icon className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
      <span className="text-slate-500">{label}</span>
      {children}
    </li>
  );
}

/** The #about section: what we do, the figures and contacts, then the team (null: could not be loaded). */
export function AboutSection({ company, team }: { company: CompanyProfile; team: TeamMemberCard[] | null }) {
  return (
    <section
      id="about"
      aria-labelledby="about-heading"
      className="render-when-near [--near-height:4100px] lg:[--near-height:1500px] bg-white py-20 sm:py-28"
    >
      <div className="mx-auto grid max-w-7xl gap-16 px-4 sm:px-6 lg:grid-cols-2 lg:gap-20 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wider text-brand-600 uppercase">About us</p>
          <h2 id="about-heading" className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl lg:text-4xl">
            {company.valueProposition}
          </h2>
          <p className="mt-6 text-base leading-7 text-slate-600 sm:text-lg sm:leading-8">{company.description}</p>

          <h3 className="mt-10 text-sm font-semibold tracking-wider text-slate-900 uppercase">Core services</h3>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {company.coreServices.map((service) => (
              <li key={service} className="flex items-start gap-3 text-slate-700">
                <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-700">
                  <Check className="size-3" strokeWidth={3} aria-hidden="true" />
                </span>
                {service}
              </li>
            ))}
          </ul>
        </div>

        <div className="flex flex-col gap-6 lg:pt-10">
          <dl className="grid grid-cols-2 gap-4 sm:gap-6">
            {COMPANY_STATS.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse justify-end rounded-2xl border border-slate-200 bg-slate-50/60 p-5 sm:p-7"
              >
                <dt className="mt-1 text-sm font-medium text-slate-600">{stat.label}</dt>
                <dd className="bg-linear-to-br from-brand-600 to-accent-600 bg-clip-text text-3xl font-bold tracking-tight text-transparent sm:text-4xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>

          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white text-sm shadow-xs">
            <ContactRow icon={MapPin} label="Location">
              <span className="ml-auto text-right font-medium text-slate-900">{company.location}</span>
            </ContactRow>
            <ContactRow icon={Phone} label="Phone">
              <a
                href={telHref(company.phone)}
                className="ml-auto text-right font-medium text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline"
              >
                {company.phone}
              </a>
            </ContactRow>
            <ContactRow icon={Mail} label="Email">
              <a
                href={mailtoHref(company.email)}
                className="ml-auto truncate text-right font-medium text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline"
              >
                {company.email}
              </a>
            </ContactRow>
          </ul>
        </div>
      </div>
      <div className="mx-auto mt-20 max-w-7xl px-4 sm:px-6 lg:px-8">
        <TeamCards team={team} />
      </div>
    </section>
  );
}
