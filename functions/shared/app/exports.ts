/**
 * The export of an inject's submissions (issue #40): organisers ask for it
 * (a job, queued, and the worker started asynchronously: app/export-jobs.ts),
 * poll it, and download the ZIP from the bucket through a link. The worker
 * writes every team's every version as one ZIP (domain/exports.ts says where
 * everything goes) a part at a time, holding one file and one part in memory
 * whatever its size.
 */
import type * as v from 'valibot';
import { ExportJobSchema } from '#shared/api/schemas/responses/injects';
import { getObject } from '#shared/aws/objects';
import { jobAsShown, queueExport, writeExportZip } from '#shared/app/export-jobs';
import { failExportJob, newExportJobId, readExportJob } from '#shared/data/exports';
import { readInject } from '#shared/data/injects';
import { teamSubmissions } from '#shared/data/submissions';
import { listTeamRecords } from '#shared/data/teams';
import { exportLayout, exportSize, isCompressed, MAX_EXPORT_BYTES, type ExportJob } from '#shared/domain/exports';
import type { Inject, Submission } from '#shared/domain/injects';
import { toCsv, type Cell } from '#shared/csv';
import { HttpProblem, notFound } from '#shared/http/problem';
import { inSchemaOrder } from '#shared/domain/shapes';
import type { Logger } from '#shared/log';
import { formatTimestamp } from '#shared/validation';

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
    kind: 'submissions',
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
  return shownExport(await queueExport(job, log), now);
}

/** An export of submissions as a caller sees it now; 404 for none (or a job of another kind). */
export async function exportJob(id: number, now = new Date()): Promise<ShownExportJob> {
  const job = await readExportJob(id);
  if (job?.kind !== 'submissions') throw notFound(`No export of submissions has id ${id}.`);
  return shownExport(job, now);
}

async function shownExport(job: ExportJob, now: Date): Promise<ShownExportJob> {
  return inSchemaOrder(ExportJobSchema, { ...job, ...(await jobAsShown(job, `inject-${job.inject_id}-submissions.zip`, now)) });
}

/** The worker's part for a submissions export (app/export-worker.ts took the job): the ZIP, every version and file. */
export async function writeSubmissionsExport(job: ExportJob, log: Logger, now = new Date()): Promise<void> {
  const inject = await readInject(job.inject_id);
  if (!inject) {
    log.error('the export failed', { job: job.id, inject: job.inject_id, error: 'the inject is gone' });
    await failExportJob(job.id, 'running', `The export failed: inject ${job.inject_id} is gone`);
    return;
  }
  const { layout, indexText, size } = await planned(inject);
  const fileName = `inject-${job.inject_id}-submissions.zip`;
  await writeExportZip(job, { folder: `injects/${job.inject_id}`, fileName, bytes: size.bytes, log, now }, async (zip, store) => {
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
  });
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
