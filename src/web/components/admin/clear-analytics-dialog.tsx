import { Trash2 } from './icons';
import { AnalyticsAdminMessage } from '../../../shared/contracts/analytics-admin.values';
import { CLEAR_ANALYTICS_CONFIRMATION } from '../../../shared/contracts/analytics-dashboard';
import { TypedConfirmDialog } from './typed-confirm-dialog';

/** Clear Analytics' confirmation: what goes, and CLEAR typed (the Analytics tab and System Configuration). */
export function ClearAnalyticsDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <TypedConfirmDialog
      open={open}
      busy={busy}
      word={CLEAR_ANALYTICS_CONFIRMATION}
      title={AnalyticsAdminMessage.CLEAR_TITLE}
      icon={<Trash2 aria-hidden="true" />}
      confirmLabel="Clear Analytics"
      busyLabel="Clearing…"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {AnalyticsAdminMessage.CLEAR_CONSEQUENCE}
    </TypedConfirmDialog>
  );
}
