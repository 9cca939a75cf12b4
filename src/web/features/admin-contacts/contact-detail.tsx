import { ArrowLeft, Mail, Phone } from '../../components/icons';
import { MailOpen, Trash2 } from '../../components/admin/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ContactDetail, ContactPriority, ContactStatus } from '../../../shared/contracts/contacts';
import {
  ContactMessage,
  contactName,
  contactPriorityLabels,
  contactStatusLabels,
} from '../../../shared/contracts/contacts.values';
import { formatMessage } from '../../../shared/errors';
import { ConfirmDeleteDialog } from '../../components/admin/confirm-delete-dialog';
import { editorFailure, EditorLoadError } from '../../components/admin/editor-load-error';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Select } from '../../components/select';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import { mailtoHref, telHref } from '../../lib/contact-links';
import { toast } from '../../lib/notifications';
import { FailedSubmissionLine, PriorityLabel, PriorityOptions, StatusBadge, StatusOptions } from './contact-badges';
import { useFormatDateTime } from '../../lib/date-time';
import { EmailText } from '../../components/admin/email-text';
import { FollowUpCard } from './contact-follow-up-card';
import { toastFailure } from './contact-log-card';
import { NotesCard } from './contact-notes-card';
import { RepliesCard } from './contact-replies-card';
import {
  assignContact,
  deleteContact,
  fetchAssignees,
  fetchContact,
  setContactRead,
  updatePriority,
  updateStatus,
} from './contacts-admin-api';

/**
 * One contact: what the visitor sent (plain text), the staff's status, priority, assignment and read
 * state, the append-only notes, and Send Email / Call / Delete. Opening it marks it read for those who
 * may change contacts; viewers see everything without the controls.
 */
export function ContactDetailView({ id, canEdit, backTo }: { id: number; canEdit: boolean; backTo: string }) {
  const formatDateTime = useFormatDateTime();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** Set while this screen deletes the contact: its own data-update must not ask for it again. */
  const [deleting, setDeleting] = useState(false);
  // A colleague's change (or this screen's, in another tab) shows without a reload: the 'contacts' data-update.
  const queryKey = useMemo(() => ['contacts', 'detail', id], [id]);
  const loaded = useQuery({ queryKey, queryFn: () => fetchContact(id), enabled: !deleting });
  const contact = loaded.data ?? null;
  const setContact = (update: (current: ContactDetail) => ContactDetail) =>
    queryClient.setQueryData<ContactDetail>(queryKey, (current) => current && update(current));
  // Try Again shows the grey rows while it loads.
  const failure =
    loaded.isError && !loaded.isFetching
      ? editorFailure(loaded.error, { notFound: ContactMessage.NOT_FOUND, failed: ContactMessage.LOAD_FAILED })
      : null;
  const { refetch } = loaded;
  const refresh = async () => {
    await refetch();
  };
  // When they cannot be loaded, the selector offers the current assignee and "Unassigned" only.
  const assignees = useQuery({ queryKey: ['users', 'assignees'], queryFn: fetchAssignees }).data ?? [];
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  /** Opening a contact marks it read (only those who may change contacts can), once its answer is fresh. */
  const opened = useRef(false);
  const open = useEffectEvent((fresh: ContactDetail) => {
    opened.current = true;
    if (!canEdit || fresh.read) return;
    setContactRead(fresh.id, true)
      .then(() => setContact((current) => ({ ...current, read: true })))
      .catch(() => {
        // It stays unread; the toggle in the header shows so and can try again.
      });
  });
  const fresh = loaded.isFetchedAfterMount ? contact : null;
  useEffect(() => {
    if (fresh && !opened.current) open(fresh);
  }, [fresh]);

  /** Shows `change` at once, sends `call`, reports with `success` or `failed`, then shows the server's copy. */
  async function change(
    optimistic: Partial<ContactDetail>,
    call: () => Promise<{ message?: string }>,
    success: (message?: string) => string,
    failed: string,
  ) {
    setBusy(true);
    setContact((current) => ({ ...current, ...optimistic }));
    try {
      const { message } = await call();
      toast.success(success(message));
    } catch (error) {
      toastFailure(failed, error);
      // Back to what the server holds (a success reloads through the 'contacts' data-update).
      await refresh();
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete() {
    setBusy(true);
    setDeleting(true);
    try {
      await deleteContact(id);
      toast.success(ContactMessage.DELETED);
      void navigate(backTo, { replace: true });
    } catch (error) {
      setDeleting(false);
      toastFailure(ContactMessage.DELETE_FAILED, error);
      setBusy(false);
      setConfirming(false);
    }
  }

  const back = (
    <Button to={backTo} variant="link" className="self-start">
      <ArrowLeft aria-hidden="true" />
      Back to List
    </Button>
  );

  if (failure) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <EditorLoadError failure={failure} onRetry={() => void refetch()} backTo={backTo} backLabel="Back to List" />
      </div>
    );
  }
  if (!contact) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        {back}
        <span className="sr-only">Loading the contact…</span>
        <Skeleton className="h-10 w-64" />
        <div className="grid gap-4 lg:grid-cols-3">
          <Skeleton className="h-64 w-full lg:col-span-2" />
          <Skeleton className="h-64 w-full" />
        </div>
      </div>
    );
  }

  const name = contactName(contact);
  const assigneeOptions =
    contact.assignedTo && !assignees.some((person) => person.id === contact.assignedTo?.id)
      ? [contact.assignedTo, ...assignees]
      : assignees;

  return (
    <div className="flex flex-col gap-5" data-contact-detail={contact.id}>
      <div className="flex flex-col gap-2">
        {back}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h2 className="text-xl font-semibold break-words">{name}</h2>
          <StatusBadge status={contact.status} />
          <PriorityLabel priority={contact.priority} />
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              contact.read ? 'bg-slate-100 text-slate-600' : 'bg-brand-600 text-white',
            )}
            data-read-state={contact.read ? 'read' : 'unread'}
          >
            {contact.read ? 'Read' : 'Unread'}
          </span>
        </div>
        <FailedSubmissionLine message={contact.error_message} className="text-sm" />
      </div>

      <div className="flex flex-wrap gap-2">
        <Button size="sm" href={mailtoHref(contact.email, { subject: 'Re: your enquiry' })}>
          <Mail aria-hidden="true" />
          Send Email
        </Button>
        {contact.phone && (
          <Button size="sm" variant="secondary" href={telHref(contact.phone)}>
            <Phone aria-hidden="true" />
            Call
          </Button>
        )}
        {canEdit && (
          <>
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() =>
                void change(
                  { read: !contact.read },
                  () => setContactRead(contact.id, !contact.read),
                  () => (contact.read ? ContactMessage.MARKED_UNREAD : ContactMessage.MARKED_READ),
                  ContactMessage.UPDATE_FAILED,
                )
              }
            >
              {contact.read ? <Mail aria-hidden="true" /> : <MailOpen aria-hidden="true" />}
              {contact.read ? 'Mark as Unread' : 'Mark as Read'}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              className="text-red-700 sm:ml-auto"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        )}
      </div>

      {/* Phones: the message, what staff set, who it is, then the notes. Wider: notes under the message. */}
      <div className="grid items-start gap-5 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-span-2">
          <Card padding="none">
            <section aria-labelledby="contact-message" className="p-5">
              <h3 id="contact-message" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                Message
              </h3>
              <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800" data-message>
                {contact.message}
              </p>
            </section>
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-5 lg:row-span-2">
          {canEdit && (
            <Card padding="none">
              <section aria-labelledby="contact-manage" className="flex flex-col gap-4 p-5">
                <h3 id="contact-manage" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                  Manage
                </h3>
                <Select
                  label="Status"
                  value={contact.status}
                  disabled={busy}
                  onChange={(event) => {
                    const status = event.target.value as ContactStatus;
                    void change(
                      { status },
                      () => updateStatus(contact.id, status),
                      () => ContactMessage.STATUS_UPDATED,
                      ContactMessage.STATUS_FAILED,
                    );
                  }}
                >
                  <StatusOptions />
                </Select>
                <Select
                  label="Priority"
                  value={contact.priority}
                  disabled={busy}
                  onChange={(event) => {
                    const priority = event.target.value as ContactPriority;
                    void change(
                      { priority },
                      () => updatePriority(contact.id, priority),
                      () =>
                        formatMessage(ContactMessage.PRIORITY_UPDATED, { priority: contactPriorityLabels[priority] }),
                      ContactMessage.PRIORITY_FAILED,
                    );
                  }}
                >
                  <PriorityOptions />
                </Select>
                <Select
                  label="Assigned to"
                  value={contact.assignedTo ? String(contact.assignedTo.id) : ''}
                  disabled={busy}
                  onChange={(event) => {
                    const value = event.target.value;
                    const assignee = assigneeOptions.find((person) => String(person.id) === value) ?? null;
                    void change(
                      { assignedTo: assignee },
                      () => assignContact(contact.id, assignee ? assignee.id : null),
                      () => (assignee ? ContactMessage.ASSIGNED : ContactMessage.UNASSIGNED),
                      ContactMessage.UPDATE_FAILED,
                    );
                  }}
                >
                  <option value="">Unassigned</option>
                  {assigneeOptions.map((person) => (
                    <option key={person.id} value={String(person.id)}>
                      {person.username}
                    </option>
                  ))}
                </Select>
              </section>
            </Card>
          )}
          <FollowUpCard key={contact.follow_up_on ?? ''} contact={contact} canEdit={canEdit} onChanged={refresh} />
          <Card padding="none">
            <section aria-labelledby="contact-info" className="p-5">
              <h3 id="contact-info" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                Contact information
              </h3>
              <dl className="mt-3 flex flex-col gap-3 text-sm">
                <Info label="Name">{name}</Info>
                <Info label="Email">
                  <a href={mailtoHref(contact.email)} className="break-words text-brand-700 hover:underline">
                    <EmailText email={contact.email} />
                  </a>
                </Info>
                <Info label="Phone">
                  {contact.phone ? (
                    <a href={telHref(contact.phone)} className="text-brand-700 hover:underline">
                      {contact.phone}
                    </a>
                  ) : (
                    <span className="text-slate-400">Not given</span>
                  )}
                </Info>
                <Info label="Service">{contact.service ?? <span className="text-slate-400">Not chosen</span>}</Info>
                <Info label="Source">{contact.source}</Info>
                <Info label="Submitted">
                  <time dateTime={contact.created_at}>{formatDateTime(contact.created_at)}</time>
                </Info>
                <Info label="Last updated">
                  <time dateTime={contact.updated_at}>{formatDateTime(contact.updated_at)}</time>
                </Info>
                {!canEdit && (
                  <>
                    <Info label="Status">{contactStatusLabels[contact.status]}</Info>
                    <Info label="Priority">{contactPriorityLabels[contact.priority]}</Info>
                    <Info label="Assigned to">{contact.assignedTo?.username ?? 'Unassigned'}</Info>
                  </>
                )}
              </dl>
            </section>
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-5 lg:col-span-2">
          <RepliesCard contact={contact} canEdit={canEdit} onSent={refresh} />
          <NotesCard contact={contact} canEdit={canEdit} onAdded={refresh} />
        </div>
      </div>

      <ConfirmDeleteDialog
        open={confirming}
        title="Delete contact?"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      >
        <p>{ContactMessage.CONFIRM_DELETE}</p>
        <p className="mt-1 font-medium break-words text-slate-800">{name}</p>
        <p className="mt-2">Its notes go with it. This cannot be undone.</p>
      </ConfirmDeleteDialog>
    </div>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}
