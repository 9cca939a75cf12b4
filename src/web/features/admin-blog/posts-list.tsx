import { EyeOff, Plus, Send, Star } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  BlogAdminMessage,
  blogBulkMessage,
  type BlogAdminListData,
  type BlogAdminPostSummary,
  type BlogCategory,
} from '../../../shared/contracts/blog';
import { BulkActionBar } from '../../components/admin/bulk-action-bar';
import { ConfirmDeleteDialog } from '../../components/admin/confirm-delete-dialog';
import { EmptyList, ListLoadError, ListSkeleton } from '../../components/admin/list-states';
import { pageSummary, PaginationFooter } from '../../components/admin/pagination-footer';
import { RowActions } from '../../components/admin/row-actions';
import {
  SelectableCards,
  SelectableTable,
  TitleLink,
  type ListSelection,
  type TableColumn,
} from '../../components/admin/selectable-list';
import { SearchField } from '../../components/admin/search-field';
import { useDebouncedSearch } from '../../components/admin/use-debounced-search';
import { useHandedNotice, type NoticeHandover } from '../../components/admin/use-handed-notice';
import { useRowSelection } from '../../components/admin/use-row-selection';
import { formatCount, formatLongDate } from '../../components/article/article-format';
import { CategoryBadge } from '../../components/article/category-badge';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { Select } from '../../components/select';
import { cn } from '../../lib/cn';
import { onDataUpdate } from '../../lib/data-update';
import { toast } from '../../lib/notifications';
import { bulkAction, deletePost, fetchCategories, fetchPosts } from './blog-admin-api';
import { blogPath, readListFilters, writeListFilters, type PostListFilters } from './blog-paths';

type Pending = { kind: 'delete'; post: BlogAdminPostSummary } | { kind: 'bulk-delete'; ids: number[] };

/** Location state the form leaves behind after a save ("Blog post created successfully"). */
export type PostsListState = NoticeHandover;

export function deleteConfirmText(count: number): string {
  return count === 1
    ? 'Are you sure you want to delete this blog post?'
    : `Are you sure you want to delete ${count} blog posts?`;
}

/** Blog › Posts: filters in the URL, selection with bulk actions, table (cards on phones), pages. */
export function PostsList({ canEdit }: { canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = readListFilters(params);
  const filtersKey = writeListFilters(filters).toString();

  const [data, setData] = useState<BlogAdminListData | null>(null);
  const [categories, setCategories] = useState<BlogCategory[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<Notice | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [notice, setNotice] = useHandedNotice();
  const [pending, setPending] = useState<Pending | null>(null);
  const [acting, setActing] = useState(false);

  const posts = data?.posts ?? [];
  const selection = useRowSelection(posts.map((post) => post.id));
  const { keepOnly } = selection;

  const reload = useCallback(() => setReloadKey((key) => key + 1), []);

  const setFilters = useCallback(
    (change: Partial<PostListFilters>) => {
      const next = { ...readListFilters(params), page: 1, ...change };
      setParams(writeListFilters(next), { replace: true, preventScrollReset: true });
    },
    [params, setParams],
  );

  const commitSearch = useCallback((search: string) => setFilters({ search }), [setFilters]);
  const [searchInput, setSearchInput] = useDebouncedSearch(filters.search, commitSearch);

  useEffect(() => onDataUpdate((detail) => detail.type === 'blog' && reload()), [reload]);

  useEffect(() => {
    let cancelled = false;
    fetchCategories()
      .then((list) => !cancelled && setCategories(list))
      .catch(() => {
        // The filter then offers "All categories" only; the list itself reports failures.
      });
    return () => {
      cancelled = true;
    };
  }, [reloadKey]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    fetchPosts(readListFilters(new URLSearchParams(filtersKey)))
      .then((result) => {
        if (cancelled) return;
        setData(result);
        setLoadError(null);
        keepOnly(result.posts.map((post) => post.id));
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(failureNotice(BlogAdminMessage.LOAD_FAILED, error));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [filtersKey, reloadKey, keepOnly]);

  const pages = Math.max(1, data?.pages ?? 1);

  /** After removing posts, a page left empty steps back one page. */
  function afterRemoval(removed: number) {
    if (filters.page > 1 && removed >= posts.length) setFilters({ ...filters, page: filters.page - 1 });
    else reload();
  }

  async function runBulk(operation: 'publish' | 'unpublish' | 'delete', ids: number[]) {
    setActing(true);
    try {
      const { data: result } = await bulkAction(operation, ids);
      const text = blogBulkMessage(result.succeeded, operation);
      const failed = result.failed.length;
      setNotice(
        failed > 0
          ? {
              type: 'warning',
              title: text,
              detail: `${failed} could not be changed: ${result.failed.map((item) => item.message).join('; ')}`,
            }
          : { type: 'success', title: text },
      );
      toast.success(text);
      selection.clear();
      if (operation === 'delete') afterRemoval(result.succeeded);
      else reload();
    } catch (error) {
      setNotice(failureNotice(BlogAdminMessage.BULK_FAILED, error));
    } finally {
      setActing(false);
      setPending(null);
    }
  }

  async function runDelete(post: BlogAdminPostSummary) {
    setActing(true);
    try {
      await deletePost(post.id);
      setNotice({ type: 'success', title: BlogAdminMessage.POST_DELETED });
      toast.success(BlogAdminMessage.POST_DELETED);
      selection.remove(post.id);
      afterRemoval(1);
    } catch (error) {
      setNotice(failureNotice(BlogAdminMessage.DELETE_FAILED, error));
    } finally {
      setActing(false);
      setPending(null);
    }
  }

  function confirmPending() {
    if (!pending) return;
    if (pending.kind === 'delete') void runDelete(pending.post);
    else void runBulk('delete', pending.ids);
  }

  const { selectedIds } = selection;
  const search = location.search;
  const listProps: ListProps = {
    posts,
    canEdit,
    selection,
    onDelete: (post) => setPending({ kind: 'delete', post }),
    search,
    disabled: acting,
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Blog Posts</h2>
        {canEdit && (
          <Button to={blogPath({ kind: 'new' }, search)} size="sm">
            <Plus aria-hidden="true" />
            New Blog Post
          </Button>
        )}
      </div>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <Card padding="sm" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_10rem_11rem]">
        <SearchField
          label="Search posts"
          placeholder="Search title, excerpt or content"
          value={searchInput}
          onChange={setSearchInput}
          className="sm:col-span-2 lg:col-span-1"
        />
        <Select
          label="Category"
          hideLabel
          value={filters.category}
          onChange={(event) => setFilters({ category: event.target.value })}
        >
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </Select>
        <Select
          label="Status"
          hideLabel
          value={filters.status}
          onChange={(event) => setFilters({ status: event.target.value as PostListFilters['status'] })}
        >
          <option value="">All statuses</option>
          <option value="published">Published</option>
          <option value="draft">Draft</option>
        </Select>
        <Select
          label="Featured"
          hideLabel
          value={filters.featured}
          onChange={(event) => setFilters({ featured: event.target.value as PostListFilters['featured'] })}
        >
          <option value="">Featured and not</option>
          <option value="featured">Featured</option>
          <option value="not-featured">Not Featured</option>
        </Select>
      </Card>

      {canEdit && selectedIds.length > 0 && (
        <BulkActionBar
          count={selectedIds.length}
          disabled={acting}
          onDelete={() => setPending({ kind: 'bulk-delete', ids: selectedIds })}
        >
          <Button size="sm" variant="secondary" disabled={acting} onClick={() => void runBulk('publish', selectedIds)}>
            <Send aria-hidden="true" />
            Publish
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={acting}
            onClick={() => void runBulk('unpublish', selectedIds)}
          >
            <EyeOff aria-hidden="true" />
            Unpublish
          </Button>
        </BulkActionBar>
      )}

      {loadError ? (
        <ListLoadError title={loadError.title} onRetry={reload}>
          {loadError.detail}
        </ListLoadError>
      ) : !data ? (
        <ListSkeleton label="Loading blog posts…" rows={5} rowClassName="h-16 rounded-xl" />
      ) : posts.length === 0 ? (
        <EmptyList>No blog posts found</EmptyList>
      ) : (
        <div aria-busy={loading} className={cn('transition-opacity', loading && 'opacity-60')}>
          <PostsTable {...listProps} />
          <PostCards {...listProps} />
        </div>
      )}

      {data && data.total > 0 && (
        <PaginationFooter
          label="Blog post pages"
          page={filters.page}
          pages={pages}
          loading={loading}
          onPage={(page) => setFilters({ ...filters, page })}
        >
          {pageSummary(filters.page, pages, data.total, 'posts')}
        </PaginationFooter>
      )}

      <ConfirmDeleteDialog
        open={pending !== null}
        title={pending?.kind === 'bulk-delete' ? 'Delete blog posts?' : 'Delete blog post?'}
        busy={acting}
        onCancel={() => setPending(null)}
        onConfirm={confirmPending}
      >
        {pending && (
          <>
            <p>{deleteConfirmText(pending.kind === 'delete' ? 1 : pending.ids.length)}</p>
            {pending.kind === 'delete' && <p className="mt-1 font-medium text-slate-800">“{pending.post.title}”</p>}
            <p className="mt-2">Their comments, likes and views are deleted too. This cannot be undone.</p>
          </>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}

interface ListProps {
  posts: BlogAdminPostSummary[];
  canEdit: boolean;
  selection: ListSelection;
  onDelete: (post: BlogAdminPostSummary) => void;
  search: string;
  disabled: boolean;
}

function StatusBadges({ post }: { post: BlogAdminPostSummary }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge tone={post.published ? 'success' : 'warning'}>{post.published ? 'Published' : 'Draft'}</Badge>
      {post.featured && (
        <Badge tone="brand">
          <Star className="size-3 fill-current" aria-hidden="true" />
          Featured
        </Badge>
      )}
    </span>
  );
}

function PostRowActions({
  post,
  canEdit,
  onDelete,
  search,
  disabled,
  wideLabels,
}: Omit<ListProps, 'posts' | 'selection'> & { post: BlogAdminPostSummary; wideLabels?: boolean }) {
  return (
    <RowActions
      name={post.title}
      viewHref={post.published ? `/blog/${post.slug}` : undefined}
      editTo={blogPath({ kind: 'edit', id: post.id }, search)}
      canEdit={canEdit}
      disabled={disabled}
      onDelete={() => onDelete(post)}
      wideLabels={wideLabels}
      tooltips
    />
  );
}

const postRowData = (post: BlogAdminPostSummary) => ({ 'data-post': post.slug });

function PostsTable(props: ListProps) {
  const { posts, canEdit, selection, search } = props;
  const columns: ReadonlyArray<TableColumn<BlogAdminPostSummary>> = [
    {
      header: 'Title',
      cellClassName: 'min-w-56 px-4 py-3',
      cell: (post) => (
        <>
          <TitleLink title={post.title} editTo={blogPath({ kind: 'edit', id: post.id }, search)} canEdit={canEdit} />
          <span className="mt-0.5 block truncate text-xs text-slate-500">{post.author}</span>
        </>
      ),
    },
    {
      header: 'Category',
      cellClassName: 'px-4 py-3 whitespace-nowrap',
      cell: (post) => <CategoryBadge name={post.category?.name} color={post.category?.color} />,
    },
    { header: 'Status', cellClassName: 'px-4 py-3', cell: (post) => <StatusBadges post={post} /> },
    {
      header: 'Views',
      headerClassName: 'text-right',
      cellClassName: 'px-4 py-3 text-right tabular-nums',
      cell: (post) => formatCount(post.views),
    },
    {
      header: 'Date',
      cellClassName: 'px-4 py-3 whitespace-nowrap text-slate-600',
      cell: (post) => <time dateTime={post.date}>{formatLongDate(post.date)}</time>,
    },
    {
      header: 'Actions',
      headerClassName: 'text-right',
      cellClassName: 'px-2 py-2',
      cell: (post) => <PostRowActions {...props} post={post} wideLabels />,
    },
  ];
  return (
    <SelectableTable
      items={posts}
      label="Blog posts"
      selectAllLabel="Select all posts on this page"
      canEdit={canEdit}
      selection={selection}
      rowData={postRowData}
      columns={columns}
    />
  );
}

function PostCards(props: ListProps) {
  return (
    <SelectableCards
      items={props.posts}
      label="Blog posts"
      selectAllLabel="Select all posts on this page"
      canEdit={props.canEdit}
      selection={props.selection}
      rowData={postRowData}
      body={(post) => (
        <>
          <p className="font-semibold break-words text-slate-900">{post.title}</p>
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            <CategoryBadge name={post.category?.name} color={post.category?.color} />
            <StatusBadges post={post} />
          </div>
          <p className="mt-2 text-xs text-slate-500">
            <time dateTime={post.date}>{formatLongDate(post.date)}</time> · {formatCount(post.views)}{' '}
            {post.views === 1 ? 'view' : 'views'} · {post.author}
          </p>
        </>
      )}
      actions={(post) => <PostRowActions {...props} post={post} />}
    />
  );
}
