import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Redirect, RedirectListData } from '../../../shared/contracts/redirects';
import {
  REDIRECT_FROM_MAX,
  REDIRECT_TARGET_MAX,
  RedirectMessage,
  isRedirectablePath,
  normalisePath,
  normaliseTarget,
} from '../../../shared/contracts/redirects.values';
import { Plus, Trash2 } from '../../components/admin/icons';
import { ConfirmDeleteDialog } from '../../components/admin/confirm-delete-dialog';
import { ListLoadError } from '../../components/admin/list-states';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ArrowRight, Link2 } from '../../components/icons';
import { Input } from '../../components/input';
import { Skeleton } from '../../components/skeleton';
import { isApiError, userMessage } from '../../lib/api-client';
import { useFormatDateTime } from '../../lib/date-time';
import { toast } from '../../lib/notifications';
import type { FormNotice } from './form-notice';
import { createRedirect, deleteRedirect, fetchRedirects } from './redirects-api';
import { SectionCard } from './section-card';

const LOAD_FAILED = 'Failed to load the redirects';
const kindLabels: Record<Redirect['kind'], string> = { automatic: 'Slug change', manual: 'Manual' };

type FieldName = 'from_path' | 'target';
type Errors = Partial<Record<FieldName, string>>;

/** What the server would refuse, said before sending. */
function checkFields(from: string, target: string): Errors {
  const errors: Errors = {};
  const path = normalisePath(from.split(/[?#]/)[0] ?? '');
  if (!from.trim()) errors.from_path = RedirectMessage.FROM_REQUIRED;
  else if (path === undefined) errors.from_path = RedirectMessage.FROM_INVALID;
  else if (path.length > REDIRECT_FROM_MAX) errors.from_path = RedirectMessage.FROM_TOO_LONG;
  else if (!isRedirectablePath(path)) errors.from_path = RedirectMessage.FROM_RESERVED;
  const to = normaliseTarget(target);
  if (!target.trim()) errors.target = RedirectMessage.TO_REQUIRED;
  else if (to === undefined) errors.target = RedirectMessage.TO_INVALID;
  else if (to.length > REDIRECT_TARGET_MAX) errors.target = RedirectMessage.TO_TOO_LONG;
  return errors;
}

/**
 * Settings › Redirects (ADR 0039): old addresses answered with a 301, those a published post's slug change
 * made and those staff add. Everybody reads the list with its hits; admins and editors add and delete.
 */
export function RedirectsSection({ canWrite }: { canWrite: boolean }) {
  const formatDateTime = useFormatDateTime();
  const [list, setList] = useState<RedirectListData | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [from, setFrom] = useState('');
  const [target, setTarget] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Redirect | null>(null);

  const load = useCallback(async (page = 1) => {
    setLoadError(null);
    try {
      const answer = await fetchRedirects(page);
      setList((previous) =>
        page > 1 && previous ? { ...answer, redirects: [...previous.redirects, ...answer.redirects] } : answer,
      );
    } catch (error) {
      setLoadError(userMessage(error, { surface: 'admin', fallback: LOAD_FAILED }));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const found = checkFields(from, target);
    setErrors(found);
    setNotice(null);
    if (Object.keys(found).length > 0) return;
    setBusy('add');
    try {
      const { message } = await createRedirect({ from_path: from, target });
      toast.success(message ?? RedirectMessage.CREATED);
      setFrom('');
      setTarget('');
      await load();
    } catch (error) {
      const byField: Errors = {};
      if (isApiError(error)) {
        for (const item of error.errors) {
          if (item.field === 'from_path' || item.field === 'target') byField[item.field] ??= item.message;
        }
      }
      setErrors(byField);
      if (Object.keys(byField).length === 0) {
        setNotice({
          type: 'error',
          text: userMessage(error, { surface: 'admin', fallback: 'Failed to add the redirect' }),
        });
      }
    } finally {
      setBusy(null);
    }
  }

  async function remove(redirect: Redirect) {
    setBusy('delete');
    setNotice(null);
    try {
      const message = await deleteRedirect(redirect.id);
      toast.success(message ?? RedirectMessage.DELETED);
      await load();
    } catch (error) {
      setNotice({
        type: 'error',
        text: `Delete failed: ${userMessage(error, { surface: 'admin', fallback: 'please try again' })}`,
      });
    } finally {
      setPendingDelete(null);
      setBusy(null);
    }
  }

  return (
    <SectionCard
      id="settings-redirects"
      title="Redirects"
      description="Old addresses that send visitors and search engines on to the new page (a permanent 301)."
      icon={<Link2 />}
    >
      <div className="flex flex-col gap-5">
        {notice && (
          <Alert tone={notice.type} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        {canWrite && (
          <form
            onSubmit={(event) => void onAdd(event)}
            noValidate
            aria-label="Add a redirect"
            className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-start"
          >
            <Input
              label="Old address"
              name="from_path"
              placeholder="/old-page"
              value={from}
              error={errors.from_path}
              autoComplete="off"
              onChange={(event) => setFrom(event.target.value)}
            />
            <Input
              label="Send visitors to"
              name="target"
              placeholder="/new-page or https://…"
              value={target}
              error={errors.target}
              autoComplete="off"
              onChange={(event) => setTarget(event.target.value)}
            />
            <Button type="submit" size="md" className="md:mt-6" disabled={busy !== null}>
              <Plus aria-hidden="true" />
              {busy === 'add' ? 'Adding…' : 'Add Redirect'}
            </Button>
          </form>
        )}

        {loadError ? (
          <ListLoadError title={LOAD_FAILED} onRetry={() => void load()}>
            {loadError !== LOAD_FAILED && loadError}
          </ListLoadError>
        ) : !list ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <span className="sr-only">Loading the redirects…</span>
            <Skeleton className="h-16 w-full" />
          </div>
        ) : list.redirects.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            No redirects yet. Changing the slug of a published post adds one by itself.
          </p>
        ) : (
          <ul
            className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200"
            aria-label="Redirects"
          >
            {list.redirects.map((redirect) => (
              <li
                key={redirect.id}
                data-redirect={redirect.from_path}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-slate-900">
                    <span className="[overflow-wrap:anywhere]">{redirect.from_path}</span>
                    <ArrowRight aria-label="to" className="size-4 shrink-0 text-slate-500" />
                    <span className="[overflow-wrap:anywhere]">{redirect.target}</span>
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    <Badge tone={redirect.kind === 'manual' ? 'brand' : 'neutral'}>{kindLabels[redirect.kind]}</Badge>
                    <span>
                      {redirect.hits.toLocaleString('en-US')} {redirect.hits === 1 ? 'hit' : 'hits'} · last hit{' '}
                      {redirect.last_hit_at ? formatDateTime(redirect.last_hit_at) : 'never'}
                    </span>
                  </p>
                </div>
                {canWrite && (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="self-start sm:self-auto"
                    disabled={busy !== null}
                    onClick={() => setPendingDelete(redirect)}
                    aria-label={`Delete the redirect from ${redirect.from_path}`}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {list && list.pagination.page < list.pagination.pages && (
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => void load(list.pagination.page + 1)}
          >
            Show more ({list.pagination.total - list.redirects.length} more)
          </Button>
        )}
      </div>

      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        title="Delete this redirect?"
        busy={busy === 'delete'}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => pendingDelete && void remove(pendingDelete)}
      >
        Visitors to {pendingDelete?.from_path} will no longer be sent to {pendingDelete?.target}; the old address shows
        whatever is there, usually a “page not found”.
      </ConfirmDeleteDialog>
    </SectionCard>
  );
}
