import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LOCAL_OBJECT_STORE_CREDENTIALS, keyPath, postSignature } from '#shared/aws/objects';
import { ABORT_UNFINISHED_UPLOADS_DAYS, LIFECYCLE_RULES, MAX_FILE_BYTES, postRefusal, type PostPolicy } from '#shared/domain/files';
import { ObjectFiles, type ObjectMeta } from './object-files';
import { readBodyUpTo } from './read-body';
import { carriesSignature, decodePath, queryPairs, verifySignature, type SigningScope } from './sigv4';

/** The bucket's name locally (FILES_BUCKET). */
export const LOCAL_FILES_BUCKET = 'scoring-files';
/** The local store's region: what its signatures are scoped to. */
const REGION = process.env.AWS_REGION ?? 'us-east-1';

export interface ObjectStoreLocal {
  /** FILES_ENDPOINT: the bucket is `<endpoint>/<bucket>` (path style). */
  endpoint: string;
  bucket: string;
  /** Where its objects are on disk (under their keys' hashes). */
  directory: string;
  /** Lets a page of this origin post uploads and read answers (the bucket's CORS rule). */
  allowOrigin(origin: string): void;
  /** Applies the bucket's lifecycle rules as of `now` (S3 runs them daily; the twin hourly and on start): how many objects went. */
  expire(now?: Date): number;
  /** What the bucket holds under a prefix (tests look without signing). */
  list(prefix?: string): ObjectMeta[];
  stop(): Promise<void>;
}

/**
 * The local twin of the files bucket: a small S3 of our own, on a free
 * loopback port, that refuses what S3 refuses for what the functions and
 * the pages do with it. Every request is signed (SigV4 in a header, or a
 * presigned URL) with the local key, or is a POST upload whose policy is
 * signed and met (domain/files.ts postRefusal); anything else is 403, as a
 * private bucket answers. Keys are kept literally (`..%2F` is part of a
 * key, never a path), objects on disk under their key's hash. It speaks
 * GET, HEAD, PUT (and CopyObject, with `x-amz-copy-source-if-match`),
 * DELETE, ListObjectsV2, multipart uploads and POST forms, answers CORS as
 * the stack's bucket rule does, and applies the stack's lifecycle rules.
 *
 * Files are kept under `dataDir` (the dev server's data directory), or in a
 * temporary directory removed on stop, on exit, and by a watchdog when this
 * process is killed outright.
 */
export async function startObjectStore(options: { dataDir?: string } = {}): Promise<ObjectStoreLocal> {
  const temporary = options.dataDir === undefined;
  const directory = temporary ? mkdtempSync(join(tmpdir(), 'scoring-files-')) : resolve(options.dataDir!, 'files');
  mkdirSync(directory, { recursive: true });
  // Removed on stop and on exit; a watchdog removes it when this process is killed outright (SIGKILL, a crashed test worker).
  const watchdog = temporary ? removeWhenGone(process.pid, directory) : undefined;
  const removeDirectory = () => {
    if (!temporary) return;
    rmSync(directory, { recursive: true, force: true });
    if (watchdog?.exitCode === null) watchdog.kill('SIGKILL');
  };
  process.once('exit', removeDirectory);
  const objects = new ObjectFiles(directory);
  const origins = new Set<string>();
  const expire = (now = new Date()) => expireObjects(objects, now);
  expire();
  const hourly = setInterval(() => expire(), 3_600_000).unref();
  const server = createServer((req, res) => {
    answer(req, res, objects, origins).catch((error: unknown) => {
      if (!res.headersSent) s3Error(res, 500, 'InternalError', error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  });
  await new Promise<void>((listening, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => listening());
  });
  const address = server.address();
  return {
    endpoint: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    bucket: LOCAL_FILES_BUCKET,
    directory,
    allowOrigin: (origin) => void origins.add(origin),
    expire,
    list: (prefix) => objects.list(prefix),
    async stop() {
      clearInterval(hourly);
      await closeServer(server);
      removeDirectory();
      process.off('exit', removeDirectory);
    },
  };
}

/** The stack's lifecycle rules, applied: objects under a rule's prefix older than its days, and multipart uploads never finished. */
function expireObjects(objects: ObjectFiles, now: Date): number {
  let expired = 0;
  for (const rule of LIFECYCLE_RULES) {
    const before = now.getTime() - rule.days * 86_400_000;
    for (const meta of objects.list(rule.prefix)) {
      if (Date.parse(meta.last_modified) <= before) {
        objects.delete(meta.key);
        expired++;
      }
    }
  }
  return expired + objects.abortStartedBefore(new Date(now.getTime() - ABORT_UNFINISHED_UPLOADS_DAYS * 86_400_000));
}

/** A tiny shell that outlives this process just long enough to remove its temporary directory. */
function removeWhenGone(pid: number, directory: string): ChildProcess {
  const script = `while kill -0 ${pid} 2>/dev/null; do sleep 1; done; rm -rf '${directory}'`;
  const watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  return watchdog;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((closed) => {
    server.close(() => closed());
    server.closeAllConnections();
  });
}

/** A POST form's body is read whole to be checked: at most the largest file and its fields. */
const MAX_FORM_BYTES = MAX_FILE_BYTES + 64 * 1024;
/** Any other request's body (an object or a part of the export's ZIP): S3 takes 5 GiB; locally a part is 8 MiB. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

const SCOPE: SigningScope = {
  service: 's3',
  region: REGION,
  paths: 's3',
  presigned: true,
  secretOf: (id) => (id === LOCAL_OBJECT_STORE_CREDENTIALS.accessKeyId ? LOCAL_OBJECT_STORE_CREDENTIALS.secretAccessKey : undefined),
};

async function answer(req: IncomingMessage, res: ServerResponse, objects: ObjectFiles, origins: Set<string>): Promise<void> {
  const origin = req.headers.origin;
  const allowed = origin !== undefined && origins.has(origin) ? origin : undefined;
  if (allowed) {
    res.setHeader('access-control-allow-origin', allowed);
    res.setHeader('vary', 'Origin');
  }
  const target = req.url ?? '/';
  const queryAt = target.indexOf('?');
  const rawPath = queryAt < 0 ? target : target.slice(0, queryAt);
  const rawQueryString = queryAt < 0 ? '' : target.slice(queryAt + 1);
  const [, rawBucket = '', ...rawKey] = rawPath.split('/');
  // S3 reads the key as decoded, literally: `a/..%2Fb` is the key `a/../b`, `a/../b` the key `a/../b` too.
  const key = decodePath(rawKey.join('/'));
  const query = new Map(queryPairs(rawQueryString));
  const method = req.method ?? 'GET';

  if (method === 'OPTIONS') {
    if (!allowed) return s3Error(res, 403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.', { unread: req });
    res.writeHead(200, {
      'access-control-allow-methods': 'GET, HEAD, POST',
      'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? '*'),
      'access-control-max-age': '3000',
    });
    return void res.end();
  }
  if (decodePath(rawBucket) !== LOCAL_FILES_BUCKET) return s3Error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', { unread: req });

  const isForm = method === 'POST' && key === '' && /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? ''));
  const limit = isForm ? MAX_FORM_BYTES : MAX_BODY_BYTES;
  if (Number(req.headers['content-length'] ?? 0) > limit)
    return s3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', { unread: req });
  const body = await readBodyUpTo(req, limit);
  if (body === 'too-large') return s3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', { close: true });
  // A POST form carries its own authorization (its signed policy), on the bucket's path whatever the query.
  if (isForm) return formUpload(res, objects, String(req.headers['content-type']), body);

  const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : String(value ?? '')]));
  if (!carriesSignature({ headers, rawQueryString })) return s3Error(res, 403, 'AccessDenied', 'Access Denied', { headOnly: method === 'HEAD' });
  const verified = verifySignature({ method, rawPath, rawQueryString, headers, body }, SCOPE);
  if (!verified.ok)
    return s3Error(res, verified.code === 'XAmzContentSHA256Mismatch' ? 400 : 403, verified.code, verified.reason, { headOnly: method === 'HEAD' });

  if (key === '') {
    if (method === 'GET') return listObjects(res, objects, query);
    if (method === 'HEAD') return void res.writeHead(200).end();
    return s3Error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }
  switch (method) {
    case 'GET':
    case 'HEAD':
      return getObject(res, objects, key, query, method === 'HEAD');
    case 'PUT':
      if (headers['x-amz-copy-source']) return copyObject(res, objects, key, headers);
      if (query.has('uploadId')) return uploadPart(res, objects, key, query, body);
      objects.put(key, body, objectHeaders(headers));
      res.writeHead(200, { etag: objects.head(key)!.etag });
      return void res.end();
    case 'POST':
      if (query.has('uploads')) return startUpload(res, objects, key, headers);
      if (query.has('uploadId')) return completeUpload(res, objects, key, query.get('uploadId')!, body.toString('utf8'));
      return s3Error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    case 'DELETE':
      if (query.has('uploadId')) objects.abort(query.get('uploadId')!);
      else objects.delete(key);
      return void res.writeHead(204).end();
    default:
      return s3Error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }
}

const objectHeaders = (headers: Record<string, string>) => ({
  content_type: headers['content-type'] || 'binary/octet-stream',
  ...(headers['content-disposition'] ? { content_disposition: headers['content-disposition'] } : {}),
});

function metaHeaders(meta: ObjectMeta): Record<string, string> {
  return {
    'content-type': meta.content_type,
    'content-length': String(meta.size),
    etag: meta.etag,
    'last-modified': new Date(meta.last_modified).toUTCString(),
    ...(meta.content_disposition ? { 'content-disposition': meta.content_disposition } : {}),
  };
}

function getObject(res: ServerResponse, objects: ObjectFiles, key: string, query: Map<string, string>, headOnly: boolean): void {
  const found = headOnly ? objects.head(key) : objects.get(key);
  const meta = found && 'meta' in found ? found.meta : found;
  if (!found || !meta) return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.', { headOnly });
  // A signed request may override these two in the answer (a presigned link's download name).
  const overrides: Record<string, string> = {};
  if (query.has('response-content-disposition')) overrides['content-disposition'] = query.get('response-content-disposition')!;
  if (query.has('response-content-type')) overrides['content-type'] = query.get('response-content-type')!;
  res.writeHead(200, { ...metaHeaders(meta), ...overrides });
  res.end(headOnly || !('body' in found) ? undefined : found.body);
}

/** CopyObject: the source's bytes and headers under another key, only if the source still has the ETag named (412 otherwise). */
function copyObject(res: ServerResponse, objects: ObjectFiles, key: string, headers: Record<string, string>): void {
  const source = decodePath(headers['x-amz-copy-source']!.replace(/^\//, ''));
  const slash = source.indexOf('/');
  if (slash < 0 || source.slice(0, slash) !== LOCAL_FILES_BUCKET)
    return s3Error(res, 400, 'InvalidArgument', 'Copy Source must mention the source bucket and key: sourcebucket/sourcekey');
  const found = objects.get(source.slice(slash + 1));
  if (!found) return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.');
  const ifMatch = headers['x-amz-copy-source-if-match'];
  if (ifMatch !== undefined && unquoted(ifMatch) !== unquoted(found.meta.etag)) {
    return s3Error(res, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
  }
  const copied = objects.put(key, found.body, { content_type: found.meta.content_type, content_disposition: found.meta.content_disposition }, found.meta.etag);
  xml(res, 200, `<CopyObjectResult><LastModified>${copied.last_modified}</LastModified><ETag>${escapeXml(copied.etag)}</ETag></CopyObjectResult>`);
}

const unquoted = (etag: string) => etag.trim().replace(/^"|"$/g, '');

function listObjects(res: ServerResponse, objects: ObjectFiles, query: Map<string, string>): void {
  const prefix = query.get('prefix') ?? '';
  const max = Math.min(1000, Math.max(0, Number(query.get('max-keys') ?? 1000) || 0));
  const after = query.get('start-after') ?? '';
  const listed = objects.list(prefix).filter((meta) => meta.key > after);
  const page = listed.slice(0, max);
  const contents = page
    .map(
      (m) =>
        `<Contents><Key>${escapeXml(m.key)}</Key><LastModified>${m.last_modified}</LastModified><ETag>${escapeXml(m.etag)}</ETag><Size>${m.size}</Size></Contents>`,
    )
    .join('');
  xml(
    res,
    200,
    `<ListBucketResult><Name>${LOCAL_FILES_BUCKET}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${listed.length > page.length}</IsTruncated>${contents}</ListBucketResult>`,
  );
}

function startUpload(res: ServerResponse, objects: ObjectFiles, key: string, headers: Record<string, string>): void {
  const id = objects.startUpload(key, objectHeaders(headers));
  xml(
    res,
    200,
    `<InitiateMultipartUploadResult><Bucket>${LOCAL_FILES_BUCKET}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
  );
}

function uploadPart(res: ServerResponse, objects: ObjectFiles, key: string, query: Map<string, string>, body: Buffer): void {
  const partNumber = Number(query.get('partNumber'));
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
    return s3Error(res, 400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
  const etag = objects.putPart(query.get('uploadId')!, key, partNumber, body);
  if (!etag) return s3Error(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
  res.writeHead(200, { etag });
  res.end();
}

function completeUpload(res: ServerResponse, objects: ObjectFiles, key: string, uploadId: string, text: string): void {
  // <Part><PartNumber>1</PartNumber><ETag>"…"</ETag></Part>, in either order within a part; found with indexOf, so a body of
  // parts never closed takes one pass.
  const parts: { number: number; etag: string }[] = [];
  for (let at = text.indexOf('<Part>'); at >= 0;) {
    const end = text.indexOf('</Part>', at);
    if (end < 0) break;
    const inner = text.slice(at + 6, end);
    parts.push({
      number: Number(/<PartNumber>(\d{1,5})<\/PartNumber>/.exec(inner)?.[1] ?? NaN),
      etag: (/<ETag>([^<]{1,100})<\/ETag>/.exec(inner)?.[1] ?? '').replace(/&quot;/g, '"'),
    });
    at = text.indexOf('<Part>', end);
  }
  if (parts.some((p, i) => p.number !== (parts[i - 1]?.number ?? 0) + 1 || p.etag === '')) {
    return s3Error(res, 400, 'InvalidPartOrder', 'The list of parts was not in ascending order. The parts list must be specified in order by part number.');
  }
  const done = objects.complete(uploadId, key, parts);
  if (done === 'no-upload') return s3Error(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
  if (done === 'invalid-part') return s3Error(res, 400, 'InvalidPart', 'One or more of the specified parts could not be found.');
  if (done === 'too-small') return s3Error(res, 400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
  xml(
    res,
    200,
    `<CompleteMultipartUploadResult><Bucket>${LOCAL_FILES_BUCKET}</Bucket><Key>${escapeXml(key)}</Key><ETag>${escapeXml(done.etag)}</ETag></CompleteMultipartUploadResult>`,
  );
}

/** A browser's POST upload: refused as S3 would (uploadRefusal), else the file kept as the form says. */
async function formUpload(res: ServerResponse, objects: ObjectFiles, contentType: string, body: Buffer): Promise<void> {
  const form = await readForm(contentType, body);
  if ('status' in form) return s3Error(res, form.status, form.code, form.message);
  const refusal = uploadRefusal(form.fields, form.file.size);
  if (refusal) return s3Error(res, refusal.status, refusal.code, refusal.message);
  const field = (name: string) => Object.entries(form.fields).find(([n]) => n.toLowerCase() === name)?.[1];
  const key = field('key')!;
  const meta = objects.put(key, form.file.bytes, {
    content_type: field('content-type') ?? 'binary/octet-stream',
    ...(field('content-disposition') ? { content_disposition: field('content-disposition') } : {}),
  });
  const location = `/${LOCAL_FILES_BUCKET}/${keyPath(key)}`;
  if (field('success_action_status') === '201') {
    res.setHeader('location', location);
    return xml(
      res,
      201,
      `<PostResponse><Location>${escapeXml(location)}</Location><Bucket>${LOCAL_FILES_BUCKET}</Bucket><Key>${escapeXml(key)}</Key><ETag>${escapeXml(meta.etag)}</ETag></PostResponse>`,
    );
  }
  res.writeHead(204, { location, etag: meta.etag });
  res.end();
}

type Refusal = { status: number; code: string; message: string };

/**
 * A POST form's fields and its one file, as S3 reads them: every field
 * before the file (those after it S3 ignores), none twice, exactly one
 * file part, named `file`. A form that does not say it plainly is refused
 * rather than read one way here and another by whoever reads it next.
 */
export async function readForm(
  contentType: string,
  body: Buffer,
): Promise<{ fields: Record<string, string>; file: { size: number; bytes: Uint8Array } } | Refusal> {
  let form: FormData;
  try {
    form = await new Request('http://localhost/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  } catch {
    return { status: 400, code: 'MalformedPOSTRequest', message: 'The body of your POST request is not well-formed multipart/form-data.' };
  }
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  let file: Blob | undefined;
  for (const [name, value] of form) {
    // The file is the field named file, with a file name or without one (then its text is the content).
    if (name === 'file' || typeof value !== 'string') {
      if (file !== undefined || name !== 'file')
        return { status: 400, code: 'InvalidArgument', message: 'POST requires exactly one file upload per request, in the field named file.' };
      file = typeof value === 'string' ? new Blob([value]) : value;
      continue;
    }
    if (file !== undefined) continue;
    if (seen.has(name.toLowerCase())) return { status: 400, code: 'InvalidArgument', message: `The form field ${name} is given more than once.` };
    seen.add(name.toLowerCase());
    fields[name] = value;
  }
  if (!file) return { status: 400, code: 'InvalidArgument', message: 'POST requires exactly one file upload per request, in the field named file.' };
  return { fields, file: { size: file.size, bytes: new Uint8Array(await file.arrayBuffer()) } };
}

/**
 * Why S3 would refuse this POST upload: no policy or signature, a
 * signature that is not the local key's over the policy, or a condition
 * of the policy the form does not meet (postRefusal).
 */
export function uploadRefusal(fields: Record<string, string>, size: number, now = new Date()): Refusal | undefined {
  const lower = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]));
  const [accessKeyId, day, region] = (lower['x-amz-credential'] ?? '').split('/');
  const policyText = lower.policy;
  if (!policyText || !lower['x-amz-signature'] || accessKeyId !== LOCAL_OBJECT_STORE_CREDENTIALS.accessKeyId || !day || !region) {
    return { status: 403, code: 'AccessDenied', message: 'Invalid according to Policy: the form carries no valid policy, credential or signature.' };
  }
  if (postSignature(LOCAL_OBJECT_STORE_CREDENTIALS.secretAccessKey, day, region, policyText) !== lower['x-amz-signature']) {
    return { status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
  }
  let policy: PostPolicy;
  try {
    policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as PostPolicy;
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: the policy is not JSON.' };
  }
  if (!lower.key) return { status: 400, code: 'InvalidArgument', message: "Bucket POST must contain a field named 'key'." };
  const refused = postRefusal(policy, { bucket: LOCAL_FILES_BUCKET, fields, size }, now);
  if (!refused) return undefined;
  return refused.startsWith('the file is')
    ? { status: 400, code: size < 1 ? 'EntityTooSmall' : 'EntityTooLarge', message: `Your proposed upload is outside the policy's size range: ${refused}` }
    : { status: 403, code: 'AccessDenied', message: `Invalid according to Policy: Policy Condition failed: ${refused}` };
}

const escapeXml = (text: string) => text.replace(/[<&>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function xml(res: ServerResponse, status: number, body: string): void {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * S3's XML error; a HEAD's has no body. A request whose body is left unread
 * (or was cut off) is answered and its connection closed, as S3 does.
 */
function s3Error(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  options: { unread?: IncomingMessage; close?: boolean; headOnly?: boolean } = {},
): void {
  options.unread?.resume();
  const text = options.headOnly ? '' : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`;
  const close = options.unread !== undefined || options.close === true;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(text), ...(close ? { connection: 'close' } : {}) });
  res.end(text);
}
