import * as v from 'valibot';
import { MAX_BYTES_PER_SUBMISSION, MAX_FILES_PER_SUBMISSION, UPLOAD_CONTENT_TYPES, type UploadContentType } from '#shared/domain/files';
import { FreeText, PositiveInt } from '#shared/validation';

/**
 * Files: upload forms for answers, evidence and attachments, and which file to download.
 */

/** A key of the files bucket, as an upload form gave it. */
export const FileKey = v.pipe(
  v.string('must be a string'),
  v.regex(/^[A-Za-z0-9._/-]{1,300}$/, 'must be a key an upload form gave (letters, digits, . _ - and /)'),
  v.check((key) => !/(^|\/)\.{0,2}(\/|$)/.test(key), 'must not have empty, . or .. segments'),
  v.description('The key an upload form gave (POST /team/{id}/uploads).'),
);

export const uploadedFile = {
  file_name: v.pipe(FreeText(255), v.description('Its name (made safe: letters, digits, . _ -; at most 100 characters).')),
  content_type: v.pipe(
    v.picklist(Object.keys(UPLOAD_CONTENT_TYPES) as UploadContentType[], `must be one of ${Object.keys(UPLOAD_CONTENT_TYPES).join(', ')}`),
    v.description('Its type, declared: the form allows only that one.'),
  ),
};

/** An upload form asked for by a team: one file of an answer to an inject, or of an incident report's evidence. */
export const UploadBody = v.variant(
  'for',
  [
    v.strictObject({
      for: v.pipe(v.literal('inject'), v.description('A file of an answer to an inject (then name it in the submission).')),
      inject_id: v.pipe(PositiveInt, v.description('The inject the file answers (one the team may still send for).')),
      ...uploadedFile,
    }),
    v.strictObject({
      for: v.pipe(v.literal('incident'), v.description("Evidence for an incident report (then name it in the report's files).")),
      ...uploadedFile,
    }),
  ],
  'must say what the file is for: "inject" (with inject_id) or "incident"',
);

/** An upload form asked for by an organiser: one attachment of an inject. */
export const AttachmentUploadBody = v.strictObject(uploadedFile);

/** Which file to download. */
export const FileQuery = v.object({
  key: v.pipe(FileKey, v.description("The file's key, as a submission lists it.")),
});

/** A team's report of an incident. */
/** Evidence uploaded first, named by the keys its upload forms gave (`through`); what names it (`keeper`) keeps a copy of each. */
export function evidenceKeys(through: string, keeper: string) {
  return v.pipe(
    v.array(FileKey),
    v.maxLength(MAX_FILES_PER_SUBMISSION, `must name at most ${MAX_FILES_PER_SUBMISSION} files`),
    v.description(
      `Evidence uploaded first (at most ${MAX_FILES_PER_SUBMISSION}, ${MAX_BYTES_PER_SUBMISSION} bytes together; ${through}): their keys. ${keeper} keeps a copy of each.`,
    ),
  );
}
