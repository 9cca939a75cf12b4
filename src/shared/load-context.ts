import type { CompanyProfile } from './contracts/company';

/**
 * What the server hands to React Router loaders on every page request. Loaders run only on the
 * server, so they read through these functions instead of calling the HTTP API.
 */
export interface WebLoadContext {
  /** Nonce for the inline hydration scripts, matching the Content-Security-Policy header. */
  cspNonce: string | undefined;
  /** Canonical origin of the site, e.g. https://example.com (never taken from the Host header). */
  publicUrl: string;
  getCompanyProfile(): Promise<CompanyProfile>;
}
