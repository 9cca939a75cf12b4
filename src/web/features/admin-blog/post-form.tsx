import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { BlogCategory } from '../../../shared/contracts/blog';
import { formatReadTime } from '../../../shared/contracts/blog.values';
import {
  BlogAdminMessage,
  blogPostInputSchema,
  blogReadMinutes,
  type BlogAdminPost,
} from '../../../shared/contracts/blog-admin';
import { EditorActionBar, EditorHeader } from '../../components/admin/editor-frame';
import { ScheduleField } from '../../components/admin/schedule-field';
import { useEditorVersioning } from '../../components/admin/editor-versioning';
import { LoadedEditor } from '../../components/admin/loaded-editor';
import { draftValues } from '../../components/admin/use-autosave';
import { useFieldsNotice } from '../../components/admin/use-fields-notice';
import { Card } from '../../components/card';
import { CheckboxField } from '../../components/checkbox-field';
import { Input } from '../../components/input';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { Select } from '../../components/select';
import { Skeleton } from '../../components/skeleton';
import { Textarea } from '../../components/textarea';
import { useUnsavedGuard } from '../../components/use-unsaved-guard';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { publishAtOfField } from '../../lib/site-time';
import { useRootData } from '../../lib/root-data';
import { createPost, fetchCategories, fetchPost, updatePost } from './blog-admin-api';
import { blogPath } from './blog-paths';
import { FeaturedImageField } from './featured-image-field';
import {
  formFieldOf,
  localToday,
  newPostValues,
  postFormFields,
  postToValues,
  valuesToInput,
  type PostFormField,
  type PostFormValues,
} from './post-form-values';
import { PostPreview } from './post-preview';
import { POST_REVISION_FIELDS } from './post-revision-fields';
import type { PostsListState } from './posts-list';
import { RichTextEditor } from './rich-text-editor';

type Errors = Partial<Record<PostFormField, string>>;
type TextField = { [F in PostFormField]: PostFormValues[F] extends string ? F : never }[PostFormField];

/** Blog › New Blog Post and Edit: loads what the form needs, then shows it. */
export function PostEditor({ postId }: { postId?: number }) {
  const location = useLocation();
  const listUrl = blogPath({ kind: 'posts' }, location.search);
  return (
    <LoadedEditor
      kind="post"
      id={postId}
      fetchItem={fetchPost}
      fetchExtra={fetchCategories}
      titles={{
        notFound: 'Blog post not found',
        failed: postId === undefined ? 'Failed to load categories' : 'Failed to load blog post',
      }}
      listUrl={listUrl}
      backLabel="Back to posts"
      skeleton={<FormSkeleton />}
      form={({ item, extra, draft, onReload }) => (
        <PostForm post={item} categories={extra ?? []} listUrl={listUrl} draft={draft} onReload={onReload} />
      )}
    />
  );
}

function FormSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]" aria-busy="true">
      <span className="sr-only">Loading the blog post form…</span>
      <div className="flex flex-col gap-4">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

interface PostFormProps {
  post: BlogAdminPost | null;
  categories: BlogCategory[];
  listUrl: string;
  /** A kept draft the form starts from instead of the saved post. */
  draft?: Record<string, unknown>;
  /** Loads the post again (after a restore, or to take another editor's version). */
  onReload: () => void;
}

function PostForm({ post, categories, listUrl, draft, onReload }: PostFormProps) {
  const root = useRootData();
  const companyName = root?.company.name ?? '';
  const siteTimeZone = root?.siteTimeZone ?? 'UTC';
  const today = useMemo(() => localToday(), []);
  const initial = useMemo(
    () => (post ? postToValues(post, siteTimeZone) : newPostValues(companyName, today)),
    [post, companyName, today, siteTimeZone],
  );
  const [start] = useState(() => (draft ? draftValues(initial, draft) : initial));
  const [values, setValues] = useState<PostFormValues>(start);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  useFieldsNotice(errors, notice, () => setNotice(null));
  const [busy, setBusy] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const navigate = useNavigate();
  const formId = useId();

  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(initial), [values, initial]);
  const guard = useUnsavedGuard(
    dirty && !busy,
    'This blog post has changes that are not saved. If you leave now, they are lost.',
  );
  const input = useMemo(() => valuesToInput(values, companyName, today), [values, companyName, today]);
  const category = categories.find((item) => item.id === input.category_id);
  const computedMinutes = useMemo(() => blogReadMinutes(values.content), [values.content]);
  const editing = post !== null;
  const versioning = useEditorVersioning({
    kind: 'post',
    noun: 'post',
    item: post,
    apiPath: post && `/blog/posts/${post.id}`,
    fields: POST_REVISION_FIELDS,
    values: { ...values },
    dirty,
    busy,
    onReload,
    onOverwrite: () => {
      if (!post) return;
      fetchPost(post.id)
        .then((newest) => save(newest.version))
        .catch((error: unknown) => setNotice(failureNotice(BlogAdminMessage.SAVE_FAILED, error)));
    },
  });

  function set<F extends PostFormField>(field: F, value: PostFormValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function text(field: PostFormField) {
    return (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(field, event.target.value);
  }

  /** What every text field of the post passes its Input or Textarea: name, value, change and error. */
  function bind(field: TextField) {
    return { name: field, 'data-field': field, value: values[field], onChange: text(field), error: errors[field] };
  }

  function showErrors(next: Errors) {
    setErrors(next);
    setPreviewing(false);
    const first = postFormFields.find((field) => next[field]);
    if (first) {
      // After the form is visible again: focus the first field in error.
      requestAnimationFrame(() => {
        const target =
          first === 'content'
            ? document.querySelector<HTMLElement>('[data-rich-text]')
            : document.querySelector<HTMLElement>(`[data-field="${first}"], [name="${first}"]`);
        target?.focus();
      });
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = blogPostInputSchema.safeParse(input);
    const schedule = publishAtOfField(values.publish_at, siteTimeZone);
    if (!parsed.success || 'error' in schedule) {
      const next: Errors = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = formFieldOf(String(issue.path[0] ?? ''));
        if (field && !next[field]) next[field] = issue.message;
      }
      if ('error' in schedule) next.publish_at = schedule.error;
      showErrors(next);
      setNotice({ type: 'error', title: 'Please correct the highlighted fields.' });
      return;
    }
    setErrors({});
    setNotice(null);
    await save(post?.version);
  }

  /** Saves the form as made from `version`: the one loaded, or the newest to overwrite another's save. */
  async function save(version: number | undefined) {
    setBusy(true);
    try {
      const schedule = publishAtOfField(values.publish_at, siteTimeZone);
      const body = { ...input, publish_at: 'error' in schedule ? null : schedule.publish_at };
      const saved = editing ? await updatePost(post.id, { ...body, version }) : await createPost(body);
      await versioning.clearDraft();
      const title = saved.message || (editing ? BlogAdminMessage.POST_UPDATED : BlogAdminMessage.POST_CREATED);
      guard.allowNextNavigation();
      void navigate(listUrl, { state: { notice: { type: 'success', title } } satisfies PostsListState });
    } catch (error) {
      setBusy(false);
      if (versioning.conflicted(error)) return;
      const next: Errors = {};
      if (isApiError(error)) {
        for (const item of error.errors) {
          const field = formFieldOf(item.field);
          if (field && !next[field]) next[field] = item.message;
        }
      }
      if (Object.keys(next).length > 0) showErrors(next);
      setNotice(failureNotice(BlogAdminMessage.SAVE_FAILED, error));
    }
  }

  const scheduled = values.publish_at !== '';
  const submitLabel = busy ? 'Saving...' : editing ? 'Update Post' : scheduled ? 'Schedule Post' : 'Create Post';

  return (
    <div className="flex flex-col gap-5">
      <EditorHeader
        backTo={listUrl}
        backLabel="All posts"
        title={editing ? `Edit Blog Post: ${post.title}` : 'New Blog Post'}
        previewing={previewing}
        onTogglePreview={() => setPreviewing((current) => !current)}
        actions={versioning.revisionsButton}
      />

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      {previewing && <PostPreview post={input} category={category} />}

      <form
        id={formId}
        noValidate
        onSubmit={onSubmit}
        hidden={previewing}
        aria-label={editing ? 'Edit blog post' : 'New blog post'}
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]"
      >
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <FormCard title="Post">
            <Input label="Title" {...bind('title')} maxLength={300} required />
            <Input
              label="Slug"
              {...bind('slug')}
              maxLength={200}
              placeholder={editing ? undefined : 'Made from the title'}
              hint={
                editing && initial.published
                  ? `The address: /blog/${values.slug || '…'}. Changing it keeps the old address working: visitors are sent here.`
                  : `The address: /blog/${values.slug || 'made-from-the-title'}.`
              }
            />
            <Textarea
              label="Excerpt"
              {...bind('excerpt')}
              rows={3}
              hint="A sentence or two shown on the blog list and in search results."
              maxLength={1000}
              required
            />
            <RichTextEditor
              label="Content"
              initialHtml={start.content}
              onChange={(html) => set('content', html)}
              error={errors.content}
              hint="At least 50 characters. Ctrl+B bold, Ctrl+I italic, Ctrl+K link."
              required
              disabled={busy}
            />
          </FormCard>
        </div>

        <div className="flex min-w-0 flex-col gap-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <FormCard title="Publishing">
            <CheckboxField
              label="Published"
              hint={
                scheduled
                  ? 'Not yet: the post goes live at the time below.'
                  : 'Visible on the site, in the feed and the sitemap.'
              }
              name="published"
              checked={values.published && !scheduled}
              disabled={scheduled}
              onChange={(checked) => set('published', checked)}
            />
            <ScheduleField
              noun="post"
              value={values.publish_at}
              onChange={(value) => set('publish_at', value)}
              timeZone={siteTimeZone}
              error={errors.publish_at}
              disabled={busy}
            />
            <CheckboxField
              label="Featured"
              hint="Highlighted at the top of the blog."
              name="featured"
              checked={values.featured}
              onChange={(checked) => set('featured', checked)}
            />
            <Select
              label="Category"
              name="category_id"
              required
              data-field="category_id"
              value={values.category_id}
              onChange={text('category_id')}
              aria-invalid={errors.category_id ? true : undefined}
              aria-describedby={errors.category_id ? `${formId}-category-error` : undefined}
              className={cn(errors.category_id && 'border-red-500')}
            >
              <option value="">Choose a category</option>
              {categories.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.name}
                </option>
              ))}
            </Select>
            {errors.category_id && (
              <p id={`${formId}-category-error`} className="-mt-3 text-xs font-medium text-red-700">
                {errors.category_id}
              </p>
            )}
            {categories.length === 0 && (
              <p className="-mt-2 text-xs text-slate-500">No categories yet: add one under Categories first.</p>
            )}
            <Input label="Author" {...bind('author')} placeholder={companyName} maxLength={200} required />
            <div className="grid grid-cols-2 gap-3">
              <Input label="Date" {...bind('date')} type="date" required />
              <Input
                label="Read time (min)"
                {...bind('read_time')}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder={String(computedMinutes)}
              />
            </div>
            <p className="-mt-2 text-xs text-slate-500">
              Left blank, the read time is computed from the content: {formatReadTime(computedMinutes)}.
            </p>
          </FormCard>

          <FormCard title="Featured image">
            <FeaturedImageField
              value={values.image_url}
              onChange={(url) => set('image_url', url)}
              error={errors.image_url}
              disabled={busy}
            />
          </FormCard>

          <FormCard title="Tags">
            <Input
              label="Tags"
              {...bind('tags')}
              hint="Separated by commas; “general” when left blank."
              placeholder="react, performance"
            />
          </FormCard>
        </div>

        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-2">
          <FormCard title="Search engines" description="Left blank, the title and the excerpt are used.">
            <Input
              label="SEO title"
              {...bind('seo_title')}
              placeholder={input.title || 'The post title'}
              maxLength={300}
            />
            <Textarea
              label="SEO description"
              {...bind('seo_description')}
              rows={2}
              placeholder={input.excerpt || 'The excerpt'}
              maxLength={1000}
            />
            <Input label="SEO keywords" {...bind('seo_keywords')} hint="Separated by commas." />
          </FormCard>
        </div>
      </form>

      <EditorActionBar
        cancelTo={listUrl}
        formId={formId}
        busy={busy}
        submitLabel={submitLabel}
        status={versioning.status}
      />
      {guard.dialog}
      {versioning.dialogs}
    </div>
  );
}

function FormCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card padding="none" className="overflow-hidden">
      <section aria-labelledby={id}>
        <div className="border-b border-slate-100 px-5 py-3.5">
          <h3 id={id} className="text-sm font-semibold text-slate-900">
            {title}
          </h3>
          {description && <p className="text-xs text-slate-500">{description}</p>}
        </div>
        <div className="flex flex-col gap-4 px-5 py-5">{children}</div>
      </section>
    </Card>
  );
}
