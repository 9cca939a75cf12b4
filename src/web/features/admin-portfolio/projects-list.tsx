import { CircleCheck, Plus, Star } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { PortfolioListData, ProjectSummary } from '../../../shared/contracts/portfolio';
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
import { formatLongDate } from '../../components/article/article-format';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { projectHref } from '../../components/portfolio/project-format';
import { ProjectStatusBadge } from '../../components/portfolio/project-status-badge';
import { Select } from '../../components/select';
import { cn } from '../../lib/cn';
import { onDataUpdate } from '../../lib/data-update';
import { toast } from '../../lib/notifications';
import {
  PortfolioAdminMessage,
  bulkFailureText,
  bulkProjects,
  deleteProject,
  fetchProjects,
} from './portfolio-admin-api';
import {
  portfolioPath,
  projectListFilters,
  readProjectListState,
  writeProjectListState,
  type ProjectListFilter,
  type ProjectListState,
} from './portfolio-paths';
import { tableTechnologies } from './project-form-values';

type BulkOperation = 'complete' | 'feature' | 'delete';
type Pending = { kind: 'delete'; project: ProjectSummary } | { kind: 'bulk-delete'; ids: number[] };

/** Location state the form leaves behind after a save ("Project created successfully"). */
export type ProjectsListState = NoticeHandover;

export function deleteProjectsConfirmText(count: number): string {
  return count === 1
    ? 'Are you sure you want to delete this project?'
    : `Are you sure you want to delete ${count} projects?`;
}

const bulkWords: Record<BulkOperation, string> = {
  complete: 'marked complete',
  feature: 'featured',
  delete: 'deleted',
};

/** Portfolio › list: search and filter in the URL, selection with bulk actions, table (cards on phones), pages. */
export function ProjectsList({ canEdit }: { canEdit: boolean }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state = readProjectListState(params);
  const stateKey = writeProjectListState(state).toString();

  const [data, setData] = useState<PortfolioListData | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<Notice | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [notice, setNotice] = useHandedNotice();
  const [pending, setPending] = useState<Pending | null>(null);
  const [acting, setActing] = useState(false);

  const projects = data?.projects ?? [];
  const selection = useRowSelection(projects.map((project) => project.id));
  const { keepOnly } = selection;

  const reload = useCallback(() => setReloadKey((key) => key + 1), []);

  const setState = useCallback(
    (change: Partial<ProjectListState>) => {
      const next = { ...readProjectListState(params), page: 1, ...change };
      setParams(writeProjectListState(next), { replace: true, preventScrollReset: true });
    },
    [params, setParams],
  );

  const commitSearch = useCallback((search: string) => setState({ search }), [setState]);
  const [searchInput, setSearchInput] = useDebouncedSearch(state.search, commitSearch);

  useEffect(() => onDataUpdate((detail) => detail.type === 'portfolio' && reload()), [reload]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    fetchProjects(readProjectListState(new URLSearchParams(stateKey)))
      .then((result) => {
        if (cancelled) return;
        setData(result);
        setLoadError(null);
        keepOnly(result.projects.map((project) => project.id));
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(failureNotice(PortfolioAdminMessage.LOAD_FAILED, error));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [stateKey, reloadKey, keepOnly]);

  const pages = Math.max(1, data?.pages ?? 1);

  /** After removing projects, a page left empty steps back one page. */
  function afterRemoval(removed: number) {
    if (state.page > 1 && removed >= projects.length) setState({ ...state, page: state.page - 1 });
    else reload();
  }

  async function runBulk(operation: BulkOperation, ids: number[]) {
    setActing(true);
    try {
      const { data: result } = await bulkProjects(operation, ids);
      const done = `${result.succeeded.length} ${result.succeeded.length === 1 ? 'project' : 'projects'} ${bulkWords[operation]} successfully`;
      const failed = result.failed;
      setNotice(
        failed.length > 0
          ? {
              type: 'warning',
              title: done,
              detail: `${failed.length} could not be changed: ${failed
                .map((item) => `#${item.id} ${item.message}`)
                .join('; ')}`,
            }
          : { type: 'success', title: done },
      );
      toast.success(done);
      selection.clear();
      if (operation === 'delete') afterRemoval(result.succeeded.length);
      else reload();
    } catch (error) {
      setNotice({ type: 'error', title: bulkFailureText(error) });
      reload();
    } finally {
      setActing(false);
      setPending(null);
    }
  }

  async function runDelete(project: ProjectSummary) {
    setActing(true);
    try {
      await deleteProject(project.id);
      setNotice({ type: 'success', title: PortfolioAdminMessage.DELETED });
      toast.success(PortfolioAdminMessage.DELETED);
      selection.remove(project.id);
      afterRemoval(1);
    } catch (error) {
      setNotice(failureNotice(PortfolioAdminMessage.DELETE_FAILED, error));
    } finally {
      setActing(false);
      setPending(null);
    }
  }

  function confirmPending() {
    if (!pending) return;
    if (pending.kind === 'delete') void runDelete(pending.project);
    else void runBulk('delete', pending.ids);
  }

  const { selectedIds } = selection;
  const listProps: ListProps = {
    projects,
    canEdit,
    selection,
    onDelete: (project) => setPending({ kind: 'delete', project }),
    search: location.search,
    disabled: acting,
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Projects</h2>
        {canEdit && (
          <Button to={portfolioPath({ kind: 'new' }, location.search)} size="sm">
            <Plus aria-hidden="true" />
            New Project
          </Button>
        )}
      </div>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <Card padding="sm" className="grid gap-3 sm:grid-cols-[1fr_13rem]">
        <SearchField
          label="Search projects"
          placeholder="Search title, client or description"
          value={searchInput}
          onChange={setSearchInput}
        />
        <Select
          label="Show"
          hideLabel
          value={state.filter}
          onChange={(event) => setState({ filter: event.target.value as ProjectListFilter })}
        >
          {projectListFilters.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </Select>
      </Card>

      {canEdit && selectedIds.length > 0 && (
        <BulkActionBar
          count={selectedIds.length}
          disabled={acting}
          onDelete={() => setPending({ kind: 'bulk-delete', ids: selectedIds })}
        >
          <Button size="sm" variant="secondary" disabled={acting} onClick={() => void runBulk('complete', selectedIds)}>
            <CircleCheck aria-hidden="true" />
            Mark Complete
          </Button>
          <Button size="sm" variant="secondary" disabled={acting} onClick={() => void runBulk('feature', selectedIds)}>
            <Star aria-hidden="true" />
            Feature
          </Button>
        </BulkActionBar>
      )}

      {loadError ? (
        <ListLoadError title={loadError.title} onRetry={reload}>
          {loadError.detail}
        </ListLoadError>
      ) : !data ? (
        <ListSkeleton label="Loading projects…" rows={5} rowClassName="h-16 rounded-xl" />
      ) : projects.length === 0 ? (
        <EmptyList>No projects found</EmptyList>
      ) : (
        <div aria-busy={loading} className={cn('transition-opacity', loading && 'opacity-60')}>
          <ProjectsTable {...listProps} />
          <ProjectCards {...listProps} />
        </div>
      )}

      {data && data.total > 0 && (
        <PaginationFooter
          label="Project pages"
          page={state.page}
          pages={pages}
          loading={loading}
          onPage={(page) => setState({ ...state, page })}
        >
          {pageSummary(state.page, pages, data.total, 'projects')}
        </PaginationFooter>
      )}

      <ConfirmDeleteDialog
        open={pending !== null}
        title={pending?.kind === 'bulk-delete' ? 'Delete projects?' : 'Delete project?'}
        busy={acting}
        onCancel={() => setPending(null)}
        onConfirm={confirmPending}
      >
        {pending && (
          <>
            <p>{deleteProjectsConfirmText(pending.kind === 'delete' ? 1 : pending.ids.length)}</p>
            {pending.kind === 'delete' && (
              <p className="mt-1 font-medium break-words text-slate-800">“{pending.project.title}”</p>
            )}
            <p className="mt-2">
              Their technologies, gallery, team, testimonials and likes are deleted too. This cannot be undone.
            </p>
          </>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}

interface ListProps {
  projects: ProjectSummary[];
  canEdit: boolean;
  selection: ListSelection;
  onDelete: (project: ProjectSummary) => void;
  search: string;
  disabled: boolean;
}

/** The date a project is listed under: its completion date, else when it was added. */
function projectDate(project: ProjectSummary): string {
  return project.completion_date ?? project.created_at.slice(0, 10);
}

function Technologies({ project }: { project: ProjectSummary }) {
  const { shown, more } = tableTechnologies(project.technologies);
  if (shown.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <ul className="flex flex-wrap items-center gap-1" aria-label={`Technologies: ${project.technologies.join(', ')}`}>
      {shown.map((tech) => (
        <li
          key={tech.name}
          title={tech.name}
          className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-slate-700"
        >
          {tech.label}
          {tech.cut && <span aria-hidden="true">…</span>}
        </li>
      ))}
      {more > 0 && <li className="rounded-md bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700">+{more}</li>}
    </ul>
  );
}

function Flags({ project }: { project: ProjectSummary }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <ProjectStatusBadge status={project.status} className="whitespace-nowrap shadow-none" />
      {project.featured && (
        <Badge tone="brand">
          <Star className="size-3 fill-current" aria-hidden="true" />
          Featured
        </Badge>
      )}
      <Badge tone={project.published ? 'success' : 'warning'}>{project.published ? 'Published' : 'Draft'}</Badge>
    </span>
  );
}

function ProjectRowActions({
  project,
  canEdit,
  onDelete,
  search,
  disabled,
  wideLabels,
}: Omit<ListProps, 'projects' | 'selection'> & { project: ProjectSummary; wideLabels?: boolean }) {
  return (
    <RowActions
      name={project.title}
      viewHref={project.published ? projectHref(project) : undefined}
      editTo={portfolioPath({ kind: 'edit', id: project.id }, search)}
      canEdit={canEdit}
      disabled={disabled}
      onDelete={() => onDelete(project)}
      wideLabels={wideLabels}
    />
  );
}

const projectRowData = (project: ProjectSummary) => ({ 'data-project': project.slug });

function ProjectDate({ project }: { project: ProjectSummary }) {
  return <time dateTime={projectDate(project)}>{formatLongDate(projectDate(project))}</time>;
}

function ProjectsTable(props: ListProps) {
  const { projects, canEdit, selection, search } = props;
  const columns: ReadonlyArray<TableColumn<ProjectSummary>> = [
    {
      header: 'Project',
      cellClassName: 'min-w-44 px-4 py-3',
      cell: (project) => (
        <>
          <TitleLink
            title={project.title}
            editTo={portfolioPath({ kind: 'edit', id: project.id }, search)}
            canEdit={canEdit}
          />
          <span className="mt-0.5 block text-xs text-slate-500 2xl:hidden">
            <span className="lg:hidden">{project.industry} · </span>
            <ProjectDate project={project} />
          </span>
        </>
      ),
    },
    {
      header: 'Client',
      cellClassName: 'px-4 py-3 text-slate-700',
      cell: (project) => <span className="line-clamp-2">{project.client}</span>,
    },
    {
      header: 'Industry',
      headerClassName: 'hidden lg:table-cell',
      cellClassName: 'hidden px-4 py-3 whitespace-nowrap text-slate-700 lg:table-cell',
      cell: (project) => project.industry,
    },
    { header: 'Status', cellClassName: 'px-4 py-3', cell: (project) => <Flags project={project} /> },
    { header: 'Technologies', cellClassName: 'px-4 py-3', cell: (project) => <Technologies project={project} /> },
    {
      header: 'Date',
      headerClassName: 'hidden 2xl:table-cell',
      cellClassName: 'hidden px-4 py-3 whitespace-nowrap text-slate-600 2xl:table-cell',
      cell: (project) => <ProjectDate project={project} />,
    },
    {
      header: 'Actions',
      headerClassName: 'text-right',
      cellClassName: 'px-2 py-2',
      cell: (project) => <ProjectRowActions {...props} project={project} wideLabels />,
    },
  ];
  return (
    <SelectableTable
      items={projects}
      label="Projects"
      selectAllLabel="Select all projects on this page"
      canEdit={canEdit}
      selection={selection}
      rowData={projectRowData}
      columns={columns}
    />
  );
}

function ProjectCards(props: ListProps) {
  return (
    <SelectableCards
      items={props.projects}
      label="Projects"
      selectAllLabel="Select all projects on this page"
      canEdit={props.canEdit}
      selection={props.selection}
      rowData={projectRowData}
      body={(project) => (
        <>
          <p className="font-semibold break-words text-slate-900">{project.title}</p>
          <p className="mt-0.5 text-sm break-words text-slate-600">
            {project.client} · {project.industry}
          </p>
          <div className="mt-2">
            <Flags project={project} />
          </div>
          <div className="mt-2">
            <Technologies project={project} />
          </div>
          <p className="mt-2 text-xs text-slate-500">
            <ProjectDate project={project} />
          </p>
        </>
      )}
      actions={(project) => <ProjectRowActions {...props} project={project} />}
    />
  );
}
