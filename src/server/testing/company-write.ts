import type { CompanyWrite } from '../../shared/contracts/company';

/** A whole, valid company profile as PUT /api/company takes it: a site's first company information. */
export const ACME_COMPANY: CompanyWrite = {
  name: 'Acme Studio',
  founder: 'Ada Acme',
  tagline: 'Websites that work',
  location: 'Berlin',
  email: 'hello@acme-studio.test',
  phone: '+49 30 1234567',
  whatsapp: '+49 30 1234567',
  valueProposition: 'Websites for small companies.',
  description: 'We build websites for small companies.',
  heroVideoUrl: null,
  heroPosterUrl: null,
  coreServices: ['Websites'],
  socialLinks: [],
};
