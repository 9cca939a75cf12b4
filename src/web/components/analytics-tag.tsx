import { useLocation } from 'react-router';
import { ANALYTICS_ID_PATTERN } from '../../shared/contracts/company.values';
import { useRootData } from '../lib/root-data';

/**
 * Google Analytics 4 on the public pages when staff set a measurement ID (Content › SEO); never on the
 * admin. The ID is checked against its pattern before it reaches a script. Both scripts carry the render's
 * script marker: the server allows the inline one by its hash and Google's tag host for the page that
 * carries it (pages/page-csp.ts, ADR 0020).
 */
export function AnalyticsTag({ nonce }: { nonce: string | undefined }) {
  const root = useRootData();
  const { pathname } = useLocation();
  const id = root?.seo.analyticsId ?? '';
  if (!ANALYTICS_ID_PATTERN.test(id) || pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  const config = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${JSON.stringify(id)});`;
  return (
    <>
      <script async nonce={nonce} src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: config }} />
    </>
  );
}
