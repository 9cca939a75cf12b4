import { FileText, Image, MessageSquareQuote } from '../../components/admin/icons';
import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ProjectDetail } from '../../../shared/contracts/portfolio';
import { EditorActionBar, EditorHeader } from '../../components/admin/editor-frame';
import { useEditorVersioning } from '../../components/admin/editor-versioning';
import { LoadedEditor } from '../../components/admin/loaded-editor';
import { draftValues } from '../../components/admin/use-autosave';
import { useFieldsNotice } from '../../components/admin/use-fields-notice';
import { Card } from '../../components/card';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { Skeleton } from '../../components/skeleton';
import { useUnsavedGuard } from '../../components/use-unsaved-guard';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useRootData } from '../../lib/root-data';
import { fromSiteLocal, publishAtOfField } from '../../lib/site-time';
import { DetailsSection } from './details-section';
import { MediaSection } from './media-section';
import { PortfolioAdminMessage, createProject, fetchProject, updateProject } from './portfolio-admin-api';
import { portfolioPath } from './portfolio-paths';
import {
  newProjectValues,
  newTeamMember,
  newTestimonial,
  projectProblems,
  projectToValues,
  tabOfField,
  valuesToInput,
  type ProjectFormTab,
  type ProjectFormValues,
  type TeamMemberValues,
  type TestimonialValues,
} from './project-form-values';
import { ProjectPreview } from './project-preview';
import { PROJECT_REVISION_FIELDS } from './project-revision-fields';
import type { ProjectsListState } from './projects-list';
import { TestimonialsSection } from './testimonials-section';

/** Portfolio › New Project and Edit: loads the project (when editing), then shows the form. */
export function ProjectEditor({ projectId }: { projectId?: number }) {
  const location = useLocation();
  const listUrl = portfolioPath({ kind: 'list' }, location.search);
  return (
    <LoadedEditor
      kind="project"
      id={projectId}
      fetchItem={fetchProject}
      titles={{ notFound: PortfolioAdminMessage.NOT_FOUND, failed: PortfolioAdminMessage.LOAD_ONE_FAILED }}
      listUrl={listUrl}
      backLabel="Back to projects"
      skeleton={<FormSkeleton />}
      form={({ item, draft, onReload }) => (
        <ProjectForm project={item} listUrl={listUrl} draft={draft} onReload={onReload} />
      )}
    />
  );
}

function FormSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only">Loading the project form…</span>
      <Skeleton className="h-10 w-72" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

const tabs: ReadonlyArray<{ id: ProjectFormTab; label: string; icon: typeof FileText }> = [
  { id: 'details', label: 'Details', icon: FileText },
  { id: 'media', label: 'Media', icon: Image },
  { id: 'testimonials', label: 'Testimonials', icon: MessageSquareQuote },
];

type Errors = Record<string, string>;

/** "team.0.name" for a problem of the first team member's name. */
const errorKey = (field: string, path: string) => (path ? `${field}.${path}` : field);

function withPrefix(errors: Errors, prefix: string): Errors {
  const out: Errors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(`${prefix}.`)) out[key.slice(prefix.length + 1)] = message;
  }
  return out;
}

interface ProjectFormProps {
  project: ProjectDetail | null;
  listUrl: string;
  /** A kept draft the form starts from instead of the saved project. */
  draft?: Record<string, unknown>;
  /** Loads the project again (after a restore, or to take another editor's version). */
  onReload: () => void;
}

function ProjectForm({ project, listUrl, draft, onReload }: ProjectFormProps) {
  const siteTimeZone = useRootData()?.siteTimeZone ?? 'UTC';
  const initial = useMemo(
    () => (project ? projectToValues(project, siteTimeZone) : newProjectValues()),
    [project, siteTimeZone],
  );
  const [values, setValues] = useState<ProjectFormValues>(() => (draft ? draftValues(initial, draft) : initial));
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  useFieldsNotice(errors, notice, () => setNotice(null));
  const [mediaNotice, setMediaNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [tab, setTab] = useState<ProjectFormTab>('details');
  const navigate = useNavigate();
  const formId = useId();
  const tabIds = useId();
  const tabRefs = useRef<Record<ProjectFormTab, HTMLButtonElement | null>>({
    details: null,
    media: null,
    testimonials: null,
  });

  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(initial), [values, initial]);
  const guard = useUnsavedGuard(
    dirty && !busy,
    'This project has changes that are not saved. If you leave now, they are lost. Image uploads and deletions are already done and stay as they are.',
  );
  const input = useMemo(() => valuesToInput(values), [values]);
  const editing = project !== null;
  const versioning = useEditorVersioning({
    kind: 'project',
    noun: 'project',
    item: project && { id: project.id, version: project.version ?? 1 },
    apiPath: project && `/portfolio/projects/${project.id}`,
    fields: PROJECT_REVISION_FIELDS,
    values: { ...values },
    dirty,
    busy,
    onReload,
    onOverwrite: () => {
      if (!project) return;
      fetchProject(project.id)
        .then((newest) => save(newest.version))
        .catch((error: unknown) => setNotice(failureNotice(PortfolioAdminMessage.UPDATE_FAILED, error)));
    },
  });

  function set<F extends keyof ProjectFormValues>(field: F, value: ProjectFormValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: '' }));
  }

  function showErrors(next: Errors, first: { field: string; path: string } | undefined) {
    setErrors(next);
    setPreviewing(false);
    if (!first) return;
    const target = tabOfField(first.field);
    setTab(target);
    // After the tab is visible: focus the first field in error.
    requestAnimationFrame(() => {
      const name = errorKey(first.field, first.path);
      const element =
        document.querySelector<HTMLElement>(`[name="${name}"]`) ??
        document.querySelector<HTMLElement>(`[name="${first.field}"]`) ??
        (first.field === 'gallery' ? document.querySelector<HTMLElement>('[data-gallery-dropzone]') : null);
      element?.focus();
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problems = projectProblems(values, siteTimeZone);
    if (problems.length > 0) {
      const next: Errors = {};
      for (const problem of problems) {
        const key = errorKey(problem.field, problem.path);
        if (!next[key]) next[key] = problem.message;
      }
      const first = problems[0];
      setNotice({ type: 'error', title: first?.message ?? PortfolioAdminMessage.SAVE_FAILED });
      showErrors(next, first);
      return;
    }
    setErrors({});
    setNotice(null);
    await save(project?.version);
  }

  /** Saves the form as made from `version`: the one loaded, or the newest to overwrite another's save. */
  async function save(version: number | undefined) {
    setBusy(true);
    try {
      const schedule = publishAtOfField(values.publish_at, siteTimeZone);
      const body = { ...input, publish_at: 'error' in schedule ? null : schedule.publish_at };
      const saved = editing ? await updateProject(project.id, { ...body, version }) : await createProject(body);
      await versioning.clearDraft();
      const title = saved.message || (editing ? PortfolioAdminMessage.UPDATED : PortfolioAdminMessage.CREATED);
      guard.allowNextNavigation();
      void navigate(listUrl, { state: { notice: { type: 'success', title } } satisfies ProjectsListState });
    } catch (error) {
      setBusy(false);
      if (versioning.conflicted(error)) return;
      const next: Errors = {};
      let first: { field: string; path: string } | undefined;
      if (isApiError(error)) {
        for (const item of error.errors) {
          const [field = '', ...rest] = item.field.split('.');
          if (!field) continue;
          const key = errorKey(field, rest.join('.'));
          if (!next[key]) next[key] = item.message;
          first ??= { field, path: rest.join('.') };
        }
      }
      if (first) showErrors(next, first);
      setNotice(
        failureNotice(editing ? PortfolioAdminMessage.UPDATE_FAILED : PortfolioAdminMessage.SAVE_FAILED, error),
      );
    }
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    let next: number | null = step === 0 ? null : (index + step + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const id = tabs[next]!.id;
    setTab(id);
    tabRefs.current[id]?.focus();
  }

  const changeTeam = (key: string, change: Partial<TeamMemberValues>) =>
    setValues((current) => ({ ...current, team: current.team.map((m) => (m.key === key ? { ...m, ...change } : m)) }));
  const changeTestimonial = (id: number, change: Partial<TestimonialValues>) =>
    setValues((current) => ({
      ...current,
      testimonials: current.testimonials.map((t) => (t.id === id ? { ...t, ...change } : t)),
    }));

  const submitLabel = busy ? 'Saving...' : editing ? 'Update Project' : 'Create Project';
  const errorCount = (target: ProjectFormTab) =>
    Object.entries(errors).filter(([key, message]) => message && tabOfField(key.split('.')[0] ?? '') === target).length;

  return (
    <div className="flex flex-col gap-5">
      <EditorHeader
        backTo={listUrl}
        backLabel="All projects"
        title={editing ? `Edit Project: ${project.title}` : 'New Project'}
        previewing={previewing}
        onTogglePreview={() => setPreviewing((current) => !current)}
        actions={versioning.revisionsButton}
      />

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      {previewing && (
        <ProjectPreview
          project={input}
          id={project?.id}
          slug={project?.slug}
          publishAt={fromSiteLocal(values.publish_at, siteTimeZone)}
        />
      )}

      <Card padding="none" className={cn('overflow-hidden', previewing && 'hidden')}>
        <div
          role="tablist"
          aria-label="Project form sections"
          className="flex overflow-x-auto border-b border-slate-200 px-2"
        >
          {tabs.map((item, index) => {
            const Icon = item.icon;
            const selected = tab === item.id;
            const count = errorCount(item.id);
            return (
              <button
                key={item.id}
                ref={(element) => {
                  tabRefs.current[item.id] = element;
                }}
                type="button"
                role="tab"
                id={`${tabIds}-${item.id}-tab`}
                aria-selected={selected}
                aria-controls={`${tabIds}-${item.id}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setTab(item.id)}
                onKeyDown={(event) => onTabKey(event, index)}
                className={cn(
                  '-mb-px flex items-center gap-1.5 border-b-2 px-2.5 py-3 text-sm font-medium whitespace-nowrap transition-colors sm:gap-2 sm:px-4',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
                  selected
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )}
              >
                <Icon className="hidden size-4 sm:block" aria-hidden="true" />
                {item.label}
                {item.id === 'media' && (
                  <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-600 tabular-nums">
                    {values.gallery.length + (values.image_url ? 1 : 0)}
                  </span>
                )}
                {item.id === 'testimonials' && values.testimonials.length > 0 && (
                  <span className="rounded-full bg-slate-100 px-1.5 text-xs text-slate-600 tabular-nums">
                    {values.testimonials.length}
                  </span>
                )}
                {count > 0 && (
                  <span className="rounded-full bg-red-100 px-1.5 text-xs font-semibold text-red-700">
                    {count}
                    <span className="sr-only"> {count === 1 ? 'problem' : 'problems'}</span>
                  </span>
                )}
              </button>
            );
          })}
        </div>

        <form
          id={formId}
          noValidate
          onSubmit={onSubmit}
          aria-label={editing ? 'Edit project' : 'New project'}
          className="p-5 sm:p-6"
        >
          {tabs.map((item) => (
            <div
              key={item.id}
              role="tabpanel"
              id={`${tabIds}-${item.id}-panel`}
              aria-labelledby={`${tabIds}-${item.id}-tab`}
              hidden={tab !== item.id}
            >
              {item.id === 'details' && (
                <DetailsSection
                  values={values}
                  set={set}
                  errors={errors}
                  onTeamChange={changeTeam}
                  onTeamAdd={() => setValues((current) => ({ ...current, team: [...current.team, newTeamMember()] }))}
                  onTeamRemove={(key) =>
                    setValues((current) => ({ ...current, team: current.team.filter((m) => m.key !== key) }))
                  }
                />
              )}
              {item.id === 'media' && (
                <MediaSection
                  values={values}
                  setValues={setValues}
                  projectId={project?.id}
                  notice={mediaNotice}
                  onNotice={setMediaNotice}
                  errors={errors}
                  disabled={busy}
                />
              )}
              {item.id === 'testimonials' && (
                <TestimonialsSection
                  testimonials={values.testimonials}
                  errors={withPrefix(errors, 'testimonials')}
                  onAdd={() =>
                    setValues((current) => ({ ...current, testimonials: [...current.testimonials, newTestimonial()] }))
                  }
                  onRemove={(id) =>
                    setValues((current) => ({
                      ...current,
                      testimonials: current.testimonials.filter((t) => t.id !== id),
                    }))
                  }
                  onChange={changeTestimonial}
                />
              )}
            </div>
          ))}
        </form>
      </Card>

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
