import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import {
  CircleCheck,
  FileSearch,
  LoaderCircle,
  QrCode,
  ShieldCheck,
  ShieldX,
  TriangleAlert,
} from '../../components/icons';
import {
  CERTIFICATE_NUMBER_EXAMPLE,
  CERTIFICATE_NUMBER_INPUT_MAX,
  CertificateMessage,
  certificateStatusLabels,
  recipientTypeLabels,
  VERIFY_CERTIFICATE_PATH,
  VERIFY_NUMBER_PARAM,
} from '../../../shared/contracts/certificates.values';
import type { VerifiedCertificate } from '../../../shared/contracts/certificates';
import { Alert } from '../../components/alert';
import { formatLongDate } from '../../components/article/article-format';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Input } from '../../components/input';
import { ListPageHero } from '../../components/section-heading';
import { useRootData } from '../../lib/root-data';
import { isBlankNumber, notFoundMessage, type VerifyResult } from './verify-result';
import { sendEvent } from '../../lib/analytics-beacon';

const NOT_GIVEN = 'Not specified';

/** The number field and the verify action: a GET form, so it works without JavaScript and the result has an address. */
function VerifyForm({ result }: { result: VerifyResult }) {
  const navigation = useNavigation();
  const verifying = navigation.state !== 'idle' && navigation.location.pathname === VERIFY_CERTIFICATE_PATH;
  const initial = result.kind === 'idle' || result.kind === 'blank' ? '' : result.number;
  const [blank, setBlank] = useState(false);
  const error = blank || result.kind === 'blank' ? CertificateMessage.NUMBER_REQUIRED : undefined;
  return (
    <Form
      method="get"
      action={VERIFY_CERTIFICATE_PATH}
      noValidate
      aria-label="Verify a certificate"
      className="mx-auto flex max-w-xl flex-col gap-3 text-left sm:flex-row sm:items-start"
      onSubmit={(event) => {
        const value = new FormData(event.currentTarget).get(VERIFY_NUMBER_PARAM);
        const isBlank = typeof value !== 'string' || isBlankNumber(value);
        setBlank(isBlank);
        if (isBlank) {
          event.preventDefault();
          event.currentTarget.querySelector('input')?.focus();
        }
      }}
    >
      <Input
        // A new lookup's number replaces what the field held.
        key={initial}
        name={VERIFY_NUMBER_PARAM}
        label="Certificate number"
        hideLabel
        defaultValue={initial}
        placeholder={`e.g. ${CERTIFICATE_NUMBER_EXAMPLE}`}
        maxLength={CERTIFICATE_NUMBER_INPUT_MAX}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-required="true"
        error={error}
        onChange={() => setBlank(false)}
        containerClassName="flex-1"
        className="h-12 font-mono text-base tracking-wide uppercase placeholder:normal-case"
      />
      <Button type="submit" size="lg" className="h-12 shrink-0" disabled={verifying}>
        {verifying ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
        {verifying ? 'Verifying…' : 'Verify Certificate'}
      </Button>
    </Form>
  );
}

function DetailList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3 className="text-sm font-semibold tracking-wider text-slate-500 uppercase">{title}</h3>
      <dl className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">{children}</dl>
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

function StatusNotice({ certificate }: { certificate: VerifiedCertificate }) {
  if (certificate.status === 'revoked') {
    return (
      <Alert tone="error">
        {certificate.revoked_on
          ? CertificateMessage.REVOKED_NOTICE.replace('{date}', formatLongDate(certificate.revoked_on))
          : CertificateMessage.REVOKED_NOTICE_UNDATED}
      </Alert>
    );
  }
  if (certificate.status === 'expired') {
    return (
      <Alert tone="warning">
        {certificate.expiry_date
          ? CertificateMessage.EXPIRED_NOTICE.replace('{date}', formatLongDate(certificate.expiry_date))
          : CertificateMessage.EXPIRED_NOTICE_UNDATED}
      </Alert>
    );
  }
  return null;
}

function VerifiedCard({ certificate }: { certificate: VerifiedCertificate }) {
  const company = useRootData()?.company.name;
  const revoked = certificate.status === 'revoked';
  const HeadIcon = revoked ? ShieldX : CircleCheck;
  return (
    <Card padding="none" className="overflow-hidden" data-certificate-result={certificate.status}>
      <div
        className={
          revoked
            ? 'flex items-center gap-4 border-b border-red-100 bg-red-50 px-6 py-5'
            : 'flex items-center gap-4 border-b border-emerald-100 bg-emerald-50 px-6 py-5'
        }
      >
        <span
          className={
            revoked
              ? 'grid size-12 shrink-0 place-items-center rounded-full bg-red-100 text-red-700'
              : 'grid size-12 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700'
          }
        >
          <HeadIcon className="size-7" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">
            {revoked ? CertificateMessage.REVOKED_TITLE : CertificateMessage.VERIFIED}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            {company ? `Issued by ${company}. ` : ''}This certificate is in our records.
          </p>
        </div>
      </div>

      <div className="flex flex-col gap-6 p-6">
        <StatusNotice certificate={certificate} />
        <div className="grid gap-6 md:grid-cols-2">
          <DetailList title="Certificate Details">
            <Detail term="Certificate Number">
              <span className="font-mono">{certificate.certificate_number}</span>
            </Detail>
            <Detail term="Recipient Name">{certificate.recipient_name}</Detail>
            <Detail term="Recipient Type">{recipientTypeLabels[certificate.recipient_type]}</Detail>
            <Detail term="Course / Program">{certificate.course_name ?? NOT_GIVEN}</Detail>
          </DetailList>
          <DetailList title="Validity Information">
            <Detail term="Issue Date">{formatLongDate(certificate.issue_date)}</Detail>
            <Detail term="Expiry Date">
              {certificate.expiry_date ? formatLongDate(certificate.expiry_date) : 'NEVER'}
            </Detail>
            <Detail term="Duration">{certificate.duration ?? NOT_GIVEN}</Detail>
            <Detail term="Status">
              <Badge tone={certificate.status === 'active' ? 'success' : 'warning'} data-status={certificate.status}>
                {certificateStatusLabels[certificate.status]}
              </Badge>
            </Detail>
          </DetailList>
        </div>
        {certificate.description && (
          <section aria-label="Description">
            <h3 className="text-sm font-semibold tracking-wider text-slate-500 uppercase">Description</h3>
            <p className="mt-2 text-sm leading-6 whitespace-pre-line text-slate-700">{certificate.description}</p>
          </section>
        )}
      </div>
    </Card>
  );
}

function ResultPanel({ result }: { result: VerifyResult }) {
  switch (result.kind) {
    case 'verified':
      return <VerifiedCard certificate={result.certificate} />;
    case 'not_found':
      return (
        <Alert tone="error" title="Certificate not found">
          <p>{notFoundMessage(result.number)}</p>
          {result.malformed && <p className="mt-2">{CertificateMessage.NUMBER_FORMAT}</p>}
        </Alert>
      );
    case 'rate_limited':
      return <Alert tone="warning">{CertificateMessage.VERIFY_RATE_LIMITED}</Alert>;
    case 'failed':
      return (
        <Alert
          tone="error"
          action={
            <Button
              to={`${VERIFY_CERTIFICATE_PATH}?${VERIFY_NUMBER_PARAM}=${encodeURIComponent(result.number)}`}
              variant="secondary"
              size="sm"
            >
              Try Again
            </Button>
          }
        >
          {CertificateMessage.VERIFY_FAILED}
        </Alert>
      );
    default:
      return <HowItWorks />;
  }
}

const steps = [
  {
    icon: FileSearch,
    title: 'Find the number',
    text: `It is printed on the certificate and looks like ${CERTIFICATE_NUMBER_EXAMPLE}.`,
  },
  { icon: QrCode, title: 'Or scan the QR code', text: 'The code on the certificate opens this page with its result.' },
  {
    icon: TriangleAlert,
    title: 'Check the status',
    text: 'A certificate that has expired or was revoked is shown as such.',
  },
] as const;

function HowItWorks() {
  return (
    <section aria-labelledby="verify-how">
      <h2 id="verify-how" className="text-center text-sm font-semibold text-slate-500">
        How verification works
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {steps.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
            <Icon className="size-6 text-brand-600" aria-hidden="true" />
            <p className="mt-3 font-semibold text-slate-900">{title}</p>
            <p className="mt-1 text-sm leading-6 text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /verify-certificate: the form in the hero, the result (or how it works) below. */
export function VerifyCertificatePage({ result }: { result: VerifyResult }) {
  const company = useRootData()?.company.name;
  const location = useLocation();
  const resultRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(false);
  // After a lookup made in the page (not when the page opens), move focus to the result so it is announced.
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (result.kind !== 'idle' && result.kind !== 'blank') resultRef.current?.focus();
    // The location key changes with every lookup, also one that repeats the last number.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
  // Every answered lookup, also one opened from a link or QR code; never the number itself.
  useEffect(() => {
    if (result.kind !== 'verified' && result.kind !== 'not_found') return;
    const outcome = result.kind === 'verified' ? result.certificate.status : 'not_found';
    sendEvent('certificate_verified', { event_category: 'certificate', event_action: 'verify', event_label: outcome });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return (
    <>
      <ListPageHero
        eyebrow="Certificates"
        title="Verify a Certificate"
        intro={`Enter the number printed on a certificate to confirm that ${company ?? 'we'} issued it and to see whether it is still valid.`}
      >
        <VerifyForm result={result} />
      </ListPageHero>
      <div
        ref={resultRef}
        tabIndex={-1}
        data-verify-result=""
        className="mx-auto max-w-3xl px-4 py-12 outline-none sm:px-6 sm:py-16 lg:px-8"
      >
        <ResultPanel result={result} />
      </div>
    </>
  );
}
