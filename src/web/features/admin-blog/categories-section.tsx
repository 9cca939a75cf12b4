import { LoaderCircle } from '../../components/icons';
import { Pencil, Plus, Save, Trash2 } from '../../components/admin/icons';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { type BlogCategory } from '../../../shared/contracts/blog';
import {
  BLOG_DEFAULT_CATEGORY_COLOR,
  BlogAdminMessage,
  blogCategoryWriteSchema,
} from '../../../shared/contracts/blog-admin';
import { ConfirmDeleteDialog } from '../../components/admin/confirm-delete-dialog';
import { EmptyList, ListLoadError, ListSkeleton } from '../../components/admin/list-states';
import { safeHexColor } from '../../components/article/article-format';
import { CategoryBadge } from '../../components/article/category-badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Input } from '../../components/input';
import { Textarea } from '../../components/textarea';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { createCategory, deleteCategory, fetchCategories, updateCategory } from './blog-admin-api';

const FIELDS = ['name', 'slug', 'color', 'description'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const emptyValues: Values = { name: '', slug: '', color: BLOG_DEFAULT_CATEGORY_COLOR, description: '' };

function valuesOf(category: BlogCategory): Values {
  return {
    name: category.name,
    slug: category.slug,
    color: /^#[0-9a-f]{6}$/i.test(category.color) ? category.color : BLOG_DEFAULT_CATEGORY_COLOR,
    description: category.description ?? '',
  };
}

/** Blog › Categories: name, slug, colour and description; create, edit, delete (editors). */
export function CategoriesSection({ canEdit }: { canEdit: boolean }) {
  const loaded = useQuery({ queryKey: ['blog', 'categories'], queryFn: fetchCategories });
  const categories = loaded.data ?? null;
  const loadError = loaded.error ? failureNotice('Failed to load categories', loaded.error) : null;
  const { refetch } = loaded;
  const reload = useCallback(() => void refetch(), [refetch]);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** null: no form; 'new' or the category being edited. */
  const [editing, setEditing] = useState<BlogCategory | 'new' | null>(null);
  const [pendingDelete, setPendingDelete] = useState<BlogCategory | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      const { message } = await deleteCategory(pendingDelete.id);
      const title = message || BlogAdminMessage.CATEGORY_DELETED;
      setNotice({ type: 'success', title });
      if (editing !== null && editing !== 'new' && editing.id === pendingDelete.id) setEditing(null);
    } catch (error) {
      setNotice(failureNotice('Failed to delete category', error));
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Categories</h2>
        {canEdit && editing === null && (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            New Category
          </Button>
        )}
      </div>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      {canEdit && editing !== null && (
        <CategoryForm
          key={editing === 'new' ? 'new' : editing.id}
          category={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(title) => {
            setEditing(null);
            setNotice({ type: 'success', title });
          }}
        />
      )}

      {loadError ? (
        <ListLoadError title={loadError.title} onRetry={reload}>
          {loadError.detail}
        </ListLoadError>
      ) : !categories ? (
        <ListSkeleton label="Loading categories…" rows={3} rowClassName="h-14 rounded-xl" />
      ) : categories.length === 0 ? (
        <EmptyList>No categories yet</EmptyList>
      ) : (
        <Card padding="none" className="overflow-hidden">
          <ul aria-label="Categories" className="divide-y divide-slate-100">
            {categories.map((category) => (
              <li
                key={category.id}
                data-category={category.slug}
                className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
              >
                <span
                  aria-hidden="true"
                  className="hidden size-8 shrink-0 rounded-lg ring-1 ring-black/10 sm:block"
                  style={{ backgroundColor: safeHexColor(category.color) }}
                />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <CategoryBadge name={category.name} color={category.color} />
                    <span className="text-xs text-slate-500">/{category.slug}</span>
                  </p>
                  {category.description && (
                    <p className="mt-1 text-sm break-words text-slate-600">{category.description}</p>
                  )}
                  <p className="mt-0.5 text-xs text-slate-500">
                    {category.post_count} published {category.post_count === 1 ? 'post' : 'posts'}
                  </p>
                </div>
                {canEdit && (
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setEditing(category)}
                      aria-label={`Edit category ${category.name}`}
                    >
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      onClick={() => setPendingDelete(category)}
                      aria-label={`Delete category ${category.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </Card>
      )}

      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        title="Delete category?"
        busy={deleting}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
      >
        <p>Are you sure you want to delete this category?</p>
        {pendingDelete && <p className="mt-1 font-medium text-slate-800">“{pendingDelete.name}”</p>}
        <p className="mt-2">A category that still has posts cannot be deleted.</p>
      </ConfirmDeleteDialog>
    </div>
  );
}

function CategoryForm({
  category,
  onCancel,
  onSaved,
}: {
  category: BlogCategory | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const [values, setValues] = useState<Values>(category ? valuesOf(category) : emptyValues);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = blogCategoryWriteSchema.safeParse({
      ...values,
      description: values.description.trim() || null,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field) && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const body = { ...parsed.data };
      const { message } = category ? await updateCategory(category.id, body) : await createCategory(body);
      onSaved(message || (category ? BlogAdminMessage.CATEGORY_UPDATED : BlogAdminMessage.CATEGORY_CREATED));
    } catch (error) {
      if (isApiError(error)) {
        const next: Partial<Record<Field, string>> = {};
        for (const item of error.errors) {
          const field = item.field as Field;
          if (FIELDS.includes(field) && !next[field]) next[field] = item.message;
        }
        setErrors(next);
      }
      setNotice(failureNotice('Failed to save category', error));
      setBusy(false);
    }
  }

  return (
    <Card padding="none" className="overflow-hidden border-brand-200">
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="flex flex-col gap-4 p-5">
        <h3 id={titleId} className="font-semibold">
          {category ? `Edit category: ${category.name}` : 'New category'}
        </h3>
        <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Name"
            name="name"
            value={values.name}
            onChange={set('name')}
            error={errors.name}
            maxLength={100}
            required
          />
          <Input
            label="Slug"
            name="slug"
            value={values.slug}
            onChange={set('slug')}
            error={errors.slug}
            hint="Lowercase letters, digits and dashes; made from the name when blank."
            maxLength={100}
          />
        </div>
        <ColorField value={values.color} onChange={set('color')} error={errors.color} />
        <Textarea
          label="Description"
          name="description"
          rows={2}
          maxLength={2000}
          value={values.description}
          onChange={set('description')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            {busy ? 'Saving...' : category ? 'Update Category' : 'Create Category'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ColorField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  error?: string;
}) {
  const id = useId();
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        Colour
      </span>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label="Pick a colour"
          value={valid ? value.toLowerCase() : BLOG_DEFAULT_CATEGORY_COLOR.toLowerCase()}
          onChange={onChange}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <Input
          label="Colour (hex)"
          hideLabel
          name="color"
          value={value}
          onChange={onChange}
          error={error}
          maxLength={7}
          containerClassName="w-32"
          className={cn('font-mono uppercase')}
        />
        <CategoryBadge name="Sample" color={valid ? value : undefined} />
      </div>
    </div>
  );
}
