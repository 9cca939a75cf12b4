import { useCallback, useEffect, useId, useState } from 'react';
import type { NewsletterSend, NewsletterSendState } from '../../../shared/contracts/newsletter';
import { plural } from '../../../shared/errors';
import { Button } from '../../components/button';
import { DIALOG_PANEL_BASE_CLASS, DialogTitle, ModalDialog } from '../../components/dialog';
import { Mail, Send } from '../../components/icons';
import type { ActionLabels } from '../../components/admin/row-actions';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { cn } from '../../lib/cn';
import { fetchSendState, sendTestMail, startNewsletterSend } from './newsletter-send-api';

/** How often the dialog asks for the progress while a send runs. */
const POLL_MS = 2000;

/**
 * A published post's row action: asks the list to open the newsletter dialog (the list holds it, so that
 * the dialog stays open when the table turns into cards at another width).
 */
export function SendToSubscribersAction({
  post,
  labels,
  onOpen,
}: {
  post: { id: number; title: string };
  labels: ActionLabels;
  onOpen: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onOpen}
      aria-label={`Send “${post.title}” to subscribers`}
      // In the table an icon, as View is: with its word the row would not fit the card (admin-tables journey).
      title={labels === 'always' ? undefined : 'Send to subscribers'}
      data-action="send-to-subscribers"
    >
      <Mail aria-hidden="true" />
      <span className={labels === 'always' ? undefined : 'hidden'}>Send</span>
    </Button>
  );
}

type Step = 'preview' | 'confirm';

/**
 * The newsletter dialog of a post (ADR 0046): the mail's preview, a test to oneself, then "Send to N
 * subscribers" with a confirmation; once sent, the progress, asked for every two seconds until done.
 */
export function SendToSubscribersDialog({
  post,
  onClose,
}: {
  post: { id: number; title: string };
  onClose: () => void;
}) {
  const titleId = useId();
  const [state, setState] = useState<NewsletterSendState | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>('preview');

  const load = useCallback(async () => {
    try {
      setState(await fetchSendState(post.id));
    } catch (error) {
      setNotice(failureNotice('Failed to load the newsletter preview', error));
    }
  }, [post.id]);

  useEffect(() => {
    void load();
  }, [load]);

  const sending = state?.send?.status === 'sending';
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [sending, load]);

  async function sendTest() {
    setBusy(true);
    try {
      const result = await sendTestMail(post.id);
      setNotice({ type: result.status === 'failed' ? 'error' : 'success', title: result.message });
    } catch (error) {
      setNotice(failureNotice('Failed to send the test email', error));
    } finally {
      setBusy(false);
    }
  }

  async function sendAll() {
    setBusy(true);
    try {
      const { send, message } = await startNewsletterSend(post.id);
      setState((current) => (current ? { ...current, send } : current));
      setNotice({ type: 'success', title: message });
    } catch (error) {
      setNotice(failureNotice('Failed to send the post to subscribers', error));
    } finally {
      setBusy(false);
      setStep('preview');
    }
  }

  const recipients = state?.recipients ?? 0;
  const canSend = state !== null && state.published && !state.send && recipients > 0;

  return (
    <ModalDialog
      open
      busy={busy}
      onCancel={onClose}
      aria-labelledby={titleId}
      className={cn(DIALOG_PANEL_BASE_CLASS, 'max-w-2xl')}
      data-dialog="send-to-subscribers"
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col gap-4 overflow-y-auto p-5 sm:p-6">
        <DialogTitle id={titleId}>Send to subscribers</DialogTitle>
        <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />
        {!state ? (
          !notice && <p className="text-sm text-slate-500">Loading the preview…</p>
        ) : (
          <>
            {state.send ? (
              <SendProgress send={state.send} />
            ) : (
              <p className="text-sm text-slate-600">
                {!state.published
                  ? 'This post is not published yet. Publish it before sending it to subscribers.'
                  : recipients === 0
                    ? 'No one has confirmed a subscription yet, so there is no one to send this post to.'
                    : `This email goes to ${recipients} confirmed ${plural(recipients, 'subscriber', 'subscribers')}, a few at a time. A post can be sent only once.`}
              </p>
            )}
            {!state.mail_configured && (
              <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                No mail server is set up yet, so these emails are written to the server log instead of being sent. An
                admin can set one up; the setup check on the Overview says how.
              </p>
            )}
            <MailPreview subject={state.preview.subject} text={state.preview.text} />
          </>
        )}

        {step === 'confirm' ? (
          <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" role="group">
            <p className="font-semibold">
              Send “{post.title}” to {recipients} {plural(recipients, 'subscriber', 'subscribers')} now?
            </p>
            <p className="mt-1">This cannot be undone, and the post cannot be sent again.</p>
            <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" size="sm" onClick={() => setStep('preview')} disabled={busy} autoFocus>
                Cancel
              </Button>
              <Button size="sm" onClick={() => void sendAll()} disabled={busy}>
                <Send aria-hidden="true" />
                {busy ? 'Sending…' : 'Yes, send it'}
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" size="sm" onClick={onClose} disabled={busy}>
              Close
            </Button>
            {state && !state.send && (
              <Button variant="secondary" size="sm" onClick={() => void sendTest()} disabled={busy}>
                <Mail aria-hidden="true" />
                Send test to me
              </Button>
            )}
            {canSend && (
              <Button size="sm" onClick={() => setStep('confirm')} disabled={busy}>
                <Send aria-hidden="true" />
                Send to {recipients} {plural(recipients, 'subscriber', 'subscribers')}
              </Button>
            )}
          </div>
        )}
      </div>
    </ModalDialog>
  );
}

function MailPreview({ subject, text }: { subject: string; text: string }) {
  return (
    <figure className="rounded-xl border border-slate-200 bg-slate-50">
      <figcaption className="border-b border-slate-200 px-4 py-2 text-sm">
        <span className="text-slate-500">Subject: </span>
        <span className="font-semibold break-words text-slate-900">{subject}</span>
      </figcaption>
      <pre className="max-h-72 overflow-y-auto px-4 py-3 font-sans text-sm break-words whitespace-pre-wrap text-slate-700">
        {text}
      </pre>
    </figure>
  );
}

/** Sent, failed and waiting mails of a send, as a bar and in words. */
export function SendProgress({ send }: { send: NewsletterSend }) {
  const total = Math.max(send.total, send.queued);
  const done = send.sent + send.failed;
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  const finished = send.status === 'done';
  return (
    <div className="rounded-xl border border-slate-200 p-4" data-send-status={send.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p className="font-semibold text-slate-900">{finished ? 'Sent to subscribers' : 'Sending to subscribers…'}</p>
        <p className="text-slate-600 tabular-nums" aria-live="polite">
          {send.sent} of {total} sent
          {send.failed > 0 && ` · ${send.failed} could not be delivered`}
        </p>
      </div>
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Sending progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {!finished && (
        <p className="mt-2 text-xs text-slate-500">
          Mails leave a few at a time so that mail providers accept them. You can close this window; sending goes on.
        </p>
      )}
      {send.failed > 0 && (
        <p className="mt-2 text-xs text-slate-500">
          Addresses whose mail server refused the email for good are marked as bounced and are not mailed again.
        </p>
      )}
    </div>
  );
}
