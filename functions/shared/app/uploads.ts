/**
 * Upload forms (issues #29, #40): a presigned POST whose policy fixes the
 * key (under the staging prefix of what it is for), the size range, the
 * declared type, the attachment disposition and its expiry; the browser
 * posts the file straight to the bucket with it, then what it is for names
 * the key (app/files.ts keeps a copy of what the bucket holds). A team's
 * forms are counted: a form may be posted again until it expires, so what
 * names an upload keeps its own copy, never the upload itself.
 */
import { randomBytes } from 'node:crypto';
import type * as v from 'valibot';
import type { UploadFormSchema } from '#shared/api/schemas/responses/injects';
import { objectStore, presignedPost } from '#shared/aws/objects';
import { incidentRules } from '#shared/app/incidents';
import { findingRules } from '#shared/app/findings';
import { teamMaySend } from '#shared/app/injects';
import { readInject } from '#shared/data/injects';
import {
  MAX_FILE_BYTES,
  UPLOAD_FORM_WINDOW_SECONDS,
  UPLOAD_FORMS_PER_WINDOW,
  UPLOAD_SECONDS,
  findingFiles,
  incidentFiles,
  injectAttachments,
  submissionFiles,
  uploadKey,
  type UploadContentType,
} from '#shared/domain/files';
import { notFound, tooManyRequests } from '#shared/http/problem';
import { takeFromWindow } from '#shared/data/team-limits';
import { formatTimestamp } from '#shared/validation';
import type { AccountHome } from '#shared/domain/roles';

/** An upload form: post `fields`, then the file as `file`, to `url`, before `expires_at`. */
export type UploadForm = v.InferOutput<typeof UploadFormSchema>;

/** What a file is uploaded for: a team's answer to an inject, or its incident report's evidence. */
export type TeamUpload = { file_name: string; content_type: UploadContentType } & ({ for: 'inject'; inject_id: number } | { for: 'incident' });

function form(prefix: string, file: { file_name: string; content_type: string }, until: number, now: Date): UploadForm {
  const expiresAt = new Date(Math.min(now.getTime() + UPLOAD_SECONDS * 1000, until));
  const key = uploadKey(prefix, randomBytes(8).toString('hex'), file.file_name);
  const signed = presignedPost(objectStore(), { key, contentType: file.content_type, maxBytes: MAX_FILE_BYTES, expiresAt }, now);
  return { key, url: signed.url, fields: signed.fields, max_bytes: MAX_FILE_BYTES, expires_at: formatTimestamp(expiresAt) };
}

/**
 * An upload form for one of a team's files. For an answer: only while the
 * team may send for the inject (404 for one it does not see, 409
 * `inject_closed` after it closes), and never good past that. For an
 * incident report's evidence: while the competition takes reports (409
 * `incident_reports_off`). Good for UPLOAD_SECONDS at most.
 */
export async function teamUploadForm(teamId: number, asked: TeamUpload, now = new Date()): Promise<UploadForm> {
  if (asked.for === 'incident') {
    await incidentRules();
    await countForm(teamId, now);
    return form(incidentFiles(teamId).staged, asked, Infinity, now);
  }
  const { window } = await teamMaySend(teamId, asked.inject_id, await readInject(asked.inject_id), now);
  await countForm(teamId, now);
  return form(submissionFiles(teamId, asked.inject_id).staged, asked, Date.parse(window.until), now);
}

/** An upload form for the red team's evidence, while the competition takes findings (409 `findings_off`); counted as a team's are. */
export async function findingUploadForm(file: { file_name: string; content_type: UploadContentType }, now = new Date()): Promise<UploadForm> {
  await findingRules();
  await countForm('red', now);
  return form(findingFiles().staged, file, Infinity, now);
}

/** Each form lets a team (or the red team) put a file in the bucket: at most UPLOAD_FORMS_PER_WINDOW a window (429 `uploads_limited` past it). */
async function countForm(home: AccountHome, now: Date): Promise<void> {
  const limited = await takeFromWindow(home, { kind: 'uploads', count: UPLOAD_FORMS_PER_WINDOW, windowSeconds: UPLOAD_FORM_WINDOW_SECONDS }, now.getTime());
  if (limited) {
    throw tooManyRequests(
      'uploads_limited',
      `A team may ask for ${UPLOAD_FORMS_PER_WINDOW} upload forms every ${UPLOAD_FORM_WINDOW_SECONDS / 60} minutes: try again in ${limited.retryAfterSeconds} s.`,
      limited.retryAfterSeconds,
    );
  }
}

/** An upload form for an inject's attachment (an organiser's): any inject, in any state; the inject's edit then names the key. */
export async function attachmentUploadForm(
  injectId: number,
  file: { file_name: string; content_type: UploadContentType },
  now = new Date(),
): Promise<UploadForm> {
  if (!(await readInject(injectId))) throw notFound(`No inject has id ${injectId}.`);
  return form(injectAttachments(injectId).staged, file, Infinity, now);
}
