import { applyDuePasswordChanges } from '#shared/app/password-changes';
import type { AuditContext } from '#shared/data/audit';
import { createLogger } from '#shared/log';
import type { ScheduledEvent } from '#shared/scheduled';

/** What the audit trail says applied a delayed request: the schedule, on the settings' behalf. */
const SCHEDULE_AUDIT: AuditContext = { actor: { type: 'system', name: 'password change delay' }, route: 'schedule: every minute' };

/**
 * Runs once a minute (an EventBridge rule in AWS, the local server's minute
 * timer): applies the delayed password change requests whose time has come,
 * and immediate ones that failed to apply when sent, so the agent signs in
 * with them from its next round.
 */
export async function handler(event: ScheduledEvent = {}): Promise<{ applied: number; rejected: number; failed: number; left: number }> {
  const log = createLogger({ requestId: event.id ?? 'schedule', route: 'ApplyDuePasswordChanges' });
  const outcome = await applyDuePasswordChanges(new Date(event.time ?? Date.now()), { ...SCHEDULE_AUDIT, requestId: event.id }, log);
  if (outcome.left + outcome.failed > 0) log.warn('password changes failed, or left for the next pass', outcome);
  else if (outcome.applied + outcome.rejected > 0) log.info('password changes applied', outcome);
  return outcome;
}
