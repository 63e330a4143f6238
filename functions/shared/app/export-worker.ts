/**
 * The export worker's one job (api/workers.ts): take it (once: a second
 * invocation finds it taken and does nothing) and write it as its kind says,
 * an inject's submissions or teams' debriefs. It throws nothing, so Lambda
 * never runs one job twice.
 */
import { writeDebriefsExport } from '#shared/app/debrief-exports';
import { writeSubmissionsExport } from '#shared/app/exports';
import { failExportJob, startExportJob } from '#shared/data/exports';
import type { Logger } from '#shared/log';

export async function runExport(id: number, log: Logger, now = new Date()): Promise<void> {
  const job = await startExportJob(id, now);
  if (!job) return void log.info('export already taken', { job: id });
  try {
    if (job.kind === 'debriefs') await writeDebriefsExport(job, log, now);
    else await writeSubmissionsExport(job, log, now);
  } catch (error) {
    // What it read before writing failed (the ZIP's own failures are the writer's to say).
    log.error('the export failed', { job: id, kind: job.kind, error: (error as Error).message });
    await failExportJob(id, 'running', `The export failed: ${(error as Error).message}`);
  }
}
