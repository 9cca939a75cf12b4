import { ContactsTab } from '../../features/admin-contacts/contacts-tab';
import { TabPage, tabMeta } from './tab-page';

export function meta() {
  return tabMeta('contacts');
}

export default function AdminContacts() {
  return <TabPage tab="contacts">{(user) => <ContactsTab role={user.role} />}</TabPage>;
}
