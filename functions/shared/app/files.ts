/**
 * Files in the bucket (issue #29), once uploaded (app/uploads.ts signs the
 * forms): what names them (a submission, an incident report, an inject's
 * attachments) keeps only what the bucket holds under the prefix uploads
 * for it get; members and organisers download through short-lived links
 * served as attachments; organisers export an inject's submissions as one
 * ZIP in the bucket.
 */
import { randomBytes } from 'node:crypto';
import type * as v from 'valibot';
import type { FileLinkSchema, SubmissionsExportSchema } from '#shared/api/schemas/responses';
import { ObjectWriter, getObject, headObject, objectStore, presignedGet } from '#shared/aws/objects';
import { readInject } from '#shared/data/injects';
import { teamSubmissions } from '#shared/data/submissions';
import { listTeamRecords } from '#shared/data/teams';
import {
  DOWNLOAD_SECONDS,
  attachment,
  attachmentInjectOf,
  fileNameOf,
  safeFileName,
  storedFileRefusal,
  teamFilesPrefix,
  type StoredFile,
} from '#shared/domain/files';
import { seenByTeams, type Inject, type Submission } from '#shared/domain/injects';
import { notFound, validationFailed } from '#shared/http/problem';
import { formatTimestamp } from '#shared/validation';
import { ZipWriter } from '#shared/zip';
import { toCsv, type Cell } from '#shared/csv';

/**
 * The files a submission, a report or an inject names, as the bucket holds
 * them: each under `prefix` (where uploads for it go), there, within the
 * size and of a type that may be uploaded; 400 naming each one that is not
 * (`field`.index).
 */
export async function filesToKeep(prefix: string, keys: readonly string[], field = 'files'): Promise<StoredFile[]> {
  if (keys.length === 0) return [];
  if (new Set(keys).size !== keys.length) throw validationFailed([{ path: field, message: 'names a file twice' }]);
  const store = objectStore();
  const stored = await Promise.all(keys.map((key) => (key.startsWith(prefix) ? headObject(store, key) : Promise.resolve(undefined))));
  const problems = keys.flatMap((key, i) => {
    const refusal = storedFileRefusal(key, stored[i], prefix);
    return refusal ? [{ path: `${field}.${i}`, message: refusal }] : [];
  });
  if (problems.length > 0) throw validationFailed(problems);
  return keys.map((key, i) => ({ key, name: fileNameOf(key), size: stored[i]!.size, content_type: stored[i]!.content_type }));
}

/**
 * A download link, served as an attachment, to one of a team's files (for
 * its members and organisers) or to an attachment of an inject open to the
 * team: what the team's page may download. 404 for any other key, or one
 * not there.
 */
export async function downloadLink(teamId: number, key: string, now = new Date()): Promise<FileLink> {
  const seen = key.startsWith(teamFilesPrefix(teamId)) || (await attachmentSeenByTeams(key, now));
  return linkTo(seen ? key : undefined, () => notFound(`Team ${teamId} has no file ${key}.`), now);
}

/** A download link to one of an inject's attachments, for organisers: in any state, named by the inject or uploaded for it and not yet named. */
export async function attachmentLink(injectId: number, key: string, now = new Date()): Promise<FileLink> {
  return linkTo(attachmentInjectOf(key) === injectId ? key : undefined, () => notFound(`Inject ${injectId} has no attachment ${key}.`), now);
}

/** What a download link answers, as its schema says. */
export type FileLink = v.InferOutput<typeof FileLinkSchema>;

/** The link to a key the caller may read (undefined: one it may not), if the bucket holds it; the caller's 404 otherwise. */
async function linkTo(key: string | undefined, missing: () => Error, now: Date): Promise<FileLink> {
  const store = objectStore();
  if (key === undefined || key.includes('..') || !(await headObject(store, key))) throw missing();
  const name = fileNameOf(key);
  return {
    url: await presignedGet(store, key, name, DOWNLOAD_SECONDS, now),
    name,
    expires_at: formatTimestamp(now.getTime() + DOWNLOAD_SECONDS * 1000),
  };
}

/** Whether a key is an attachment of an inject published and open to the teams. */
async function attachmentSeenByTeams(key: string, now: Date): Promise<boolean> {
  const injectId = attachmentInjectOf(key);
  if (injectId === undefined) return false;
  const inject = await readInject(injectId);
  return inject !== undefined && seenByTeams(inject, now.getTime());
}

/** How long an export's link is good for: long enough to start a large download. */
const EXPORT_LINK_SECONDS = 60 * 60;

/** What an export answers, as its schema says. */
export type SubmissionsExport = v.InferOutput<typeof SubmissionsExportSchema>;

/**
 * Every team's submissions for an inject, every version, as one ZIP in the
 * bucket (`exports/`), and a link to it: the ZIP never passes through an
 * answer (an HTTP API's stops at 10 MB). Inside, `inject-<id>/`: an index
 * (submissions.csv), then for each team (`team-<number>-<name>/`) and
 * version its answer (answer.md) and its files. Written a part at a time: the function holds one file and
 * one part in memory, whatever the export's size.
 */
export async function exportSubmissions(injectId: number, now = new Date()): Promise<SubmissionsExport> {
  const inject = await readInject(injectId);
  if (!inject) throw notFound(`No inject has id ${injectId}.`);
  const teams = await listTeamRecords({ totals: false });
  const perTeam = await Promise.all(teams.map(async (t) => ({ team: t.team, submissions: await teamSubmissions(t.team.id, injectId) })));
  const store = objectStore();
  const key = `exports/injects/${injectId}/${formatTimestamp(now).replace(/[:.]/g, '')}-${randomBytes(4).toString('hex')}.zip`;
  const fileName = `inject-${injectId}-submissions.zip`;
  const writer = new ObjectWriter(store, key, { contentType: 'application/zip', disposition: attachment(fileName) });
  const zip = new ZipWriter((chunk) => writer.write(chunk));
  const root = `inject-${injectId}/`;
  let submissions = 0;
  let files = 0;
  try {
    const index: Cell[][] = [['team_number', 'team_id', 'team', 'version', 'submitted_at', 'submitted_by', 'late_share', 'files']];
    for (const { team, submissions: versions } of perTeam) {
      // By team number, as organisers name teams.
      const folder = `${root}team-${team.number}-${safeFileName(team.name)}/`;
      for (const submission of [...versions].reverse()) {
        const at = new Date(submission.submitted_at);
        await zip.add(`${folder}v${submission.version}/answer.md`, Buffer.from(answerText(inject, submission)), at);
        for (const file of submission.files) {
          await zip.add(`${folder}v${submission.version}/${file.name}`, await getObject(store, file.key), at);
          files++;
        }
        const fileNames = submission.files.map((f) => f.name).join(' ');
        index.push([team.number, team.id, team.name, submission.version, submission.submitted_at, submission.submitted_by, submission.late_share, fileNames]);
        submissions++;
      }
    }
    await zip.add(`${root}submissions.csv`, Buffer.from(toCsv(index)), now);
    await zip.finish();
    await writer.finish();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return {
    key,
    url: await presignedGet(store, key, fileName, EXPORT_LINK_SECONDS, now),
    expires_at: formatTimestamp(now.getTime() + EXPORT_LINK_SECONDS * 1000),
    bytes: writer.size,
    submissions,
    files,
  };
}

function answerText(inject: Inject, submission: Submission): string {
  return [
    `# ${inject.title}: team ${submission.team_id}, version ${submission.version}`,
    '',
    `Sent ${submission.submitted_at} by ${submission.submitted_by}; late share ${submission.late_share}.`,
    ...(submission.files.length > 0 ? ['', `Files: ${submission.files.map((f) => f.name).join(', ')}`] : []),
    '',
    submission.text,
    '',
  ].join('\n');
}
