import { CircleCheck, LoaderCircle, X } from '../../components/icons';
import { Ban, Trash2, UserPlus, Users } from '../../components/admin/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import {
  AuthMessage,
  listUsersResponseDataSchema,
  registerRequestSchema,
  roles,
  userStatuses,
  type PublicUser,
  type Role,
  type UserStatus,
} from '../../../shared/contracts/auth';
import { EmptyList, ListLoadError, ListSkeleton } from '../../components/admin/list-states';
import { PaginationFooter } from '../../components/admin/pagination-footer';
import { SearchField } from '../../components/admin/search-field';
import { useDebouncedSearch } from '../../components/admin/use-debounced-search';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { api, userMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { fieldErrors, type FormNotice } from './form-notice';
import { SectionCard } from './section-card';
import { useFormatDateTime } from '../../lib/date-time';

export const USERS_PAGE_SIZE = 10;
type PendingAction =
  | { kind: 'role'; user: PublicUser; role: Role }
  | { kind: 'status'; user: PublicUser; status: UserStatus }
  | { kind: 'delete'; user: PublicUser };

interface Filters {
  search: string;
  role: Role | '';
  status: UserStatus | '';
  page: number;
}

async function fetchUsers(filters: Filters) {
  const body = await api.get('/auth/users', {
    page: filters.page,
    limit: USERS_PAGE_SIZE,
    search: filters.search,
    role: filters.role,
    status: filters.status,
  });
  const parsed = listUsersResponseDataSchema.safeParse(body.data);
  if (!parsed.success) throw new Error('Invalid users answer');
  return parsed.data;
}

/** Settings › Users (admins only): list, invite, change role, disable/enable and delete staff users. */
export function UsersSection({ currentUserId }: { currentUserId: number }) {
  const [filters, setFilters] = useState<Filters>({ search: '', role: '', status: '', page: 1 });
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [acting, setActing] = useState(false);
  const [creating, setCreating] = useState(false);

  const commitSearch = useCallback(
    (search: string) =>
      setFilters((current) => (current.search === search ? current : { ...current, search, page: 1 })),
    [],
  );
  const [searchInput, setSearchInput] = useDebouncedSearch(filters.search, commitSearch);

  const list = useQuery({
    queryKey: ['users', 'list', filters],
    queryFn: () => fetchUsers(filters),
    placeholderData: keepPreviousData,
  });
  const { data, refetch } = list;
  const loading = list.isFetching;
  const loadError = list.error ? userMessage(list.error, { surface: 'admin', fallback: 'Failed to load users' }) : null;
  const reload = useCallback(() => void refetch(), [refetch]);

  async function confirmPending() {
    if (!pending) return;
    setActing(true);
    const { user } = pending;
    try {
      let body;
      if (pending.kind === 'role') body = await api.patch(`/auth/users/${user.id}/role`, { role: pending.role });
      else if (pending.kind === 'status')
        body = await api.patch(`/auth/users/${user.id}/status`, { status: pending.status });
      else body = await api.delete(`/auth/users/${user.id}`);
      const fallback = pending.kind === 'delete' ? AuthMessage.USER_DELETED : AuthMessage.USER_UPDATED;
      const text = body.message || fallback;
      setNotice({ type: 'success', text });
      if (pending.kind === 'delete' && data && data.users.length === 1 && filters.page > 1) {
        setFilters((current) => ({ ...current, page: current.page - 1 }));
      } else {
        reload();
      }
    } catch (error) {
      const text = userMessage(error, { surface: 'admin', fallback: 'Failed to update user' });
      setNotice({ type: 'error', text });
    } finally {
      setActing(false);
      setPending(null);
    }
  }

  const pages = data ? Math.max(1, data.pages) : 1;

  return (
    <SectionCard
      id="settings-users"
      title="Users"
      description="Staff who can sign in to the admin, and what they may do."
      icon={<Users />}
      actions={
        !creating && (
          <Button size="sm" onClick={() => setCreating(true)}>
            <UserPlus aria-hidden="true" />
            Add User
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-5">
        {creating && (
          <CreateUserForm
            onCancel={() => setCreating(false)}
            onCreated={(text) => {
              setCreating(false);
              setNotice({ type: 'success', text });
              reload();
            }}
          />
        )}
        {notice && (
          <Alert tone={notice.type} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}

        <div className="grid gap-3 sm:grid-cols-[1fr_10rem_10rem]">
          <SearchField
            label="Search users"
            placeholder="Search by username or e-mail"
            value={searchInput}
            onChange={setSearchInput}
          />
          <Select
            label="Role"
            hideLabel
            value={filters.role}
            onChange={(event) =>
              setFilters((current) => ({ ...current, role: event.target.value as Role | '', page: 1 }))
            }
          >
            <option value="">All roles</option>
            {roles.map((role) => (
              <option key={role} value={role}>
                {role[0]!.toUpperCase() + role.slice(1)}
              </option>
            ))}
          </Select>
          <Select
            label="Status"
            hideLabel
            value={filters.status}
            onChange={(event) =>
              setFilters((current) => ({ ...current, status: event.target.value as UserStatus | '', page: 1 }))
            }
          >
            <option value="">All statuses</option>
            {userStatuses.map((status) => (
              <option key={status} value={status}>
                {status === 'active' ? 'Active' : 'Disabled'}
              </option>
            ))}
          </Select>
        </div>

        {loadError ? (
          <ListLoadError onRetry={reload}>{loadError}</ListLoadError>
        ) : !data ? (
          <ListSkeleton label="Loading users…" rows={3} rowClassName="h-14" />
        ) : data.users.length === 0 ? (
          <EmptyList className="py-8">No users match these filters.</EmptyList>
        ) : (
          <ul
            aria-label="Users"
            aria-busy={loading}
            className={cn('divide-y divide-slate-100 rounded-xl border border-slate-200', loading && 'opacity-60')}
          >
            {data.users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === currentUserId}
                onAction={setPending}
                disabled={acting}
              />
            ))}
          </ul>
        )}

        {data && data.total > 0 && (
          <PaginationFooter
            label="Users pages"
            oneLine
            page={filters.page}
            pages={pages}
            loading={loading}
            onPage={(page) => setFilters((current) => ({ ...current, page }))}
          >
            {data.total} {data.total === 1 ? 'user' : 'users'} · page {Math.min(filters.page, pages)} of {pages}
          </PaginationFooter>
        )}
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={pending ? confirmTitle(pending) : ''}
        confirmLabel={pending ? confirmLabel(pending) : 'Confirm'}
        danger={pending?.kind === 'delete' || (pending?.kind === 'status' && pending.status === 'disabled')}
        busy={acting}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirmPending()}
      >
        {pending && confirmBody(pending)}
      </ConfirmDialog>
    </SectionCard>
  );
}

function confirmTitle(action: PendingAction): string {
  if (action.kind === 'role') return `Change the role of ${action.user.username}?`;
  if (action.kind === 'status')
    return `${action.status === 'disabled' ? 'Disable' : 'Enable'} ${action.user.username}?`;
  return `Delete ${action.user.username}?`;
}

function confirmLabel(action: PendingAction): string {
  if (action.kind === 'role') return 'Change Role';
  if (action.kind === 'status') return action.status === 'disabled' ? 'Disable User' : 'Enable User';
  return 'Delete User';
}

function confirmBody(action: PendingAction): string {
  if (action.kind === 'role')
    return `${action.user.username} will become ${action.role === 'admin' ? 'an' : 'a'} ${action.role}.`;
  if (action.kind === 'status')
    return action.status === 'disabled'
      ? `${action.user.username} will be signed out and can no longer sign in until enabled again.`
      : `${action.user.username} will be able to sign in again.`;
  return `Are you sure you want to delete this user? ${action.user.username} (${action.user.email}) loses access. This action cannot be undone.`;
}

function UserRow({
  user,
  isSelf,
  onAction,
  disabled,
}: {
  user: PublicUser;
  isSelf: boolean;
  onAction: (action: PendingAction) => void;
  disabled: boolean;
}) {
  const active = user.status === 'active';
  const formatDateTime = useFormatDateTime();
  const lastLogin =
    user.lastLogin && !Number.isNaN(Date.parse(user.lastLogin)) ? formatDateTime(user.lastLogin) : 'Never';
  return (
    <li className="flex flex-col gap-3 px-4 py-3 md:flex-row md:items-center" data-user={user.username}>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-all text-slate-900">{user.username}</span>
          {isSelf && <Badge tone="brand">You</Badge>}
          <Badge tone={active ? 'success' : 'danger'}>{active ? 'Active' : 'Disabled'}</Badge>
        </p>
        <p className="text-sm break-all text-slate-600">{user.email}</p>
        <p className="text-xs text-slate-500">Last sign-in: {lastLogin}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          label={`Role of ${user.username}`}
          hideLabel
          value={user.role}
          disabled={isSelf || disabled}
          containerClassName="w-28"
          compact
          onChange={(event) => onAction({ kind: 'role', user, role: event.target.value as Role })}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {role[0]!.toUpperCase() + role.slice(1)}
            </option>
          ))}
        </Select>
        <Button
          variant="secondary"
          size="sm"
          disabled={isSelf || disabled}
          onClick={() => onAction({ kind: 'status', user, status: active ? 'disabled' : 'active' })}
          aria-label={`${active ? 'Disable' : 'Enable'} ${user.username}`}
        >
          {active ? <Ban aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
          {active ? 'Disable' : 'Enable'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={isSelf || disabled}
          onClick={() => onAction({ kind: 'delete', user })}
          aria-label={`Delete ${user.username}`}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Delete</span>
        </Button>
      </div>
    </li>
  );
}

const CREATE_FIELDS = ['username', 'email', 'password', 'role'] as const;
type CreateField = (typeof CREATE_FIELDS)[number];

function CreateUserForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (message: string) => void }) {
  const [form, setForm] = useState({ username: '', email: '', password: '', role: 'editor' as Role });
  const [errors, setErrors] = useState<Partial<Record<CreateField, string>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = registerRequestSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, CREATE_FIELDS));
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const body = await api.post('/auth/register', parsed.data);
      onCreated(body.message || AuthMessage.USER_CREATED);
    } catch (error) {
      setFailure(userMessage(error, { surface: 'admin', fallback: 'Failed to create user' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="create-user-title"
      className="flex flex-col gap-4 rounded-xl border border-brand-100 bg-brand-50/40 p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id="create-user-title" className="text-sm font-semibold">
          Add a user
        </h3>
        <button
          type="button"
          onClick={onCancel}
          aria-label="Cancel adding a user"
          className="rounded-md p-1 text-slate-500 hover:bg-white hover:text-slate-900"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Username"
          name="new-username"
          autoComplete="off"
          value={form.username}
          onChange={(event) => setForm({ ...form, username: event.target.value })}
          error={errors.username}
          required
          autoFocus
        />
        <Input
          label="Email"
          name="new-email"
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
          error={errors.email}
          required
        />
        <Select
          label="Role"
          name="new-role"
          value={form.role}
          onChange={(event) => setForm({ ...form, role: event.target.value as Role })}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {role[0]!.toUpperCase() + role.slice(1)}
            </option>
          ))}
        </Select>
        <Input
          label="Initial password"
          name="new-password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters; share it with the user, who can change it under Settings."
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
          error={errors.password}
          required
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
          {busy ? 'Creating...' : 'Create User'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
