import type { Generated } from 'kysely';

/*
 * Table types for Kysely. Conventions (ADR 0003): booleans are 0/1 numbers, timestamps ISO-8601 UTC
 * strings, dates YYYY-MM-DD strings. Keep in step with migrations/.
 */

export interface CompanyProfileTable {
  id: Generated<number>;
  name: string;
  founder: string;
  location: string;
  email: string;
  phone: string;
  whatsapp: string;
  value_proposition: string;
  tagline: string;
  description: string;
  updated_at: string;
}

export interface CompanyCoreServicesTable {
  id: Generated<number>;
  name: string;
  sort_order: Generated<number>;
}

export interface SocialLinksTable {
  id: Generated<number>;
  platform: string;
  title: string;
  url: string;
  sort_order: Generated<number>;
}

export type UserRole = 'admin' | 'editor' | 'viewer';
export type UserStatus = 'active' | 'disabled';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: UserRole;
  status: UserStatus;
  email_verified: Generated<number>;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

export interface DB {
  company_profile: CompanyProfileTable;
  company_core_services: CompanyCoreServicesTable;
  social_links: SocialLinksTable;
  users: UsersTable;
}
