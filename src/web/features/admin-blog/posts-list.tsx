import { useQuery } from '@tanstack/react-query';
import { PublicationBadge } from '../../components/publication-badge';
import { RevisionsRowAction } from '../../components/admin/revisions-row-action';
import { POST_REVISION_FIELDS } from './post-revision-fields';
import { SendToSubscribersAction, SendToSubscribersDialog } from './send-to-subscribers';
import { Send, Star } from '../../components/icons';
import { EyeOff } from '../../components/admin/icons';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { type BlogCategory } from '../../../shared/contracts/blog';
import { BlogAdminMessage, blogBulkMessage, type BlogAdminPostSummary } from '../../../shared/contracts/blog-admin';
import { plural } from '../../../shared/errors';
import { BulkActionBar } from '../../components/admin/bulk-action-bar';
import { ConfirmPendingDelete } from '../../components/admin/confirm-delete-dialog';
import { ListHeader } from '../../components/admin/list-header';
import { ListContent } from '../../components/admin/list-states';
import { ListPagination } from '../../components/admin/pagination-footer';
import { SearchField } from '../../components/admin/search-field';
import { SelectableList, TitleLink, type TableColumn } from '../../components/admin/selectable-list';
import { useAdminList } from '../../components/admin/use-admin-list';
import type { NoticeHandover } from '../../components/admin/use-handed-notice';
import { useListActions } from '../../components/admin/use-list-actions';
import { formatCount, formatLongDate } from '../../components/article/article-format';
import { CategoryBadge } from '../../components/article/category-badge';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { failureNotice, NoticeAlert } from '../../components/notice';
import { Select } from '../../components/select';
import { bulkAction, deletePost, fetchCategories, fetchPosts } from './blog-admin-api';
import { blogPath, readListFilters, writeListFilters, type PostListFilters } from './blog-paths';

/** Location state the form leaves behind after a save ("Blog post created successfully"). */
export type PostsListState = NoticeHandover;

export function deleteConfirmText(count: number): string {
  return count === 1
    ? 'Are you sure you want to delete this blog post?'
    : `Are you sure you want to delete ${count} blog posts?`;
}

/** Blog › Posts: filters in the URL, selection with bulk actions, table (cards on phones), pages. */
export function PostsList({ canEdit }: { canEdit: boolean }) {
  const { search } = useLocation();
  const list = useAdminList({
    readQuery: readListFilters,
    writeQuery: writeListFilters,
    fetchPage: fetchPosts,
    rowsOf: (data) => data.posts,
    loadFailed: BlogAdminMessage.LOAD_FAILED,
    updates: 'blog',
    name: 'posts',
  });
  const actions = useListActions(list, {
    deleteItem: (post: BlogAdminPostSummary) => deletePost(post.id),
    deleted: BlogAdminMessage.POST_DELETED,
    deleteFailed: BlogAdminMessage.DELETE_FAILED,
    bulk: async (operation: 'publish' | 'unpublish' | 'delete', ids) => {
      const { data: result } = await bulkAction(operation, ids);
      return {
        text: blogBulkMessage(result.succeeded, operation),
        succeeded: result.succeeded,
        failures: result.failed.map((item) => item.message),
      };
    },
    bulkFailed: (error) => failureNotice(BlogAdminMessage.BULK_FAILED, error),
  });
  const { query: filters, setQuery: setFilters } = list;
  const { selectedIds } = list.selection;
  // The filter's options; without them it offers "All categories" only, the list reports failures itself.
  const categories: BlogCategory[] =
    useQuery({ queryKey: ['blog', 'categories'], queryFn: fetchCategories }).data ?? [];
  const [sendPost, setSendPost] = useState<BlogAdminPostSummary | null>(null);

  const editTo = (post: BlogAdminPostSummary) => blogPath({ kind: 'edit', id: post.id }, search);

  return (
    <div className="flex flex-col gap-5">
      <ListHeader
        title="Blog Posts"
        newLabel="New Blog Post"
        newTo={blogPath({ kind: 'new' }, search)}
        canEdit={canEdit}
      />

      <NoticeAlert notice={actions.notice} onDismiss={() => actions.setNotice(null)} />

      <Card padding="sm" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_10rem_11rem]">
        <SearchField
          label="Search posts"
          placeholder="Search title, excerpt or content"
          value={list.searchInput}
          onChange={list.setSearchInput}
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
        <BulkActionBar count={selectedIds.length} disabled={actions.acting} onDelete={actions.askBulkDelete}>
          <Button size="sm" variant="secondary" disabled={actions.acting} onClick={() => actions.runBulk('publish')}>
            <Send aria-hidden="true" />
            Publish
          </Button>
          <Button size="sm" variant="secondary" disabled={actions.acting} onClick={() => actions.runBulk('unpublish')}>
            <EyeOff aria-hidden="true" />
            Unpublish
          </Button>
        </BulkActionBar>
      )}

      <ListContent list={list} loadingLabel="Loading blog posts…" emptyText="No blog posts found">
        <SelectableList
          items={list.rows}
          label="Blog posts"
          selectAllLabel="Select all posts on this page"
          canEdit={canEdit}
          selection={list.selection}
          rowData={postRowData}
          columns={postColumns(editTo, canEdit)}
          body={(post) => <PostCardBody post={post} />}
          editTo={editTo}
          viewHref={(post) => (post.published ? `/blog/${post.slug}` : undefined)}
          onDelete={actions.askDelete}
          disabled={actions.acting}
          tooltips
          extraActions={
            canEdit
              ? (post, labels) =>
                  post.published ? (
                    <SendToSubscribersAction post={post} labels={labels} onOpen={() => setSendPost(post)} />
                  ) : undefined
              : (post, labels) => (
                  <RevisionsRowAction
                    item={`/blog/posts/${post.id}`}
                    name={post.title}
                    noun="post"
                    fields={POST_REVISION_FIELDS}
                    labels={labels}
                  />
                )
          }
        />
      </ListContent>

      <ListPagination label="Blog post pages" plural="posts" {...list.paging} />

      {sendPost && <SendToSubscribersDialog post={sendPost} onClose={() => setSendPost(null)} />}

      <ConfirmPendingDelete
        {...actions.confirm}
        titles={{ one: 'Delete blog post?', many: 'Delete blog posts?' }}
        question={deleteConfirmText}
        consequence={(count) =>
          `${plural(count, 'Its', 'Their')} comments, likes and views are deleted too. This cannot be undone.`
        }
      />
    </div>
  );
}

function StatusBadges({ post }: { post: BlogAdminPostSummary }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <PublicationBadge status={post.status} publishAt={post.publish_at} />
      {post.featured && (
        <Badge tone="brand">
          <Star className="size-3 fill-current" aria-hidden="true" />
          Featured
        </Badge>
      )}
    </span>
  );
}

const postRowData = (post: BlogAdminPostSummary) => ({ 'data-post': post.slug });

function postColumns(
  editTo: (post: BlogAdminPostSummary) => string,
  canEdit: boolean,
): ReadonlyArray<TableColumn<BlogAdminPostSummary>> {
  // Fits its card at every width (about 660 px at its narrowest, 975 px whole with the buttons' words): Category
  // from 56rem (till then its name follows the author), Views from 60rem.
  return [
    {
      header: 'Title',
      cellClassName: 'min-w-48 px-4 py-3',
      cell: (post) => (
        <>
          <TitleLink title={post.title} editTo={editTo(post)} canEdit={canEdit} />
          <span className="mt-0.5 line-clamp-2 text-xs break-words text-slate-500">
            {post.author}
            {post.category && <span className="@min-[56rem]:hidden"> · {post.category.name}</span>}
          </span>
        </>
      ),
    },
    {
      header: 'Category',
      headerClassName: 'hidden @min-[56rem]:table-cell',
      cellClassName: 'hidden px-4 py-3 whitespace-nowrap @min-[56rem]:table-cell',
      cell: (post) => <CategoryBadge name={post.category?.name} color={post.category?.color} />,
    },
    { header: 'Status', cellClassName: 'px-4 py-3', cell: (post) => <StatusBadges post={post} /> },
    {
      header: 'Views',
      headerClassName: 'hidden text-right @min-[60rem]:table-cell',
      cellClassName: 'hidden px-4 py-3 text-right tabular-nums @min-[60rem]:table-cell',
      cell: (post) => formatCount(post.views),
    },
    {
      header: 'Date',
      cellClassName: 'px-4 py-3 whitespace-nowrap text-slate-600',
      cell: (post) => <time dateTime={post.date}>{formatLongDate(post.date)}</time>,
    },
  ];
}

function PostCardBody({ post }: { post: BlogAdminPostSummary }) {
  return (
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
  );
}
