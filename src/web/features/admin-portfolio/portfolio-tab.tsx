import { permissionsByRole, type Role } from '../../../shared/contracts/auth';
import { CannotEdit, ReadOnlyNote } from '../../components/admin/read-only';
import { portfolioPath, type PortfolioView } from './portfolio-paths';
import { ProjectEditor } from './project-form';
import { ProjectsList } from './projects-list';

/** The admin Portfolio tab: the project list and the project form (new, edit). */
export function PortfolioTab({ view, role }: { view: PortfolioView; role: Role }) {
  const canEdit = permissionsByRole[role].includes('content');

  return (
    <div className="flex flex-col gap-6">
      {!canEdit && <ReadOnlyNote>Your role can read the portfolio but not change it.</ReadOnlyNote>}
      {view.kind === 'list' ? (
        <ProjectsList canEdit={canEdit} />
      ) : canEdit ? (
        <ProjectEditor
          key={view.kind === 'edit' ? view.id : 'new'}
          projectId={view.kind === 'edit' ? view.id : undefined}
        />
      ) : (
        <CannotEdit
          title="You cannot change projects"
          backTo={portfolioPath({ kind: 'list' })}
          backLabel="Back to projects"
        >
          Your role can read the portfolio but not create or edit projects. Ask an administrator for editor access.
        </CannotEdit>
      )}
    </div>
  );
}
