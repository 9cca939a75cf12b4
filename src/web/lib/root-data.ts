import { useRouteLoaderData } from 'react-router';
import type { CompanyProfile, SeoSettings } from '../../shared/contracts/company';

/** What the root loader returns; every page reads the company profile from here. */
export interface RootData {
  company: CompanyProfile;
  /** The home title, the default description and the keywords staff set (Content › SEO). */
  seo: SeoSettings;
  publicUrl: string;
}

/** The root loader data, or undefined when the root loader itself failed (general error screen). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
