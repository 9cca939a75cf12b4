import { Plus } from './icons';
import { Button } from '../button';

/** The heading of an admin list, with the button to its "new" screen for those who may edit. */
export function ListHeader({
  title,
  newLabel,
  newTo,
  canEdit,
}: {
  title: string;
  newLabel: string;
  newTo: string;
  canEdit: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {canEdit && (
        <Button to={newTo} size="sm">
          <Plus aria-hidden="true" />
          {newLabel}
        </Button>
      )}
    </div>
  );
}
