import { Mail, MapPin, MessageCircle, Phone } from '../../components/icons';
import { Link } from 'react-router';
import type { CompanyProfile } from '../../../shared/contracts/company';
import { mailtoHref, telHref, whatsappHref } from '../../lib/contact-links';
import { BrandLogo } from './brand-logo';
import { quickLinks } from './nav-links';
import { SocialLinks } from '../../components/social-links';

const headingClass = 'text-sm font-semibold tracking-wide text-white';
const linkClass = 'rounded-sm text-sm text-slate-400 transition-colors hover:text-white';

export function SiteFooter({ anchorId, company }: { anchorId?: string; company: CompanyProfile }) {
  const year = new Date().getFullYear();
  return (
    <footer id={anchorId} className="bg-slate-950 text-slate-400" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        Footer
      </h2>
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-10 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-x-8 gap-y-12 lg:grid-cols-12">
          <div className="col-span-2 lg:col-span-4">
            <BrandLogo name={company.name} tone="light" />
            <p className="mt-5 max-w-sm text-sm leading-6">{company.valueProposition}</p>
            <SocialLinks
              links={company.socialLinks}
              companyName={company.name}
              className="mt-6"
              linkClassName="bg-white/5 text-slate-300 ring-1 ring-white/10 hover:bg-brand-600 hover:text-white hover:ring-brand-500"
            />
          </div>

          <nav aria-label="Quick links" className="lg:col-span-2">
            <p className={headingClass}>Quick Links</p>
            <ul className="mt-5 space-y-3">
              {quickLinks.map((item) => (
                <li key={item.label}>
                  <Link to={item.to} className={linkClass}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className="lg:col-span-3">
            <p className={headingClass}>Core Services</p>
            <ul className="mt-5 space-y-3">
              {company.coreServices.map((service) => (
                <li key={service}>
                  <Link to="/#services" className={linkClass}>
                    {service}
                  </Link>
                </li>
              ))}
            </ul>
          </div>

          <div className="col-span-2 sm:col-span-1 lg:col-span-3">
            <p className={headingClass}>Contact</p>
            <ul className="mt-5 space-y-4 text-sm">
              <li className="flex gap-3">
                <MapPin className="mt-0.5 size-4 shrink-0 text-brand-400" aria-hidden="true" />
                <span>{company.location}</span>
              </li>
              <li className="flex gap-3">
                <Mail className="mt-0.5 size-4 shrink-0 text-brand-400" aria-hidden="true" />
                <a href={mailtoHref(company.email)} className={`${linkClass} break-all`} data-testid="footer-email">
                  {company.email}
                </a>
              </li>
              <li className="flex gap-3">
                <Phone className="mt-0.5 size-4 shrink-0 text-brand-400" aria-hidden="true" />
                <a href={telHref(company.phone)} className={linkClass} data-testid="footer-phone">
                  {company.phone}
                </a>
              </li>
              <li className="flex gap-3">
                <MessageCircle className="mt-0.5 size-4 shrink-0 text-brand-400" aria-hidden="true" />
                <a
                  href={whatsappHref(company.whatsapp)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass}
                >
                  WhatsApp: {company.whatsapp}
                </a>
              </li>
            </ul>
          </div>
        </div>

        <div className="mt-14 flex flex-col gap-4 border-t border-white/10 pt-8 text-xs sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {company.name}. All rights reserved.{' '}
            <Link to="/privacy" className="underline-offset-4 hover:text-white hover:underline">
              Privacy
            </Link>
          </p>
          <p className="text-slate-400">{company.tagline}</p>
        </div>
      </div>
    </footer>
  );
}
