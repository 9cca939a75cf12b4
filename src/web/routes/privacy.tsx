import type { Route } from './+types/privacy';
import { PrivacyPage } from '../features/privacy/privacy-page';
import { useRootData } from '../lib/root-data';
import { pageMeta } from '../lib/seo';

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    title: 'Privacy',
    description: 'What this site records about a visit, and what it never records: no cookies, no addresses.',
  });
}

/** /privacy: how the site counts visits (ADR 0016). */
export default function Privacy() {
  const root = useRootData();
  return <PrivacyPage companyName={root?.company.name ?? 'We'} email={root?.company.email ?? ''} />;
}
