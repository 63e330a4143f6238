import { runExport } from '#shared/app/export-worker';
import { createLogger } from '#shared/log';

/** What the export route sends when it starts the worker (Lambda's `Event` invocation). */
export interface ExportEvent {
  export_job: number;
}

/** The export worker (api/workers.ts): writes one job's ZIP. It never throws, so Lambda never retries a job. */
export async function handler(event: ExportEvent): Promise<void> {
  await runExport(Number(event.export_job), createLogger({ requestId: `export-${event.export_job}`, route: 'ExportWorker' }));
}
