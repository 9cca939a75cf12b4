import { useSearchParams } from 'react-router';
import { permissionsByRole, type Role } from '../../../shared/contracts/auth';
import { ReadOnlyNote } from '../../components/admin/read-only';
import { ContactDetailView } from './contact-detail';
import { ContactsList } from './contacts-list';
import { contactsPath, readContactsQuery, selectedContactId } from './contacts-query';

/**
 * The admin Contacts tab: the list of contact requests, or the one the address names (?contact=12),
 * whose Back to List returns to the list as it was (search, filters, page).
 */
export function ContactsTab({ role }: { role: Role }) {
  const [params] = useSearchParams();
  const canEdit = permissionsByRole[role].includes('content');
  const contactId = selectedContactId(params);

  return (
    <div className="flex flex-col gap-6">
      {!canEdit && <ReadOnlyNote>Your role can read contact requests but not change them.</ReadOnlyNote>}
      {contactId === null ? (
        <ContactsList canEdit={canEdit} />
      ) : (
        <ContactDetailView
          key={contactId}
          id={contactId}
          canEdit={canEdit}
          backTo={contactsPath(readContactsQuery(params))}
        />
      )}
    </div>
  );
}
