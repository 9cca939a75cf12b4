import { certificateStatusLabels, type CertificateStatus } from '../../../shared/contracts/certificates.values';
import { Badge, type BadgeTone } from '../../components/badge';

const tones: Record<CertificateStatus, BadgeTone> = { active: 'success', expired: 'warning', revoked: 'danger' };

/** The status a certificate has today (effective status), as staff see it in the list. */
export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  return (
    <Badge tone={tones[status]} data-status={status} className="whitespace-nowrap">
      {certificateStatusLabels[status]}
    </Badge>
  );
}
