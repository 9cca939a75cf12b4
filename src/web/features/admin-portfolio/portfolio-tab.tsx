import { permissionsByRole, type Role } from '../../../shared/contracts/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { portfolioPath, type PortfolioView } from './portfolio-paths';
import { ProjectEditor } from './project-form';
import { ProjectsList } from './projects-list';

/** The admin Portfolio tab: the project list and the project form (new, edit). */
export function PortfolioTab({ view, role }: { view: PortfolioView; role: Role }) {
  const canEdit = permissionsByRole[role].includes('content');

  return (
    <div className="flex flex-col gap-6">
      {!canEdit && (
        <p className="text-sm text-slate-600" data-read-only>
          Your role can read the portfolio but not change it.
        </p>
      )}
      {view.kind === 'list' ? (
        <ProjectsList canEdit={canEdit} />
      ) : canEdit ? (
        <ProjectEditor
          key={view.kind === 'edit' ? view.id : 'new'}
          projectId={view.kind === 'edit' ? view.id : undefined}
        />
      ) : (
        <Alert
          tone="warning"
          title="You cannot change projects"
          action={
            <Button size="sm" variant="secondary" to={portfolioPath({ kind: 'list' })}>
              Back to projects
            </Button>
          }
        >
          Your role can read the portfolio but not create or edit projects. Ask an administrator for editor access.
        </Alert>
      )}
    </div>
  );
}
