import { LoaderCircle } from '../../components/icons';
import { BellRing, Save } from '../../components/admin/icons';
import type { FormEvent } from 'react';
import { NotificationMessage, type EmailPreferences } from '../../../shared/contracts/notifications';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { ListLoadError } from '../../components/admin/list-states';
import { Skeleton } from '../../components/skeleton';
import { fetchEmailPreferences, saveEmailPreferences } from '../../components/admin/staff-notifications-api';
import { SectionCard } from './section-card';
import { useSettingsForm } from './use-settings-form';

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
  const form = useSettingsForm<EmailPreferences>({
    queryKey: ['settings', 'email-preferences'],
    load: fetchEmailPreferences,
    save: saveEmailPreferences,
    texts: {
      loadFailed: NotificationMessage.PREFERENCES_LOAD_FAILED,
      saveFailed: NotificationMessage.PREFERENCES_FAILED,
      saved: NotificationMessage.PREFERENCES_SAVED,
    },
  });
  const { values, notice, busy } = form;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (values) form.submit(values);
  }

  return (
    <SectionCard
      id="settings-email"
      title="Email Preferences"
      description="What is also sent to your e-mail address: notifications and the weekly analytics report."
      icon={<BellRing />}
    >
      {form.loadError ? (
        <ListLoadError title={NotificationMessage.PREFERENCES_LOAD_FAILED} onRetry={form.retry}>
          {form.loadError !== NotificationMessage.PREFERENCES_LOAD_FAILED && form.loadError}
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
            <Alert tone={notice.type} onDismiss={form.dismissNotice}>
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
                onChange={(checked) => form.change({ ...values, [toggle.key]: checked })}
              />
            ))}
          </fieldset>
          <div>
            <Button type="submit" disabled={busy || !form.changed}>
              {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
              {busy ? 'Saving...' : 'Save Preferences'}
            </Button>
          </div>
        </form>
      )}
    </SectionCard>
  );
}
