import { permissionsByRole, type Role } from '../../../shared/contracts/auth';
import { ListEditorTab } from '../../components/admin/list-editor-tab';
import { portfolioPath, type PortfolioView } from './portfolio-paths';
import { ProjectEditor } from './project-form';
import { ProjectsList } from './projects-list';

/** The admin Portfolio tab: the project list and the project form (new, edit). */
export function PortfolioTab({ view, role }: { view: PortfolioView; role: Role }) {
  const canEdit = permissionsByRole[role].includes('content');
  return (
    <ListEditorTab
      view={view}
      canEdit={canEdit}
      readOnlyNote="Your role can read the portfolio but not change it."
      list={<ProjectsList canEdit={canEdit} />}
      editor={(id) => <ProjectEditor projectId={id} />}
      cannotEdit={{
        title: 'You cannot change projects',
        backTo: portfolioPath({ kind: 'list' }),
        backLabel: 'Back to projects',
        text: 'Your role can read the portfolio but not create or edit projects. Ask an administrator for editor access.',
      }}
    />
  );
}
