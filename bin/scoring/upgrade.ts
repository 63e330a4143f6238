/** `upgrade`: what older versions stored, brought up to this one's keys (each step idempotent). */
import { backfillIncidentIndex } from '#shared/data/incidents';
import { backfillWaiting } from '#shared/app/waiting';
import type { Run } from './context';

export async function upgrade({ io }: Run): Promise<void> {
  const incidents = await backfillIncidentIndex();
  io.out(`${incidents} incident report${incidents === 1 ? '' : 's'} given its team's index key.`);
  const waiting = await backfillWaiting();
  io.out(`${waiting} thing${waiting === 1 ? '' : 's'} waiting for an organiser marked for the overview; nothing else to upgrade.`);
}
