import { data } from 'react-router';
import type { Route } from './+types/verify-certificate';
import {
  CERTIFICATE_NUMBER_EXAMPLE,
  VERIFY_CERTIFICATE_PATH,
  VERIFY_SIGNATURE_PARAM,
} from '../../shared/contracts/certificates.values';
import { VerifyCertificatePage } from '../features/certificates/verify-page';
import {
  isBlankNumber,
  numberFromSearch,
  verifyHttpStatus,
  verifyResultFor,
  type VerifyResult,
} from '../features/certificates/verify-result';
import { pageMeta, rootDataFromMatches } from '../lib/seo';

/** A looked-up certificate is never kept by a cache: it may be revoked or expire tomorrow. */
const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * /verify-certificate?number=SST-2026-12345: the lookup runs here, on the server, so a link or a QR code
 * opens the result directly and the form works without JavaScript. ADR 0014.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const raw = numberFromSearch(search);
  if (raw === null) return { result: { kind: 'idle' } as VerifyResult };
  if (isBlankNumber(raw)) return data({ result: { kind: 'blank' } as VerifyResult }, { headers: NO_STORE });
  const result = verifyResultFor(raw, await context.certificates.verify(raw, search.get(VERIFY_SIGNATURE_PARAM)));
  return data({ result }, { status: verifyHttpStatus(result), headers: NO_STORE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const company = rootDataFromMatches(matches)?.company.name;
  return pageMeta({
    matches,
    // One canonical address: the page without a number.
    location: { pathname: VERIFY_CERTIFICATE_PATH },
    title: 'Verify Certificate',
    description: `Check that a certificate${company ? ` issued by ${company}` : ''} is genuine and still valid: enter its number, for example ${CERTIFICATE_NUMBER_EXAMPLE}.`,
    // A result names a person: it stays out of search engines.
    noIndex: loaderData !== undefined && loaderData.result.kind !== 'idle',
  });
}

export default function VerifyCertificate({ loaderData }: Route.ComponentProps) {
  return <VerifyCertificatePage result={loaderData.result} />;
}
