import type { Kysely } from 'kysely';
import type { CompanyProfile, SocialLink } from '../../../shared/contracts/company';
import { ErrorMessage } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { findProfile, listCoreServices, listSocialLinks } from './company.repository';

export async function getCompanyProfile(db: Kysely<DB>): Promise<CompanyProfile> {
  const [profile, services, links] = await Promise.all([findProfile(db), listCoreServices(db), listSocialLinks(db)]);
  if (!profile) throw notFound(ErrorMessage.COMPANY_NOT_CONFIGURED);
  return {
    name: profile.name,
    founder: profile.founder,
    location: profile.location,
    email: profile.email,
    phone: profile.phone,
    whatsapp: profile.whatsapp,
    valueProposition: profile.value_proposition,
    coreServices: services.map((s) => s.name),
    tagline: profile.tagline,
    description: profile.description,
    socialLinks: links.map((l) => ({ ...l, platform: l.platform as SocialLink['platform'] })),
  };
}
