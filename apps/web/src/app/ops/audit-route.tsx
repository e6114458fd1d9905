import { AuditTrailScreen } from '../../features/audit/components/audit-trail-screen';
import { SectionHeader } from './section-header';

/** /ops/audit: the audit trail of staff actions (issue 36). */
export function AuditRoute() {
  return (
    <>
      <SectionHeader id="audit" />
      <AuditTrailScreen />
    </>
  );
}
