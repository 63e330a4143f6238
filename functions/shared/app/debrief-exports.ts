/**
 * Every debrief at once (issue #62): an organiser asks for it (`POST
 * /debriefs/exports`), and `finalise` does, so that building every team's
 * debrief is the export worker's work and not a request's. The worker builds
 * each visible team's debrief that is not current (and keeps it, so members'
 * first reads find it built), writes one self-contained HTML file per team
 * (the page's own document, ../../../web/src/debrief-document.ts) and the
 * table of ranks as CSV, as one ZIP.
 */
import type * as v from 'valibot';
import { DebriefExportSchema } from '#shared/api/schemas/responses/debriefs';
import { DEBRIEF_CSS } from '#shared/api/workers';
import { setTimeout as sleep } from 'node:timers/promises';
import { fieldOf, keptDebrief, summaryOfDebriefs } from '#shared/app/debriefs';
import { jobAsShown, queueExport, writeExportZip } from '#shared/app/export-jobs';
import { mapBounded } from '#shared/bounded';
import { readBundledFile } from '#shared/bundled-file';
import { newExportJobId, readExportJob } from '#shared/data/exports';
import { readPublicVersions } from '#shared/data/public-version';
import { listTeamRecords } from '#shared/data/teams';
import { summaryCsv } from '#shared/domain/debrief-table';
import type { DebriefExportJob } from '#shared/domain/exports';
import { debriefShownNow } from '#shared/domain/debrief';
import { safeNamePart } from '#shared/domain/files';
import { inSchemaOrder } from '#shared/domain/shapes';
import { notFound } from '#shared/http/problem';
import type { Logger } from '#shared/log';
import { formatTimestamp } from '#shared/validation';
import { debriefFile } from '../../../web/src/debrief-document';

/** Teams whose debriefs the worker builds at once. */
const TEAMS_AT_ONCE = 4;
/** A debrief file's size at most, for the ZIP's part size: tables of a team's services, injects and findings. */
const DEBRIEF_BYTES = 2 * 1024 * 1024;

export type ShownDebriefExport = v.InferOutput<typeof DebriefExportSchema>;

const ZIP_NAME = 'debriefs.zip';

/**
 * Waits (up to a minute) until the public version has moved at or after `since`: finalise's mark has reached the
 * stream consumer. A manual export does not wait.
 */
async function versionMovedSince(since: number): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 60_000; await sleep(500)) {
    if ((await readPublicVersions()).live.movedAt >= since) return;
  }
}

/** Queues an export of every visible team's debrief, and starts the worker; `settlesAfter`: finalise's mark, which the worker waits to see. */
export async function requestDebriefExport(
  requestedBy: string,
  log: Logger,
  now = new Date(),
  settlesAfter: string | null = null,
): Promise<ShownDebriefExport> {
  const teams = (await listTeamRecords({ totals: false })).filter((t) => !t.hidden).length;
  const job: DebriefExportJob = {
    id: await newExportJobId(),
    kind: 'debriefs',
    state: 'queued',
    requested_by: requestedBy,
    requested_at: formatTimestamp(now),
    started_at: null,
    finished_at: null,
    teams,
    settles_after: settlesAfter,
    key: null,
    bytes: null,
    error: null,
  };
  return shown(await queueExport(job, log), now);
}

/** An export of debriefs as a caller sees it now; 404 for none (or a job of another kind). */
export async function debriefExportJob(id: number, now = new Date()): Promise<ShownDebriefExport> {
  const job = await readExportJob(id);
  if (job?.kind !== 'debriefs') throw notFound(`No export of debriefs has id ${id}.`);
  return shown(job, now);
}

const shown = async (job: DebriefExportJob, now: Date): Promise<ShownDebriefExport> =>
  inSchemaOrder(DebriefExportSchema, { ...job, ...(await jobAsShown(job, ZIP_NAME, now)) });

/** The worker's part for a debriefs export (app/export-worker.ts took the job). */
export async function writeDebriefsExport(job: DebriefExportJob, log: Logger, now = new Date()): Promise<void> {
  // Asked for by finalise: its mark moves the public version once the stream consumer has seen it (a second or
  // two later). Built before that, every debrief would be stale the moment it was kept.
  if (job.settles_after !== null) await versionMovedSince(Date.parse(job.settles_after));
  // The version first: data that moves while the field is read leaves what is kept older than it, built again on a read.
  const version = (await readPublicVersions()).live.version;
  const field = await fieldOf(undefined, now);
  const basis = { version, field: () => Promise.resolve(field) };
  const css = readBundledFile(DEBRIEF_CSS, import.meta.url);
  const teams = field.standings.teams.filter((t) => !t.hidden).sort((a, b) => a.team.number - b.team.number);
  const options = { folder: 'debriefs', fileName: ZIP_NAME, bytes: teams.length * DEBRIEF_BYTES, log, now };
  await writeExportZip(job, options, async (zip) => {
    // A few teams built at once (a team's build reads each of its services' results: seconds at the end of a long
    // event, bench/debriefs.ts), each claimed as a reader claims it, the files written in team order; a debrief is
    // small, its results are not kept. The team's file is what its members read.
    const debriefs = await mapBounded(teams, TEAMS_AT_ONCE, async ({ team }) =>
      debriefShownNow(await keptDebrief(team.id, 'live', undefined, basis), field.settings, now.getTime(), 'member'),
    );
    for (const [i, { team }] of teams.entries()) {
      await zip.add(`debriefs/team-${team.number}-${safeNamePart(team.name)}.html`, Buffer.from(debriefFile(debriefs[i]!, css)), now);
    }
    await zip.add('debriefs/ranks.csv', Buffer.from(summaryCsv(await summaryOfDebriefs(now, field.standings))), now);
  });
  log.info('debriefs exported', { job: job.id, teams: teams.length });
}
