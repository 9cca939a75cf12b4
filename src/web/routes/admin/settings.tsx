import { adoptTokenPair, logout, setCurrentUser } from '../../features/admin-auth/auth-store';
import { SettingsTab } from '../../features/admin-settings/settings-tab';
import { TabPage, tabMeta } from './tab-page';

export function meta() {
  return tabMeta('settings');
}

export default function AdminSettings() {
  return (
    <TabPage tab="settings">
      {(user) => (
        <SettingsTab user={user} onUserChange={setCurrentUser} onPasswordChanged={adoptTokenPair} onSignOut={logout} />
      )}
    </TabPage>
  );
}
