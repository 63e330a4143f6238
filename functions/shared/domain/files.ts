/**
 * Files teams attach to a submission (issue #29), pure: where each lives in
 * the bucket, what may be uploaded, and the POST policy an upload is signed
 * with, with the rules S3 applies to it, so the local object store (which
 * does not check policies) and the tests apply the same rules.
 *
 * A file goes to the bucket straight from the browser (a presigned POST),
 * never through a Lambda body; the submission then names it by its key, and
 * the API reads back what the bucket holds (its size, its type) before it
 * keeps it.
 */

/** The largest file a team may upload (S3 refuses more through the policy's content-length-range). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Files in one submission version, or one incident report. */
export const MAX_FILES_PER_SUBMISSION = 5;

/** Bytes one version (or one report) may carry, all its files together. */
export const MAX_BYTES_PER_SUBMISSION = 50 * 1024 * 1024;

/**
 * Bytes a team's files for one inject (all its versions) or for its
 * incident reports may come to, each upload counted once however many
 * versions name it: what one team may add to an export, or to the bucket.
 */
export const MAX_TEAM_FILE_BYTES = 200 * 1024 * 1024;

/** Upload forms a team may ask for within UPLOAD_FORM_WINDOW_SECONDS (each asks the bucket to take a file). */
export const UPLOAD_FORMS_PER_WINDOW = 30;
export const UPLOAD_FORM_WINDOW_SECONDS = 10 * 60;

/** Attachments of one inject. */
export const MAX_ATTACHMENTS = 10;

/** How long an upload's form is good for, at most (less when the inject closes sooner). */
export const UPLOAD_SECONDS = 10 * 60;

/** How long a download link is good for. */
export const DOWNLOAD_SECONDS = 5 * 60;

/** What a team may upload, by declared content type: documents, images, text and archives. Anything else is refused at the form. */
export const UPLOAD_CONTENT_TYPES = {
  'application/pdf': 'PDF',
  'text/plain': 'text',
  'text/markdown': 'Markdown',
  'text/csv': 'CSV',
  'application/json': 'JSON',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'application/zip': 'ZIP archive',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint deck',
} as const;
export type UploadContentType = keyof typeof UPLOAD_CONTENT_TYPES;

/**
 * A file name as it may appear in a key, a ZIP and a Content-Disposition:
 * letters, digits, dot, dash and underscore (accents dropped, anything else
 * becomes `_`), no
 * leading dot, at most 100 characters, never empty.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const safe = base
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return safe === '' ? 'file' : safe;
}

/**
 * A whole name (a team's) as part of a file or folder name: a slash in it is
 * no folder here, so "Blue / One" is `Blue_One`, not `One` as a file name's
 * last part would be.
 */
export const safeNamePart = (name: string): string => safeFileName(name.replace(/[\\/]/g, ' '));

/**
 * Where every upload lands, whatever it is for: a form's key is always under
 * it. What names an upload (a submission, a report, an inject's edit) keeps
 * a copy of its own outside it (pinned), so nothing posted later through a
 * form still valid reaches what was named; a lifecycle rule removes what
 * nothing named.
 */
export const STAGING_PREFIX = 'staging/';

/** What the bucket removes by itself (S3's lifecycle rules; the local twin applies the same ones). */
export const LIFECYCLE_RULES = [
  // Uploads nothing named: a form is good for 10 minutes, so three days leaves a team all the time it needs to name it.
  { id: 'StagingExpires', prefix: STAGING_PREFIX, days: 3 },
  { id: 'ExportsExpire', prefix: 'exports/', days: 7 },
] as const;

/** A multipart upload never finished (an export that failed midway) is aborted after this many days. */
export const ABORT_UNFINISHED_UPLOADS_DAYS = 1;

/** Where one kind of file goes: its uploads are staged under `staged`; what names them keeps its copies under `kept`. */
export interface FilePlace {
  staged: string;
  kept: string;
}

const place = (kept: string): FilePlace => ({ staged: `${STAGING_PREFIX}${kept}`, kept });

/** A team's files for its answers to an inject. */
export const submissionFiles = (teamId: number, injectId: number) => place(`teams/${teamId}/injects/${injectId}/`);

/** A team's evidence for its incident reports. */
export const incidentFiles = (teamId: number) => place(`teams/${teamId}/incidents/`);

/** An inject's attachments (organisers upload them; teams download the kept ones once it is open). */
export const injectAttachments = (injectId: number) => place(`injects/${injectId}/`);

/** The red team's evidence for its findings: no key names the member who uploaded it. */
export const findingFiles = () => place('red-team/findings/');

/** Whether a key is the red team's evidence, kept or staged: the red team and organisers may download it. */
export const isFindingFile = (key: string) => key.startsWith(findingFiles().kept) || key.startsWith(findingFiles().staged);

/** Where a team's kept files are, all of them: what its members may download (with its own staged uploads). */
export const teamFilesPrefix = (teamId: number) => `teams/${teamId}/`;

/** Whether a key is one of a team's files, kept or staged: its members and organisers may download it. */
export const isTeamFile = (teamId: number, key: string) =>
  key.startsWith(teamFilesPrefix(teamId)) || key.startsWith(`${STAGING_PREFIX}${teamFilesPrefix(teamId)}`);

/** The inject whose attachment a key is, if it is one, and whether it is kept (named by the inject) or only staged. */
export function attachmentOf(key: string): { injectId: number; kept: boolean } | undefined {
  const match = /^(staging\/)?injects\/([1-9]\d*)\//.exec(key);
  return match ? { injectId: Number(match[2]), kept: match[1] === undefined } : undefined;
}

/** An upload's (or a kept copy's) key: its prefix, a random id (two files of one name never meet), the safe name. */
export const uploadKey = (prefix: string, uploadId: string, fileName: string) => `${prefix}${uploadId}/${safeFileName(fileName)}`;

/** Where a staged upload's kept copy goes: the same name under the kept prefix, with an id of its own (each naming its own copy). */
export const keptKey = (where: FilePlace, stagedKey: string, copyId: string) => uploadKey(where.kept, copyId, fileNameOf(stagedKey));

/** The name a key ends with. */
export const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** The Content-Disposition a download link has S3 send: a download of that name, never a page of the bucket's origin. */
export const attachment = (fileName: string) => `attachment; filename="${safeFileName(fileName)}"`;

/** A POST policy's condition, as S3 reads them: an exact field, eq or starts-with on a field, or the file's size range. */
export type PolicyCondition = Record<string, string> | ['eq' | 'starts-with', string, string] | ['content-length-range', number, number];

export interface PostPolicy {
  expiration: string;
  conditions: PolicyCondition[];
}

/** The signing fields a POST form carries (and its policy fixes). */
export interface PostSigning {
  credential: string;
  /** YYYYMMDD'T'HHMMSS'Z'. */
  amzDate: string;
  securityToken?: string;
}

/**
 * The policy of one upload: the bucket and the exact key (within the team's
 * prefix), the declared content type, served as an attachment, at most
 * `maxBytes` (and at least one), until `expiresAt`; with the signing fields,
 * which S3 requires the policy to fix too. The form's fields are exactly
 * those the policy names (uploadFields).
 */
export function uploadPolicy(
  upload: { bucket: string; key: string; contentType: string; maxBytes: number; expiresAt: Date },
  signing: PostSigning,
): PostPolicy {
  return {
    expiration: upload.expiresAt.toISOString(),
    conditions: [
      { bucket: upload.bucket },
      ...Object.entries(uploadFields(upload, signing)).map(([name, value]) => ({ [name]: value })),
      ['content-length-range', 1, upload.maxBytes],
    ],
  };
}

/** The form fields of one upload, but the policy and its signature (the page sends them, then the file last). */
export function uploadFields(upload: { key: string; contentType: string }, signing: PostSigning): Record<string, string> {
  return {
    key: upload.key,
    'Content-Type': upload.contentType,
    // A download, never a page at the bucket's origin; plain, so every field of a form is a word a shell can pass
    // (the links' response-content-disposition names the file).
    'Content-Disposition': 'attachment',
    success_action_status: '201',
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': signing.credential,
    'x-amz-date': signing.amzDate,
    ...(signing.securityToken ? { 'x-amz-security-token': signing.securityToken } : {}),
  };
}

/** Form fields no condition needs to name (S3's rule). */
const UNCONDITIONED = new Set(['policy', 'x-amz-signature', 'file']);

/**
 * Why S3 would refuse a POST upload under `policy`, or undefined: the policy
 * expired; a condition a field (or the bucket, or the file's size) does not
 * meet; a field no condition names. Field names compare without case, as
 * S3 compares them; values exactly.
 */
export function postRefusal(policy: PostPolicy, upload: { bucket: string; fields: Record<string, string>; size: number }, now: Date): string | undefined {
  if (Date.parse(policy.expiration) <= now.getTime()) return `the policy expired at ${policy.expiration}`;
  const fields = new Map(Object.entries(upload.fields).map(([name, value]) => [name.toLowerCase(), value]));
  const valueOf = (name: string) => (name.toLowerCase() === 'bucket' ? upload.bucket : fields.get(name.toLowerCase()));
  const named = new Set<string>(['bucket']);
  for (const condition of policy.conditions) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        named.add(name.toLowerCase());
        if (valueOf(name) !== value) return `${name} must be ${JSON.stringify(value)}`;
      }
      continue;
    }
    if (condition[0] === 'content-length-range') {
      const [, min, max] = condition;
      if (upload.size < min || upload.size > max) return `the file is ${upload.size} bytes: it must be ${min} to ${max}`;
      continue;
    }
    const [operator, reference, expected] = condition;
    const name = reference.replace(/^\$/, '');
    named.add(name.toLowerCase());
    const actual = valueOf(name) ?? '';
    if (operator === 'eq' ? actual !== expected : !actual.startsWith(expected))
      return `${name} must ${operator === 'eq' ? 'be' : 'start with'} ${JSON.stringify(expected)}`;
  }
  const unnamed = [...fields.keys()].find((name) => !named.has(name) && !UNCONDITIONED.has(name) && !name.startsWith('x-ignore-'));
  return unnamed === undefined ? undefined : `the form's field ${unnamed} is not in the policy`;
}

/**
 * Why a file the bucket holds may not be kept with what names it (a
 * submission, an incident report, an inject), or undefined: its key is not
 * under the prefix uploads for it get, it is larger than allowed, or its
 * type is not one that may be uploaded (S3 enforces the same through the
 * upload's policy; this is checked again here, from what the bucket says,
 * because a local object store does not).
 */
export function storedFileRefusal(key: string, stored: { size: number; content_type: string } | undefined, prefix: string): string | undefined {
  if (!key.startsWith(prefix) || key.split('/').some((segment) => segment === '..' || segment === '.'))
    return `${key} is not one of the uploads for this (those under ${prefix})`;
  if (!stored) return `${key} was not uploaded (or not yet)`;
  if (stored.size > MAX_FILE_BYTES) return `${key} is ${stored.size} bytes: at most ${MAX_FILE_BYTES} are taken`;
  if (stored.size < 1) return `${key} is empty`;
  if (!(stored.content_type in UPLOAD_CONTENT_TYPES)) return `${key} is ${stored.content_type}, not a type a team may upload`;
  return undefined;
}
