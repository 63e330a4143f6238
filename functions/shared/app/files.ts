/**
 * Files with submissions (issue #29): a member asks for an upload form (a
 * presigned POST whose policy fixes the key, the size range, the type and
 * its expiry), the browser posts the file straight to the bucket, and the
 * submission names the key; the API reads back what the bucket holds before
 * it keeps it. Members and organisers download through short-lived links
 * served as attachments; organisers export an inject's submissions as one
 * ZIP in the bucket.
 */
import { randomBytes } from 'node:crypto';
import { ObjectWriter, getObject, headObject, objectStore, presignedGet, presignedPost } from '#shared/aws/objects';
import { readInject } from '#shared/data/injects';
import { teamSubmissions } from '#shared/data/submissions';
import { listTeamRecords } from '#shared/data/teams';
import {
  DOWNLOAD_SECONDS,
  MAX_FILE_BYTES,
  UPLOAD_SECONDS,
  attachment,
  fileNameOf,
  safeFileName,
  storedFileRefusal,
  submissionFilesPrefix,
  teamFilesPrefix,
  uploadKey,
  type StoredFile,
} from '#shared/domain/files';
import { teamWindow, type Inject, type Submission } from '#shared/domain/injects';
import { conflict, notFound, validationFailed } from '#shared/http/problem';
import { formatTimestamp } from '#shared/validation';
import { ZipWriter } from '#shared/zip';
import { toCsv, type Cell } from '#shared/csv';

/** An upload form: post `fields`, then the file as `file`, to `url`, before `expires_at`. */
export interface UploadForm {
  key: string;
  url: string;
  fields: Record<string, string>;
  max_bytes: number;
  expires_at: string;
}

/** The inject as the team may send for it now, and until when; 404 or 409 `inject_closed` as a submission would be. */
async function openFor(teamId: number, injectId: number, now: Date): Promise<{ inject: Inject; until: string }> {
  const inject = await readInject(injectId);
  if (!inject) throw notFound(`No inject ${injectId} is open to teams.`);
  const [latest] = await teamSubmissions(teamId, injectId);
  const window = teamWindow(inject, latest, now.getTime());
  if (window.kind === 'not-seen') throw notFound(`No inject ${injectId} is open to teams.`);
  if (window.kind === 'closed') throw conflict('inject_closed', `Inject ${injectId} closed at ${window.close_at}: nothing more is taken.`);
  return { inject, until: window.until };
}

/**
 * An upload form for one file of a team's answer to an inject: its key
 * under the team's prefix for that inject, the declared type, at most
 * MAX_FILE_BYTES, good for UPLOAD_SECONDS or until the team may no longer
 * send, whichever comes first.
 */
export async function uploadForm(teamId: number, asked: { inject_id: number; file_name: string; content_type: string }, now = new Date()): Promise<UploadForm> {
  const { until } = await openFor(teamId, asked.inject_id, now);
  const expiresAt = new Date(Math.min(now.getTime() + UPLOAD_SECONDS * 1000, Date.parse(until)));
  const key = uploadKey(submissionFilesPrefix(teamId, asked.inject_id), randomBytes(8).toString('hex'), asked.file_name);
  const form = presignedPost(objectStore(), { key, contentType: asked.content_type, maxBytes: MAX_FILE_BYTES, expiresAt }, now);
  return { key, url: form.url, fields: form.fields, max_bytes: MAX_FILE_BYTES, expires_at: formatTimestamp(expiresAt) };
}

/**
 * The files a submission names, as the bucket holds them: each under the
 * team's prefix for the inject, there, within the size and of a type a team
 * may upload; 400 naming each one that is not.
 */
export async function filesToKeep(teamId: number, injectId: number, keys: readonly string[]): Promise<StoredFile[]> {
  if (keys.length === 0) return [];
  if (new Set(keys).size !== keys.length) throw validationFailed([{ path: 'files', message: 'names a file twice' }]);
  const store = objectStore();
  const prefix = submissionFilesPrefix(teamId, injectId);
  const stored = await Promise.all(keys.map((key) => (key.startsWith(prefix) ? headObject(store, key) : Promise.resolve(undefined))));
  const problems = keys.flatMap((key, i) => {
    const refusal = storedFileRefusal(key, stored[i], prefix);
    return refusal ? [{ path: `files.${i}`, message: refusal }] : [];
  });
  if (problems.length > 0) throw validationFailed(problems);
  return keys.map((key, i) => ({ key, name: fileNameOf(key), size: stored[i]!.size, content_type: stored[i]!.content_type }));
}

/** A download link to one of a team's files (its members' and organisers'), served as an attachment; 404 for a key not the team's or not there. */
export async function downloadLink(teamId: number, key: string, now = new Date()): Promise<{ url: string; name: string; expires_at: string }> {
  const store = objectStore();
  const missing = () => notFound(`Team ${teamId} has no file ${key}.`);
  if (!key.startsWith(teamFilesPrefix(teamId)) || key.includes('..')) throw missing();
  if (!(await headObject(store, key))) throw missing();
  const name = fileNameOf(key);
  return {
    url: await presignedGet(store, key, name, DOWNLOAD_SECONDS, now),
    name,
    expires_at: formatTimestamp(now.getTime() + DOWNLOAD_SECONDS * 1000),
  };
}

/** How long an export's link is good for: long enough to start a large download. */
const EXPORT_LINK_SECONDS = 60 * 60;

export interface SubmissionsExport {
  key: string;
  url: string;
  expires_at: string;
  /** The ZIP's size in bytes. */
  bytes: number;
  submissions: number;
  files: number;
}

/**
 * Every team's submissions for an inject, every version, as one ZIP in the
 * bucket (`exports/`), and a link to it: the ZIP never passes through an
 * answer (an HTTP API's stops at 10 MB). Inside, `inject-<id>/`: an index
 * (submissions.csv), then for each team and version its answer (answer.md)
 * and its files. Written a part at a time: the function holds one file and
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
    const index: Cell[][] = [['team_id', 'team', 'version', 'submitted_at', 'submitted_by', 'late_share', 'files']];
    for (const { team, submissions: versions } of perTeam) {
      const folder = `${root}team-${team.id}-${safeFileName(team.name)}/`;
      for (const submission of [...versions].reverse()) {
        const at = new Date(submission.submitted_at);
        await zip.add(`${folder}v${submission.version}/answer.md`, Buffer.from(answerText(inject, submission)), at);
        for (const file of submission.files) {
          await zip.add(`${folder}v${submission.version}/${file.name}`, await getObject(store, file.key), at);
          files++;
        }
        const fileNames = submission.files.map((f) => f.name).join(' ');
        index.push([team.id, team.name, submission.version, submission.submitted_at, submission.submitted_by, submission.late_share, fileNames]);
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
