import { z } from '../zod';

export const socialPlatforms = ['linkedin', 'twitter', 'instagram', 'threads', 'facebook', 'github'] as const;

export const socialLinkSchema = z.object({
  id: z.number().int(),
  platform: z.enum(socialPlatforms),
  title: z.string(),
  url: z.url(),
});

/** The company profile as the public API returns it (GET /api/company). */
export const companyProfileSchema = z.object({
  name: z.string(),
  founder: z.string(),
  location: z.string(),
  email: z.email(),
  phone: z.string(),
  whatsapp: z.string(),
  valueProposition: z.string(),
  coreServices: z.array(z.string()),
  tagline: z.string(),
  description: z.string(),
  socialLinks: z.array(socialLinkSchema),
});

export type SocialLink = z.infer<typeof socialLinkSchema>;
export type CompanyProfile = z.infer<typeof companyProfileSchema>;
