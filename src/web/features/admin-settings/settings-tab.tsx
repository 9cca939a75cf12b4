import { permissionsByRole, type PublicUser } from '../../../shared/contracts/auth';
import type { FormNotice } from './form-notice';
import { AccountSection } from './account-section';
import { AppSettingsSection } from './app-settings-section';
import { ChangePasswordSection } from './change-password-section';
import { EmailPreferencesSection } from './email-preferences-section';
import { SystemSection } from './system-section';
import { BackupsSection } from './backups-section';
import { PasskeysSection } from './passkeys-section';
import { RedirectsSection } from './redirects-section';
import { SignInPolicySection } from './sign-in-policy-section';
import { TwoFactorSection } from './two-factor-section';
import { UsersSection } from './users-section';

export interface SettingsTabProps {
  user: PublicUser;
  onUserChange: (user: PublicUser) => void;
  /** Receives the change-password answer (a new token pair when the server rotates the session). */
  onPasswordChanged?: (data: unknown) => void;
  /** Ends the session after a restore (sessions are not part of a backup); the login screen shows `notice`. */
  onSignOut: (notice: FormNotice) => Promise<void>;
}

/** The settings groups: account, password, e-mail preferences, app settings; users and System Configuration for admins. */
export function SettingsTab({ user, onUserChange, onPasswordChanged, onSignOut }: SettingsTabProps) {
  const canManageUsers = permissionsByRole[user.role].includes('users');
  const canConfigure = permissionsByRole[user.role].includes('settings');
  const canBackUp = permissionsByRole[user.role].includes('backups');
  return (
    <div className="flex flex-col gap-6">
      <AccountSection key={user.id} user={user} onUserChange={onUserChange} />
      <ChangePasswordSection onChanged={onPasswordChanged} />
      <TwoFactorSection key={`two-factor-${user.id}`} />
      <PasskeysSection key={`passkeys-${user.id}`} />
      <EmailPreferencesSection key={`email-${user.id}`} />
      <AppSettingsSection key={`app-${user.id}`} onSignOut={onSignOut} />
      {canManageUsers && <UsersSection currentUserId={user.id} />}
      {canManageUsers && <SignInPolicySection />}
      <RedirectsSection canWrite={permissionsByRole[user.role].includes('content')} />
      {canConfigure && <SystemSection />}
      {canBackUp && <BackupsSection onRestored={onSignOut} />}
    </div>
  );
}
