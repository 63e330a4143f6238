/**
 * Files in the bucket (issues #29, #40), once uploaded (app/uploads.ts
 * signs the forms): what names them (a submission, an incident report, an
 * inject's attachments) keeps a copy of its own of what the bucket holds
 * under the staging prefix uploads for it get; members and organisers
 * download through short-lived links served as attachments. The export of
 * an inject's submissions is app/exports.ts.
 */
import { randomBytes } from 'node:crypto';
import type * as v from 'valibot';
import type { FileLinkSchema } from '#shared/api/schemas/responses/injects';
import { copyObject, headObject, objectStore, presignedGet } from '#shared/aws/objects';
import { readInject } from '#shared/data/injects';
import { DOWNLOAD_SECONDS, attachmentOf, fileNameOf, isTeamFile, keptKey, storedFileRefusal, type FilePlace } from '#shared/domain/files';
import { fileInOrder, type KeptFile, type StoredFile } from '#shared/domain/stored-file';
import { seenByTeams } from '#shared/domain/injects';
import { conflict, HttpProblem, notFound, validationFailed } from '#shared/http/problem';
import { formatTimestamp } from '#shared/validation';

/** What a naming (a version, a report, an inject's edit) may carry, and what the files it names count against. */
export interface KeepLimits {
  /** Bytes of the files it names, together. */
  maxBytes: number;
  /** Bytes of every file kept before it (`earlier`) and its new ones together, each copy counted once: a team's cap. */
  maxTotalBytes?: number;
}

/**
 * The files a submission, a report or an inject's edit names, kept: each a
 * key of an upload for it (under `where.staged`), in the bucket, within the
 * size and of a type that may be uploaded, then copied to a key of its own
 * under `where.kept` only while its ETag is the one read (a form posted
 * again meanwhile fails the copy: 409 `file_changed`). What names it from
 * then on is that copy, which nothing a team may do reaches. A key already
 * kept by an earlier naming (`earlier`), or an upload an earlier naming
 * kept and not posted again since, is that copy again: one upload is one
 * file, counted once. 400 naming each key that is not one of these
 * (`field`.index); 413 `files_too_large` past the limits, naming them.
 */
export async function keepFiles(
  where: FilePlace,
  keys: readonly string[],
  options: { earlier?: readonly (StoredFile & Partial<KeptFile>)[]; limits: KeepLimits; field?: string },
): Promise<KeptFile[]> {
  const field = options.field ?? 'files';
  const earlier = options.earlier ?? [];
  if (keys.length === 0) return [];
  if (new Set(keys).size !== keys.length) throw validationFailed([{ path: field, message: 'names a file twice' }]);
  const store = objectStore();
  const keptBefore = new Map(earlier.map((file) => [file.key, file]));
  const stored = await Promise.all(
    keys.map((key) => (key.startsWith(where.staged) && !keptBefore.has(key) ? headObject(store, key) : Promise.resolve(undefined))),
  );
  const problems = keys.flatMap((key, i) => {
    if (keptBefore.has(key)) return [];
    const refusal = storedFileRefusal(key, stored[i], where.staged);
    return refusal ? [{ path: `${field}.${i}`, message: refusal }] : [];
  });
  if (problems.length > 0) throw validationFailed(problems);
  type Named = { again: StoredFile & Partial<KeptFile> } | { key: string; head: NonNullable<(typeof stored)[number]> };
  const named = keys.map((key, i): Named => {
    const head = stored[i];
    const again = keptBefore.get(key) ?? earlier.find((file) => head !== undefined && file.uploaded_as === key && file.etag === head.etag);
    return again ? { again } : { key, head: head! };
  });
  const bytes = named.reduce((sum, n) => sum + ('again' in n ? n.again.size : n.head.size), 0);
  if (bytes > options.limits.maxBytes) {
    throw filesTooLarge(`These files come to ${bytes} bytes: at most ${options.limits.maxBytes} are taken at once.`);
  }
  if (options.limits.maxTotalBytes !== undefined) {
    const before = [...new Map(earlier.map((file) => [file.key, file.size])).values()].reduce((sum, size) => sum + size, 0);
    const added = named.reduce((sum, n) => sum + ('again' in n ? 0 : n.head.size), 0);
    if (before + added > options.limits.maxTotalBytes) {
      throw filesTooLarge(`The files kept here come to ${before} bytes and these add ${added}: at most ${options.limits.maxTotalBytes} are kept in all.`);
    }
  }
  return Promise.all(
    named.map(async (n, i): Promise<KeptFile> => {
      if ('again' in n) return { ...fileInOrder(n.again), uploaded_as: n.again.uploaded_as ?? n.again.key, etag: n.again.etag ?? '' };
      const kept = keptKey(where, n.key, randomBytes(8).toString('hex'));
      const copied = await copyObject(store, n.key, kept, n.head.etag);
      if (copied === 'gone') throw validationFailed([{ path: `${field}.${i}`, message: `${n.key} was not uploaded (or not yet)` }]);
      if (copied === 'changed') throw conflict('file_changed', `${n.key} was uploaded again while it was being kept: send it again.`);
      return { key: kept, name: fileNameOf(n.key), size: n.head.size, content_type: n.head.content_type, uploaded_as: n.key, etag: n.head.etag };
    }),
  );
}

const filesTooLarge = (detail: string) => new HttpProblem(413, 'files_too_large', detail);

/**
 * A download link, served as an attachment, to one of a team's files (for
 * its members and organisers: its kept files, and its own uploads) or to a
 * kept attachment of an inject open to the team: what the team's page may
 * download. 404 for any other key, or one not there.
 */
export async function downloadLink(teamId: number, key: string, now = new Date()): Promise<FileLink> {
  const seen = isTeamFile(teamId, key) || (await attachmentSeenByTeams(key, now));
  return downloadLinkTo(seen ? key : undefined, () => notFound(`Team ${teamId} has no file ${key}.`), now);
}

/** A download link to one of an inject's attachments, for organisers: in any state, named by the inject or uploaded for it and not yet named. */
export async function attachmentLink(injectId: number, key: string, now = new Date()): Promise<FileLink> {
  return downloadLinkTo(attachmentOf(key)?.injectId === injectId ? key : undefined, () => notFound(`Inject ${injectId} has no attachment ${key}.`), now);
}

/** What a download link answers, as its schema says. */
export type FileLink = v.InferOutput<typeof FileLinkSchema>;

/** The link to a key the caller may read (undefined: one it may not), if the bucket holds it; the caller's 404 otherwise. */
export async function downloadLinkTo(key: string | undefined, missing: () => Error, now: Date): Promise<FileLink> {
  const store = objectStore();
  if (key === undefined || key.split('/').includes('..') || !(await headObject(store, key))) throw missing();
  const name = fileNameOf(key);
  return {
    url: await presignedGet(store, key, name, DOWNLOAD_SECONDS, now),
    name,
    expires_at: formatTimestamp(now.getTime() + DOWNLOAD_SECONDS * 1000),
  };
}

/** Whether a key is a kept attachment of an inject published and open to the teams. */
async function attachmentSeenByTeams(key: string, now: Date): Promise<boolean> {
  const attachment = attachmentOf(key);
  if (attachment === undefined || !attachment.kept) return false;
  const inject = await readInject(attachment.injectId);
  return inject !== undefined && seenByTeams(inject, now.getTime());
}
