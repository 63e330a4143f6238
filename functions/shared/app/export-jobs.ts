/**
 * What every export job shares, whatever it writes (an inject's submissions,
 * teams' debriefs): queued by its request and the worker started for it (a
 * large export takes longer than an HTTP API's 30 s), a link to its ZIP once
 * done, and the writing of the ZIP into `exports/` a part at a time, the job
 * marked done or failed with its reason. app/export-worker.ts runs a job of
 * either kind.
 */
import { randomBytes } from 'node:crypto';
import { WORKERS } from '#shared/api/workers';
import { invokeAsync, lambdaTarget } from '#shared/aws/invoke';
import { ObjectWriter, PART_BYTES, objectStore, presignedGet, type ObjectStore } from '#shared/aws/objects';
import { failExportJob, finishExportJob, putExportJob } from '#shared/data/exports';
import { exportState, type AnyExportJob } from '#shared/domain/exports';
import { attachment } from '#shared/domain/files';
import type { Logger } from '#shared/log';
import { formatTimestamp } from '#shared/validation';
import { ZipWriter } from '#shared/zip';

/** How long a done export's link is good for: long enough to start a large download. */
const EXPORT_LINK_SECONDS = 60 * 60;
/** S3's most parts in one multipart upload. */
const MAX_PARTS = 10_000;

/**
 * Stores a new job, queued, and starts the worker for it. A worker that could
 * not be started leaves the job failed, saying so.
 */
export async function queueExport<J extends AnyExportJob>(job: J, log: Logger): Promise<J> {
  await putExportJob(job);
  const worker = WORKERS.ExportWorker;
  try {
    const functionName = process.env[worker.env];
    if (!functionName) throw new Error(`${worker.env} is not set: no worker to start`);
    await invokeAsync(lambdaTarget(functionName), { export_job: job.id });
  } catch (error) {
    log.error('the export worker was not started', { job: job.id, kind: job.kind, error: (error as Error).message });
    return ((await failExportJob(job.id, 'queued', 'The export could not be started: ask for it again.')) as J | undefined) ?? job;
  }
  return job;
}

/** A job's state now, and once done a fresh link to its ZIP (downloaded as `fileName`). */
export async function jobAsShown(job: AnyExportJob, fileName: string, now: Date) {
  const { state, error } = exportState(job, now.getTime());
  const done = state === 'done' && job.key !== null;
  return {
    state,
    error: error ?? job.error,
    url: done ? await presignedGet(objectStore(), job.key!, fileName, EXPORT_LINK_SECONDS, now) : null,
    expires_at: done ? formatTimestamp(now.getTime() + EXPORT_LINK_SECONDS * 1000) : null,
  };
}

/**
 * Writes a job's ZIP (`write` adds its entries) under `exports/<folder>/`, a
 * part at a time, and marks the job done, or failed with its reason. It
 * throws nothing, so Lambda never runs one job twice.
 */
export async function writeExportZip(
  job: AnyExportJob,
  options: { folder: string; fileName: string; bytes: number; log: Logger; now: Date },
  write: (zip: ZipWriter, store: ObjectStore) => Promise<void>,
): Promise<boolean> {
  const store = objectStore();
  const key = `exports/${options.folder}/${formatTimestamp(options.now).replace(/[:.]/g, '')}-${randomBytes(4).toString('hex')}.zip`;
  let writer: ObjectWriter | undefined;
  try {
    // S3 takes 10 000 parts: a larger archive takes larger parts.
    const partBytes = Math.max(PART_BYTES, Math.ceil(options.bytes / (MAX_PARTS - 100)));
    writer = new ObjectWriter(store, key, { contentType: 'application/zip', disposition: attachment(options.fileName) }, partBytes);
    const zip = new ZipWriter((chunk) => writer!.write(chunk));
    await write(zip, store);
    await zip.finish();
    await writer.finish();
    await finishExportJob(job.id, { key, bytes: writer.size });
    options.log.info('export written', { job: job.id, kind: job.kind, key, bytes: writer.size });
    return true;
  } catch (error) {
    await writer?.abort();
    options.log.error('the export failed', { job: job.id, kind: job.kind, error: (error as Error).message });
    await failExportJob(job.id, 'running', `The export failed: ${(error as Error).message}`);
    return false;
  }
}
