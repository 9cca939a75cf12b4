import { lockContact, setContactError } from './contacts.repository';

/** The contacts' side of the mail outbox (jobs/mailer.ts, MailContacts): their rows, locked and marked. */
export const contactMails = {
  lock: lockContact,
  setMailError: setContactError,
};
