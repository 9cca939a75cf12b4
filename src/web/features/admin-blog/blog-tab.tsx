import { Mail } from '../../components/icons';
import { FileText, FolderOpen, MessagesSquare } from '../../components/admin/icons';
import { lazy, Suspense, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { CannotEdit, ReadOnlyNote } from '../../components/admin/read-only';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import { blogPath } from './blog-paths';

/** The form carries the rich-text editor (ProseMirror): loaded only when a post is written or edited. */
const PostEditor = lazy(() => import('./post-form').then((module) => ({ default: module.PostEditor })));

const sections = [
  { kind: 'posts', label: 'Posts', icon: FileText },
  { kind: 'categories', label: 'Categories', icon: FolderOpen },
  { kind: 'comments', label: 'Comments', icon: MessagesSquare },
  { kind: 'subscribers', label: 'Subscribers', icon: Mail },
] as const;

/** A section of the Blog tab, as its menu names it: the posts' form pages belong to Posts. */
export type BlogSection = (typeof sections)[number]['kind'];

/** The admin Blog tab around its page: the sections' menu (`current` marked) and the read-only note. */
export function BlogTab({
  current,
  canEdit,
  children,
}: {
  current: BlogSection;
  canEdit: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Blog sections" className="-mb-1 overflow-x-auto border-b border-slate-200">
        <ul className="flex gap-1">
          {sections.map((section) => {
            const Icon = section.icon;
            const active = section.kind === current;
            return (
              <li key={section.kind}>
                <NavLink
                  to={blogPath({ kind: section.kind })}
                  end
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    '-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                    active
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {section.label}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>

      {!canEdit && <ReadOnlyNote>Your role can read the blog but not change it.</ReadOnlyNote>}
      {children}
    </div>
  );
}

/** Blog › new post or edit: the form (keyed by the post, so each starts afresh), or why the role may not. */
export function PostEditorPage({ canEdit, postId }: { canEdit: boolean; postId: number | undefined }) {
  return canEdit ? (
    <Suspense fallback={<EditorLoading />}>
      <PostEditor key={postId ?? 'new'} postId={postId} />
    </Suspense>
  ) : (
    <CannotEdit title="You cannot change blog posts" backTo={blogPath({ kind: 'posts' })} backLabel="Back to posts">
      Your role can read the blog but not write or edit posts. Ask an administrator for editor access.
    </CannotEdit>
  );
}

function EditorLoading() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only">Loading the editor…</span>
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

/** The `handle` of a Blog page's route: the section of the menu it belongs to. */
export interface BlogSectionHandle {
  blogSection: BlogSection;
}
