import { CircleCheck, Star } from '../../components/icons';
import { useLocation } from 'react-router';
import type { ProjectSummary } from '../../../shared/contracts/portfolio';
import { plural } from '../../../shared/errors';
import { BulkActionBar } from '../../components/admin/bulk-action-bar';
import { ConfirmPendingDelete } from '../../components/admin/confirm-delete-dialog';
import { ListHeader } from '../../components/admin/list-header';
import { ListContent } from '../../components/admin/list-states';
import { ListPagination } from '../../components/admin/pagination-footer';
import { SearchField } from '../../components/admin/search-field';
import { RevisionsRowAction } from '../../components/admin/revisions-row-action';
import { SelectableList, TitleLink, type TableColumn } from '../../components/admin/selectable-list';
import { PROJECT_REVISION_FIELDS } from './project-revision-fields';
import { useAdminList } from '../../components/admin/use-admin-list';
import type { NoticeHandover } from '../../components/admin/use-handed-notice';
import { useListActions } from '../../components/admin/use-list-actions';
import { formatLongDate } from '../../components/article/article-format';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { NoticeAlert } from '../../components/notice';
import { projectHref } from '../../components/portfolio/project-format';
import { ProjectVisibilityBadges } from '../../components/portfolio/project-flags';
import { ProjectStatusBadge } from '../../components/portfolio/project-status-badge';
import { Select } from '../../components/select';
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
} from './portfolio-paths';
import { tableTechnologies } from './project-form-values';

type BulkOperation = 'complete' | 'feature' | 'delete';

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
  const { search } = useLocation();
  const list = useAdminList({
    readQuery: readProjectListState,
    writeQuery: writeProjectListState,
    fetchPage: fetchProjects,
    rowsOf: (data) => data.projects,
    loadFailed: PortfolioAdminMessage.LOAD_FAILED,
    updates: 'portfolio',
    name: 'projects',
  });
  const actions = useListActions(list, {
    deleteItem: (project: ProjectSummary) => deleteProject(project.id),
    deleted: PortfolioAdminMessage.DELETED,
    deleteFailed: PortfolioAdminMessage.DELETE_FAILED,
    bulk: async (operation: BulkOperation, ids) => {
      const { data: result } = await bulkProjects(operation, ids);
      const count = result.succeeded.length;
      return {
        text: `${count} ${count === 1 ? 'project' : 'projects'} ${bulkWords[operation]} successfully`,
        succeeded: count,
        failures: result.failed.map((item) => `#${item.id} ${item.message}`),
      };
    },
    bulkFailed: (error) => {
      // Some projects may have changed before the failure: show the list as it now is.
      list.reload();
      return { type: 'error', title: bulkFailureText(error) };
    },
  });
  const { query: state, setQuery: setState } = list;
  const { selectedIds } = list.selection;
  const editTo = (project: ProjectSummary) => portfolioPath({ kind: 'edit', id: project.id }, search);

  return (
    <div className="flex flex-col gap-5">
      <ListHeader
        title="Projects"
        newLabel="New Project"
        newTo={portfolioPath({ kind: 'new' }, search)}
        canEdit={canEdit}
      />

      <NoticeAlert notice={actions.notice} onDismiss={() => actions.setNotice(null)} />

      <Card padding="sm" className="grid gap-3 sm:grid-cols-[1fr_13rem]">
        <SearchField
          label="Search projects"
          placeholder="Search title, client or description"
          value={list.searchInput}
          onChange={list.setSearchInput}
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
        <BulkActionBar count={selectedIds.length} disabled={actions.acting} onDelete={actions.askBulkDelete}>
          <Button size="sm" variant="secondary" disabled={actions.acting} onClick={() => actions.runBulk('complete')}>
            <CircleCheck aria-hidden="true" />
            Mark Complete
          </Button>
          <Button size="sm" variant="secondary" disabled={actions.acting} onClick={() => actions.runBulk('feature')}>
            <Star aria-hidden="true" />
            Feature
          </Button>
        </BulkActionBar>
      )}

      <ListContent list={list} loadingLabel="Loading projects…" emptyText="No projects found">
        <SelectableList
          items={list.rows}
          label="Projects"
          selectAllLabel="Select all projects on this page"
          canEdit={canEdit}
          selection={list.selection}
          rowData={projectRowData}
          columns={projectColumns(editTo, canEdit)}
          body={(project) => <ProjectCardBody project={project} />}
          editTo={editTo}
          viewHref={(project) => (project.published ? projectHref(project) : undefined)}
          onDelete={actions.askDelete}
          disabled={actions.acting}
          extraActions={
            canEdit
              ? undefined
              : (project, labels) => (
                  <RevisionsRowAction
                    item={`/portfolio/projects/${project.id}`}
                    name={project.title}
                    noun="project"
                    fields={PROJECT_REVISION_FIELDS}
                    labels={labels}
                  />
                )
          }
        />
      </ListContent>

      <ListPagination label="Project pages" plural="projects" {...list.paging} />

      <ConfirmPendingDelete
        {...actions.confirm}
        titles={{ one: 'Delete project?', many: 'Delete projects?' }}
        question={deleteProjectsConfirmText}
        consequence={(count) =>
          `${plural(count, 'Its', 'Their')} technologies, gallery, team, testimonials and likes are deleted too. This cannot be undone.`
        }
      />
    </div>
  );
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
      <ProjectVisibilityBadges
        featured={project.featured}
        status={project.publication_status ?? (project.published ? 'published' : 'draft')}
        publishAt={project.publish_at ?? null}
      />
    </span>
  );
}

const projectRowData = (project: ProjectSummary) => ({ 'data-project': project.slug });

function ProjectDate({ project }: { project: ProjectSummary }) {
  return <time dateTime={projectDate(project)}>{formatLongDate(projectDate(project))}</time>;
}

function projectColumns(
  editTo: (project: ProjectSummary) => string,
  canEdit: boolean,
): ReadonlyArray<TableColumn<ProjectSummary>> {
  // Fits its card at every width (about 610 px at its narrowest, 950 px whole with the buttons' words):
  // Technologies from 56rem, Industry from 60rem (till then it leads the line under the title, with the date).
  return [
    {
      header: 'Project',
      cellClassName: 'min-w-44 px-4 py-3',
      cell: (project) => (
        <>
          <TitleLink title={project.title} editTo={editTo(project)} canEdit={canEdit} />
          <span className="mt-0.5 block text-xs text-slate-500">
            <span className="@min-[60rem]:hidden">{project.industry} · </span>
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
      headerClassName: 'hidden @min-[60rem]:table-cell',
      cellClassName: 'hidden px-4 py-3 text-slate-700 @min-[60rem]:table-cell',
      cell: (project) => project.industry,
    },
    { header: 'Status', cellClassName: 'px-4 py-3', cell: (project) => <Flags project={project} /> },
    {
      header: 'Technologies',
      headerClassName: 'hidden @min-[56rem]:table-cell',
      cellClassName: 'hidden px-4 py-3 @min-[56rem]:table-cell',
      cell: (project) => <Technologies project={project} />,
    },
  ];
}

function ProjectCardBody({ project }: { project: ProjectSummary }) {
  return (
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
  );
}
