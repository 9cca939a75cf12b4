import { Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { siWhatsapp } from 'simple-icons';
import type { CompanyProfile } from '../../../shared/contracts/company';
import { Button } from '../../components/button';
import { mailtoHref, telHref, whatsappHref } from '../../lib/contact-links';

function WhatsAppMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="fill-current">
      <path d={siWhatsapp.path} />
    </svg>
  );
}

function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-4">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-sm font-medium text-slate-500">{label}</dt>
        <dd className="mt-0.5 font-semibold break-words text-slate-900">{children}</dd>
      </div>
    </div>
  );
}

const valueLink = 'rounded-sm transition-colors hover:text-brand-700 hover:underline underline-offset-4';

/**
 * The contact block at #get-quote: how to reach the company, with WhatsApp and e-mail shortcuts.
 * The quote form joins it in a later issue.
 */
export function ContactSection({ company }: { company: CompanyProfile }) {
  const whatsapp = whatsappHref(company.whatsapp);
  const email = mailtoHref(company.email, { subject: 'Project enquiry' });
  return (
    <section id="get-quote" aria-labelledby="get-quote-heading" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="overflow-hidden rounded-3xl bg-white shadow-xl shadow-slate-900/5 ring-1 ring-slate-200 lg:grid lg:grid-cols-5">
          <div className="relative isolate overflow-hidden bg-brand-700 px-6 py-10 text-white sm:px-10 sm:py-12 lg:col-span-2">
            <div
              aria-hidden="true"
              className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_100%_0%,var(--color-accent-500),transparent_55%)] opacity-40"
            />
            <div
              aria-hidden="true"
              className="absolute -bottom-24 -left-24 -z-10 size-72 rounded-full border-[40px] border-white/5"
            />
            <p className="text-sm font-semibold tracking-wider text-brand-200 uppercase">Contact us</p>
            <h2 id="get-quote-heading" className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">
              Get a Free Quote
            </h2>
            <p className="mt-4 text-base leading-7 text-brand-100">
              Tell us about your project. E-mail us or send a WhatsApp message, and we'll get back to you with ideas and
              a quote within 24 hours.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
              <Button href={whatsapp} target="_blank" rel="noopener noreferrer" size="lg" variant="light">
                <WhatsAppMark />
                Chat on WhatsApp
              </Button>
              <Button href={email} size="lg" variant="inverse">
                <Mail aria-hidden="true" />
                Send Email
              </Button>
            </div>
          </div>

          <div className="px-6 py-10 sm:px-10 sm:py-12 lg:col-span-3 lg:flex lg:items-center">
            <dl className="grid w-full gap-8 sm:grid-cols-2">
              <ContactItem icon={<Mail aria-hidden="true" />} label="Email">
                <a href={mailtoHref(company.email)} className={valueLink}>
                  {company.email}
                </a>
              </ContactItem>
              <ContactItem icon={<Phone aria-hidden="true" />} label="Phone">
                <a href={telHref(company.phone)} className={valueLink}>
                  {company.phone}
                </a>
              </ContactItem>
              <ContactItem icon={<MessageCircle aria-hidden="true" />} label="WhatsApp">
                <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={valueLink}>
                  {company.whatsapp}
                </a>
              </ContactItem>
              <ContactItem icon={<MapPin aria-hidden="true" />} label="Location">
                {company.location}
              </ContactItem>
            </dl>
          </div>
        </div>
      </div>
    </section>
  );
}
