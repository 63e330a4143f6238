/**
 * The export of an inject's submissions (issue #40): organisers ask for it
 * (a job, queued, and the worker started asynchronously: a large export
 * takes longer than an HTTP API's 30 s), poll it, and download the ZIP from
 * the bucket through a link. The worker writes every team's every version
 * as one ZIP (domain/exports.ts says where everything goes) a part at a
 * time, holding one file and one part in memory whatever its size.
 */
import type * as v from 'valibot';
import { randomBytes } from 'node:crypto';
import type { ExportJobSchema } from '#shared/api/schemas/responses/injects';
import { WORKERS } from '#shared/api/workers';
import { invokeAsync, lambdaTarget } from '#shared/aws/invoke';
import { ObjectWriter, PART_BYTES, getObject, objectStore, presignedGet } from '#shared/aws/objects';
import { failExportJob, finishExportJob, newExportJobId, putExportJob, readExportJob, startExportJob } from '#shared/data/exports';
import { readInject } from '#shared/data/injects';
import { teamSubmissions } from '#shared/data/submissions';
import { listTeamRecords } from '#shared/data/teams';
import { exportLayout, exportSize, exportState, isCompressed, MAX_EXPORT_BYTES, type ExportJob } from '#shared/domain/exports';
import { attachment } from '#shared/domain/files';
import type { Inject, Submission } from '#shared/domain/injects';
import { toCsv, type Cell } from '#shared/csv';
import { HttpProblem, notFound } from '#shared/http/problem';
import type { Logger } from '#shared/log';
import { formatTimestamp } from '#shared/validation';
import { ZipWriter } from '#shared/zip';

/** How long a done export's link is good for: long enough to start a large download. */
const EXPORT_LINK_SECONDS = 60 * 60;
/** S3's most parts in one multipart upload. */
const MAX_PARTS = 10_000;

/** An export job as its schema says: with a fresh link once it is done. */
export type ShownExportJob = v.InferOutput<typeof ExportJobSchema>;

/** Every team's submissions for an inject, and where each goes in the archive, with its index. */
async function planned(inject: Inject) {
  const teams = await listTeamRecords({ totals: false });
  const perTeam = await Promise.all(teams.map(async (t) => ({ team: t.team, submissions: await teamSubmissions(t.team.id, inject.id) })));
  const layout = exportLayout(
    inject.id,
    perTeam.filter((t) => t.submissions.length > 0),
  );
  const index: Cell[][] = [['team_number', 'team_id', 'team', 'version', 'submitted_at', 'submitted_by', 'late_share', 'answer', 'files']];
  for (const part of layout.parts) {
    for (const { submission, answer, files } of part.versions) {
      const inRoot = (path: string) => path.slice(layout.root.length);
      index.push([
        part.team.number,
        part.team.id,
        part.team.name,
        submission.version,
        submission.submitted_at,
        submission.submitted_by,
        submission.late_share,
        inRoot(answer),
        files.map((f) => inRoot(f.path)).join(' '),
      ]);
    }
  }
  const indexText = toCsv(index);
  return { layout, indexText, size: exportSize(layout, Buffer.byteLength(indexText)) };
}

/**
 * An organiser asks for an export: counted up front (413 `export_too_large`
 * past MAX_EXPORT_BYTES, before anything is written), queued as a job, and
 * the worker started for it. A worker that could not be started leaves the
 * job failed, saying so.
 */
export async function requestExport(injectId: number, requestedBy: string, log: Logger, now = new Date()): Promise<ShownExportJob> {
  const inject = await readInject(injectId);
  if (!inject) throw notFound(`No inject has id ${injectId}.`);
  const { layout, size } = await planned(inject);
  if (size.bytes > MAX_EXPORT_BYTES) {
    throw new HttpProblem(
      413,
      'export_too_large',
      `Inject ${injectId}'s submissions would come to about ${size.bytes} bytes: an export holds at most ${MAX_EXPORT_BYTES}. Download the files team by team (GET /team/{id}/files).`,
    );
  }
  const versions = layout.parts.flatMap((p) => p.versions);
  const job: ExportJob = {
    id: await newExportJobId(),
    inject_id: injectId,
    state: 'queued',
    requested_by: requestedBy,
    requested_at: formatTimestamp(now),
    started_at: null,
    finished_at: null,
    submissions: versions.length,
    files: versions.flatMap((v) => v.files.filter((f) => f.written)).length,
    key: null,
    bytes: null,
    error: null,
  };
  await putExportJob(job);
  const worker = WORKERS.ExportWorker;
  try {
    const functionName = process.env[worker.env];
    if (!functionName) throw new Error(`${worker.env} is not set: no worker to start`);
    await invokeAsync(lambdaTarget(functionName), { export_job: job.id });
  } catch (error) {
    log.error('the export worker was not started', { job: job.id, error: (error as Error).message });
    return shownExport((await failExportJob(job.id, 'queued', 'The export could not be started: ask for it again.')) ?? job, now);
  }
  return shownExport(job, now);
}

/** An export job as a caller sees it now; 404 for none. */
export async function exportJob(id: number, now = new Date()): Promise<ShownExportJob> {
  const job = await readExportJob(id);
  if (!job) throw notFound(`No export has id ${id}.`);
  return shownExport(job, now);
}

async function shownExport(job: ExportJob, now: Date): Promise<ShownExportJob> {
  const { state, error } = exportState(job, now.getTime());
  const done = state === 'done' && job.key !== null;
  return {
    ...job,
    state,
    error: error ?? job.error,
    url: done ? await presignedGet(objectStore(), job.key!, `inject-${job.inject_id}-submissions.zip`, EXPORT_LINK_SECONDS, now) : null,
    expires_at: done ? formatTimestamp(now.getTime() + EXPORT_LINK_SECONDS * 1000) : null,
  };
}

/**
 * The worker: takes the job (once: a second invocation finds it taken and
 * does nothing), writes the ZIP into `exports/` a part at a time, and marks
 * the job done, or failed with its reason. It throws nothing, so Lambda
 * never runs one job twice.
 */
export async function runExport(id: number, log: Logger, now = new Date()): Promise<void> {
  const job = await startExportJob(id, now);
  if (!job) return void log.info('export already taken', { job: id });
  const store = objectStore();
  const key = `exports/injects/${job.inject_id}/${formatTimestamp(now).replace(/[:.]/g, '')}-${randomBytes(4).toString('hex')}.zip`;
  let writer: ObjectWriter | undefined;
  try {
    const inject = await readInject(job.inject_id);
    if (!inject) throw new Error(`inject ${job.inject_id} is gone`);
    const { layout, indexText, size } = await planned(inject);
    // S3 takes 10 000 parts: a larger archive takes larger parts.
    const partBytes = Math.max(PART_BYTES, Math.ceil(size.bytes / (MAX_PARTS - 100)));
    writer = new ObjectWriter(store, key, { contentType: 'application/zip', disposition: attachment(`inject-${job.inject_id}-submissions.zip`) }, partBytes);
    const zip = new ZipWriter((chunk) => writer!.write(chunk));
    for (const part of layout.parts) {
      for (const { submission, answer, files } of part.versions) {
        const at = new Date(submission.submitted_at);
        await zip.add(
          answer,
          Buffer.from(
            answerText(
              inject,
              submission,
              files.map((f) => f.path.slice(layout.root.length)),
            ),
          ),
          at,
        );
        for (const { path, file } of files.filter((f) => f.written)) {
          await zip.add(path, await getObject(store, file.key), at, { deflate: !isCompressed(file.content_type) });
        }
      }
    }
    await zip.add(layout.index, Buffer.from(indexText), now);
    await zip.finish();
    await writer.finish();
    await finishExportJob(id, { key, bytes: writer.size });
    log.info('submissions exported', { job: id, inject: job.inject_id, key, bytes: writer.size, submissions: job.submissions, files: job.files });
  } catch (error) {
    await writer?.abort();
    log.error('the export failed', { job: id, inject: job.inject_id, error: (error as Error).message });
    await failExportJob(id, 'running', `The export failed: ${(error as Error).message}`);
  }
}

function answerText(inject: Inject, submission: Submission, files: string[]): string {
  return [
    `# ${inject.title}: team ${submission.team_id}, version ${submission.version}`,
    '',
    `Sent ${submission.submitted_at} by ${submission.submitted_by}; late share ${submission.late_share}.`,
    ...(files.length > 0 ? ['', 'Files (in this archive, from its root):', ...files.map((f) => `- ${f}`)] : []),
    '',
    submission.text,
    '',
  ].join('\n');
}
