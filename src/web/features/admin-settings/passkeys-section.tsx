import { useCallback, useEffect, useState } from 'react';
import {
  passkeyListSchema,
  PasskeyMessage,
  passkeyNameSchema,
  webauthnOptionsSchema,
  type Passkey,
} from '../../../shared/contracts/passkeys';
import { KeyRound, Pencil, Plus, Trash2 } from '../../components/admin/icons';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { FormDialog } from '../../components/form-dialog';
import { Input } from '../../components/input';
import { api, userMessage } from '../../lib/api-client';
import { useFormatDateTime } from '../../lib/date-time';
import { browserPasskeyMessage, createPasskey, passkeysSupported } from '../../lib/webauthn';
import type { FormNotice } from './form-notice';
import { SectionCard } from './section-card';

const message = (error: unknown, fallback: string) =>
  browserPasskeyMessage(error) ?? userMessage(error, { surface: 'admin', fallback });

/** Naming a new passkey, or renaming one. */
type Naming = { kind: 'add' } | { kind: 'rename'; passkey: Passkey };

/** Settings › Passkeys: the signed-in staff member's passkeys, which sign them in alone (ADR 0043). */
export function PasskeysSection() {
  const formatDateTime = useFormatDateTime();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [naming, setNaming] = useState<Naming | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<Passkey | null>(null);
  const [busy, setBusy] = useState(false);
  const [supported, setSupported] = useState(false);

  const load = useCallback(async () => {
    try {
      const body = await api.get('/auth/passkeys');
      setPasskeys(passkeyListSchema.parse(body.data).passkeys);
    } catch (error) {
      setNotice({ type: 'error', text: message(error, 'Could not load your passkeys.') });
    }
  }, []);
  useEffect(() => {
    setSupported(passkeysSupported());
    void load();
  }, [load]);

  function openNaming(next: Naming) {
    setNaming(next);
    setName(next.kind === 'rename' ? next.passkey.name : '');
    setNameError(undefined);
  }

  async function submitName() {
    if (!naming) return;
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) return setNameError(parsed.error.issues[0]?.message);
    setBusy(true);
    setNotice(null);
    try {
      if (naming.kind === 'rename') {
        await api.patch(`/auth/passkeys/${naming.passkey.id}`, { name: parsed.data });
        setNotice({ type: 'success', text: PasskeyMessage.RENAMED });
      } else {
        const options = await api.post('/auth/passkeys/registration-options');
        const response = await createPasskey(webauthnOptionsSchema.parse(options.data));
        await api.post('/auth/passkeys', { name: parsed.data, response });
        setNotice({ type: 'success', text: `${PasskeyMessage.ADDED} It now signs you in on this site.` });
      }
      setNaming(null);
      await load();
    } catch (error) {
      const fallback = naming.kind === 'add' ? 'Could not add the passkey.' : 'Could not rename the passkey.';
      if (naming.kind === 'add') {
        setNaming(null);
        setNotice({ type: 'error', text: message(error, fallback) });
      } else setNameError(message(error, fallback));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.delete(`/auth/passkeys/${deleting.id}`);
      setNotice({ type: 'success', text: PasskeyMessage.DELETED });
      await load();
    } catch (error) {
      setNotice({ type: 'error', text: message(error, 'Could not delete the passkey.') });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <SectionCard
      id="settings-passkeys"
      title="Passkeys"
      description="Sign in with your fingerprint, face or device PIN instead of your password and code."
      icon={<KeyRound />}
    >
      <div className="flex flex-col gap-4">
        {notice && (
          <Alert tone={notice.type} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        {passkeys &&
          (passkeys.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              No passkeys yet: your password signs you in.
            </p>
          ) : (
            <ul
              className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200"
              aria-label="Your passkeys"
            >
              {passkeys.map((passkey) => (
                <li
                  key={passkey.id}
                  data-passkey={passkey.id}
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">{passkey.name}</p>
                    <p className="text-sm text-slate-600">
                      Added {formatDateTime(passkey.createdAt)} ·{' '}
                      {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Not used yet'}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Rename ${passkey.name}`}
                      onClick={() => openNaming({ kind: 'rename', passkey })}
                    >
                      <Pencil aria-hidden="true" />
                      Rename
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Delete ${passkey.name}`}
                      onClick={() => setDeleting(passkey)}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          ))}
        {supported ? (
          <div>
            <Button onClick={() => openNaming({ kind: 'add' })} disabled={busy || passkeys === null}>
              <Plus aria-hidden="true" />
              Add a passkey
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">This browser cannot create passkeys.</p>
        )}
      </div>
      <FormDialog
        open={naming !== null}
        title={naming?.kind === 'rename' ? 'Rename passkey' : 'Add a passkey'}
        submitLabel={naming?.kind === 'rename' ? 'Save' : 'Continue'}
        busy={busy}
        onCancel={() => setNaming(null)}
        onSubmit={() => void submitName()}
      >
        {naming?.kind === 'add' && (
          <p className="text-sm text-slate-600">
            Name it after the device that keeps it. Your browser then asks for your fingerprint, face or PIN.
          </p>
        )}
        <Input
          label="Name"
          name="passkeyName"
          placeholder="MacBook Touch ID"
          maxLength={60}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
          error={nameError}
          required
          autoFocus
        />
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this passkey?"
        confirmLabel="Delete"
        danger
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      >
        {deleting?.name} will no longer sign you in. Remove it from the device too, in its passkey or password settings.
      </ConfirmDialog>
    </SectionCard>
  );
}
