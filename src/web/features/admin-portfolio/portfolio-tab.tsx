import type { ReactNode } from 'react';
import { ListEditorPage, ListEditorTab } from '../../components/admin/list-editor-tab';
import { portfolioPath } from './portfolio-paths';
import { ProjectEditor } from './project-form';

/** The admin Portfolio tab around its page: the project list or the project form (new, edit). */
export function PortfolioTab({ canEdit, children }: { canEdit: boolean; children: ReactNode }) {
  return (
    <ListEditorTab canEdit={canEdit} readOnlyNote="Your role can read the portfolio but not change it.">
      {children}
    </ListEditorTab>
  );
}

/** Portfolio › new or edit: the project form, keyed by the project so each starts afresh. */
export function ProjectEditorPage({ canEdit, projectId }: { canEdit: boolean; projectId: number | undefined }) {
  return (
    <ListEditorPage
      canEdit={canEdit}
      id={projectId}
      editor={(id) => <ProjectEditor key={id ?? 'new'} projectId={id} />}
      cannotEdit={{
        title: 'You cannot change projects',
        backTo: portfolioPath({ kind: 'list' }),
        backLabel: 'Back to projects',
        text: 'Your role can read the portfolio but not create or edit projects. Ask an administrator for editor access.',
      }}
    />
  );
}
