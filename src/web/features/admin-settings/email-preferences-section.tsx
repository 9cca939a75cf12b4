import { BellRing } from '../../components/admin/icons';
import { NotificationMessage, type EmailPreferences } from '../../../shared/contracts/notifications';
import { fetchEmailPreferences, saveEmailPreferences } from '../../components/admin/staff-notifications-api';
import { SectionCard } from './section-card';
import { SettingsForm, ToggleFields } from './settings-form';
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

  return (
    <SectionCard
      id="settings-email"
      title="Email Preferences"
      description="What is also sent to your e-mail address: notifications and the weekly analytics report."
      icon={<BellRing />}
    >
      <SettingsForm
        form={form}
        loadFailed={NotificationMessage.PREFERENCES_LOAD_FAILED}
        loading={{ label: 'Loading your e-mail preferences…', rows: toggles.length }}
        labelledBy="settings-email"
        saveLabel="Save Preferences"
      >
        {(values) => <ToggleFields legend="E-mail me about" toggles={toggles} values={values} onChange={form.change} />}
      </SettingsForm>
    </SectionCard>
  );
}
