import { applyDuePasswordChanges } from '#shared/app/password-changes';
import type { AuditContext } from '#shared/data/audit';
import { createLogger } from '#shared/log';
import type { ScheduledEvent } from '../teams/record-score-snapshot';

/** What the audit trail says applied a delayed request: the schedule, on the settings' behalf. */
const SCHEDULE_AUDIT: AuditContext = { actor: { type: 'system', name: 'password change delay' }, route: 'schedule: every minute' };

/**
 * Runs once a minute (the score history's EventBridge rule in AWS, the
 * local server's timer): applies the delayed password change requests whose
 * time has come, so the agent signs in with them from its next round.
 */
export async function handler(event: ScheduledEvent = {}): Promise<{ applied: number }> {
  const applied = await applyDuePasswordChanges(new Date(event.time ?? Date.now()), { ...SCHEDULE_AUDIT, requestId: event.id });
  if (applied > 0) createLogger({ requestId: event.id ?? 'schedule', route: 'ApplyDuePasswordChanges' }).info('delayed password changes applied', { applied });
  return { applied };
}
