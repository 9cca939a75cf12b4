import { useState, type FormEvent } from 'react';
import { TwoFactorMessage, type TwoFactorSetup } from '../../../shared/contracts/two-factor';
import { Alert } from '../alert';
import { Button, buttonClasses } from '../button';
import { LoaderCircle, ShieldCheck } from '../icons';
import { Input } from '../input';
import { Copy, Download } from './icons';

/** A 6-digit code field as authenticator apps and password managers fill it. */
export function CodeInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <Input
      label="Authentication code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      placeholder="123456"
      hint="The 6 digits your authenticator app shows now."
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      error={error}
      required
      autoFocus
    />
  );
}

/**
 * Adding an authenticator (ADR 0042): the QR code to scan, the same secret to type, and the first code to
 * confirm it. `onConfirm` rejects with the message to show when the code is not accepted.
 */
export function AuthenticatorSetup({
  setup,
  onConfirm,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirm: (code: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code)) {
      setError(TwoFactorMessage.CODE_REQUIRED);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm(code);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Add an authenticator">
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).</li>
        <li>Scan the QR code, or type the key below.</li>
        <li>Enter the code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        <img
          src={setup.qrCode}
          alt="QR code to add this account to an authenticator app"
          width={176}
          height={176}
          className="size-44 rounded-lg border border-slate-200 bg-white p-1"
        />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium text-slate-600">Key (if you cannot scan)</p>
          <code data-totp-secret="" className="mt-1 block font-mono text-sm tracking-wider break-all text-slate-900">
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <CodeInput value={code} onChange={setCode} error={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
          {busy ? 'Checking...' : 'Turn on'}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** The recovery codes, shown once: copy or download them before going on. */
export function RecoveryCodesList({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`Recovery codes (each works once)\n\n${text}\n`)}`;
  return (
    <div className="flex flex-col gap-4">
      <Alert tone="warning">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only
        now.
      </Alert>
      <ul
        data-recovery-codes=""
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          <Copy aria-hidden="true" />
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <a href={download} download="recovery-codes.txt" className={buttonClasses({ variant: 'secondary' })}>
          <Download aria-hidden="true" />
          Download
        </a>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
