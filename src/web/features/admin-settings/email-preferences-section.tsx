import { BellRing, LoaderCircle, Save } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { NotificationMessage, type EmailPreferences } from '../../../shared/contracts/notifications';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { ListLoadError } from '../../components/admin/list-states';
import { Skeleton } from '../../components/skeleton';
import { userMessage } from '../../lib/api-client';
import { toast } from '../../lib/notifications';
import { fetchEmailPreferences, saveEmailPreferences } from '../../components/admin/staff-notifications-api';
import type { FormNotice } from './form-notice';
import { SectionCard } from './section-card';

const toggles: { key: keyof EmailPreferences; label: string; hint: string }[] = [
  {
    key: 'newContact',
    label: 'New contact notifications',
    hint: 'E-mail me when a visitor sends a contact request or asks for a quote.',
  },
  {
    key: 'newComment',
    label: 'Blog comment notifications',
    hint: 'E-mail me when a reader comments on a blog post.',
  },
  {
    key: 'weeklyReport',
    label: 'Weekly analytics report',
    hint: "A summary of the week's traffic every Monday morning.",
  },
];

/**
 * Settings › Email Preferences: which of the staff member's own notifications are also e-mailed, and the
 * weekly analytics report (GET and PUT /api/notifications/preferences). Every role has them; the bell shows
 * the notifications either way.
 */
export function EmailPreferencesSection() {
  const [saved, setSaved] = useState<EmailPreferences | null>(null);
  const [values, setValues] = useState<EmailPreferences | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<FormNotice | null>(null);

  useEffect(() => {
    let cancelled = false;
    setLoadError(null);
    fetchEmailPreferences()
      .then((preferences) => {
        if (cancelled) return;
        setSaved(preferences);
        setValues(preferences);
      })
      .catch((error: unknown) => {
        if (!cancelled) {
          setLoadError(userMessage(error, { surface: 'admin', fallback: NotificationMessage.PREFERENCES_LOAD_FAILED }));
        }
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!values || busy) return;
    setBusy(true);
    setNotice(null);
    try {
      await saveEmailPreferences(values);
      setSaved(values);
      setNotice({ type: 'success', text: NotificationMessage.PREFERENCES_SAVED });
      toast.success(NotificationMessage.PREFERENCES_SAVED);
    } catch (error) {
      const reason = userMessage(error, { surface: 'admin', fallback: NotificationMessage.PREFERENCES_FAILED });
      setNotice({
        type: 'error',
        text:
          reason === NotificationMessage.PREFERENCES_FAILED
            ? reason
            : `${NotificationMessage.PREFERENCES_FAILED}: ${reason}`,
      });
    } finally {
      setBusy(false);
    }
  }

  const changed = Boolean(values && saved && toggles.some(({ key }) => values[key] !== saved[key]));

  return (
    <SectionCard
      id="settings-email"
      title="Email Preferences"
      description="What is also sent to your e-mail address: notifications and the weekly analytics report."
      icon={<BellRing />}
    >
      {loadError ? (
        <ListLoadError title={NotificationMessage.PREFERENCES_LOAD_FAILED} onRetry={() => setAttempt((n) => n + 1)}>
          {loadError !== NotificationMessage.PREFERENCES_LOAD_FAILED && loadError}
        </ListLoadError>
      ) : !values ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only">Loading your e-mail preferences…</span>
          {toggles.map((toggle) => (
            <Skeleton key={toggle.key} className="h-10 w-full max-w-md" />
          ))}
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby="settings-email">
          {notice && (
            <Alert tone={notice.type} onDismiss={() => setNotice(null)}>
              {notice.text}
            </Alert>
          )}
          <fieldset className="flex flex-col gap-4">
            <legend className="sr-only">E-mail me about</legend>
            {toggles.map((toggle) => (
              <CheckboxField
                key={toggle.key}
                name={toggle.key}
                label={toggle.label}
                hint={toggle.hint}
                checked={values[toggle.key]}
                onChange={(checked) => {
                  setValues({ ...values, [toggle.key]: checked });
                  setNotice(null);
                }}
              />
            ))}
          </fieldset>
          <div>
            <Button type="submit" disabled={busy || !changed}>
              {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
              {busy ? 'Saving...' : 'Save Preferences'}
            </Button>
          </div>
        </form>
      )}
    </SectionCard>
  );
}
