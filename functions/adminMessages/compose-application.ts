/**
 * The applicant's mail of a decision, from the announced application (the event's `data`) and, for an
 * approval, the lease it made (1 read).
 */
import { getLease } from '../../shared/data/leases-repo.js';
import { applicationDecision } from '../../shared/domain/messages/templates/application-decision.js';
import { toAmount } from '../../shared/domain/money.js';
import type { Composed, MailContext } from './compose-types.js';

export async function applicationDecisionOf(
  application: Readonly<Record<string, unknown>>,
  ctx: MailContext,
): Promise<Composed | undefined> {
  const to = typeof application.tenantEmail === 'string' ? application.tenantEmail.trim() : '';
  if (!to) return undefined;
  const leaseId = typeof application.leaseId === 'number' ? application.leaseId : null;
  const lease = leaseId === null ? undefined : await getLease(leaseId);
  if (application.status === 'approved' && !lease?.terms) return undefined;
  const mail = applicationDecision(ctx.site, {
    firstName: String(application.tenantFirstName ?? ''),
    applicationId: Number(application.applicationId),
    propertyName: String(application.propertyName ?? ''),
    note: typeof application.decisionNote === 'string' ? application.decisionNote : '',
    lease:
      lease?.terms && application.status === 'approved'
        ? {
            startDate: lease.startDate,
            endDate: lease.endDate,
            rent: toAmount(lease.terms.rentCents),
            deposit: toAmount(lease.terms.depositCents),
            dueDay: lease.terms.dueDay,
          }
        : null,
  });
  return { to, recordType: 'application', recordId: String(application.applicationId), mail };
}
