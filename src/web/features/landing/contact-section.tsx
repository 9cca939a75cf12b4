import { CircleCheck, Mail, MapPin, MessageCircle, Phone } from '../../components/icons';
import type { ReactNode } from 'react';
import type { CompanyProfile } from '../../../shared/contracts/company';
import { Button } from '../../components/button';
import { SocialIcon } from '../../components/social-icon';
import { mailtoHref, telHref, whatsappHref } from '../../lib/contact-links';
import { QUOTE_SENT_PARAM, QUOTE_SENT_VALUE, quoteFormPreset } from '../../../shared/contracts/quote-links.values';
import { QuoteForm, type QuoteFormAnswer } from './quote-form';

/** One term and its value; the icon sits in the term, so the list holds nothing but terms and values. */
function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-10 min-w-0 pl-14">
      <dt className="text-sm text-brand-200">
        <span
          aria-hidden="true"
          className="absolute top-0 left-0 grid size-10 place-items-center rounded-xl bg-white/10 text-white ring-1 ring-white/20 [&_svg]:size-5"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 font-semibold break-words text-white">{children}</dd>
    </div>
  );
}

const valueLink = 'rounded-sm underline-offset-4 transition-colors hover:text-brand-100 hover:underline';

const promises = [
  'A reply within 24 hours',
  'A free consultation, no obligation',
  'A clear quote before any work starts',
];

/**
 * #get-quote: how to reach the company (with WhatsApp and e-mail shortcuts) beside the quote form.
 * On a phone the form follows the heading and the contact details come after it.
 */
export function ContactSection({
  company,
  search,
  answer,
}: {
  company: CompanyProfile;
  /** The page address's query: ?service= and ?subject= preset the form, ?quote=sent shows it was sent. */
  search: string;
  /** The page's answer to the form sent without JavaScript, or null. */
  answer: QuoteFormAnswer | null;
}) {
  const params = new URLSearchParams(search);
  const form = {
    preset: quoteFormPreset(params, company.coreServices),
    sent: params.get(QUOTE_SENT_PARAM) === QUOTE_SENT_VALUE,
    answer,
  };
  const whatsapp = whatsappHref(company.whatsapp);
  const email = mailtoHref(company.email, { subject: 'Project enquiry' });
  const panel = 'relative isolate overflow-hidden bg-brand-700 px-6 text-white sm:px-10 lg:col-span-2';
  return (
    <section
      id="get-quote"
      aria-labelledby="get-quote-heading"
      className="render-when-near [--near-height:1900px] lg:[--near-height:1000px] bg-slate-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="overflow-hidden rounded-3xl bg-white shadow-xl shadow-slate-900/5 ring-1 ring-slate-200 lg:grid lg:grid-cols-5 lg:grid-rows-[auto_1fr]">
          <div className={`${panel} pt-10 pb-8 sm:pt-12 lg:col-start-1 lg:row-start-1 lg:pb-0`}>
            <div
              aria-hidden="true"
              className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_100%_0%,var(--color-accent-500),transparent_55%)] opacity-40"
            />
            <p className="text-sm font-semibold tracking-wider text-brand-200 uppercase">Contact us</p>
            <h2 id="get-quote-heading" className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">
              Get a Free Quote
            </h2>
            <p className="mt-4 text-base leading-7 text-brand-100">
              Tell us about your project and we'll get back to you with ideas and a quote within 24 hours.
            </p>
            <ul className="mt-6 flex flex-col gap-2.5 text-sm text-brand-50">
              {promises.map((promise) => (
                <li key={promise} className="flex items-center gap-2.5">
                  <CircleCheck className="size-4 shrink-0 text-accent-300" aria-hidden="true" />
                  {promise}
                </li>
              ))}
            </ul>
          </div>

          <div className="px-6 py-10 sm:px-10 sm:py-12 lg:col-span-3 lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:flex lg:flex-col lg:justify-center">
            <QuoteForm
              // A link to another service or subject (or the page's answer) starts the form afresh.
              key={`${form.preset.service}\n${form.preset.message}\n${form.sent}\n${form.answer ? 'answer' : ''}`}
              services={company.coreServices}
              {...form}
            />
          </div>

          <div className={`${panel} pt-8 pb-10 sm:pb-12 lg:col-start-1 lg:row-start-2 lg:pt-10`}>
            <div
              aria-hidden="true"
              className="absolute -right-24 -bottom-24 -z-10 size-72 rounded-full border-[40px] border-white/5"
            />
            <h3 className="text-sm font-semibold tracking-wider text-brand-200 uppercase">Prefer to talk?</h3>
            <dl className="mt-5 grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
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
            <div className="mt-8 flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
              <Button href={whatsapp} target="_blank" rel="noopener noreferrer" size="lg" variant="light">
                <SocialIcon platform="whatsapp" />
                Chat on WhatsApp
              </Button>
              <Button href={email} size="lg" variant="inverse">
                <Mail aria-hidden="true" />
                Send Email
              </Button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
