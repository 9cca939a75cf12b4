import { permissionsByRole, type PublicUser } from '../../../shared/contracts/auth';
import { AccountSection } from './account-section';
import { ChangePasswordSection } from './change-password-section';
import { EmailPreferencesSection } from './email-preferences-section';
import { UsersSection } from './users-section';

export interface SettingsTabProps {
  user: PublicUser;
  onUserChange: (user: PublicUser) => void;
  /** Receives the change-password answer (a new token pair when the server rotates the session). */
  onPasswordChanged?: (data: unknown) => void;
}

/** The settings groups built so far: account, password, e-mail preferences, and users for those allowed to manage them. */
export function SettingsTab({ user, onUserChange, onPasswordChanged }: SettingsTabProps) {
  const canManageUsers = permissionsByRole[user.role].includes('users');
  return (
    <div className="flex flex-col gap-6">
      <AccountSection key={user.id} user={user} onUserChange={onUserChange} />
      <ChangePasswordSection onChanged={onPasswordChanged} />
      <EmailPreferencesSection key={`email-${user.id}`} />
      {canManageUsers && <UsersSection currentUserId={user.id} />}
    </div>
  );
}
