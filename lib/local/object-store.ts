import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LOCAL_OBJECT_STORE_CREDENTIALS, postSignature } from '#shared/aws/objects';
import { MAX_FILE_BYTES, postRefusal, type PostPolicy } from '#shared/domain/files';
import { readBodyUpTo } from './read-body';

/** The bucket's name locally (FILES_BUCKET). */
export const LOCAL_FILES_BUCKET = 'scoring-files';

export interface ObjectStoreLocal {
  /** FILES_ENDPOINT: the bucket is `<endpoint>/<bucket>` (path style). */
  endpoint: string;
  bucket: string;
  /** Lets a page of this origin post uploads and read answers (the bucket's CORS rule). */
  allowOrigin(origin: string): void;
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/**
 * The local twin of the files bucket: s3rver (an S3-compatible server, in
 * this process) on a free loopback port, behind a small front on another
 * that does what s3rver does not: it checks a POST upload's signature and
 * every condition of its policy with the project's own rules
 * (domain/files.ts postRefusal), as S3 does, and answers CORS as the stack's
 * bucket rule does. Everything else passes through to s3rver. Files are kept
 * under `dataDir` (the dev server's data directory), or in a temporary
 * directory removed on stop, on exit, and by a watchdog when this process is
 * killed outright.
 */
export async function startObjectStore(options: { dataDir?: string } = {}): Promise<ObjectStoreLocal> {
  const require = createRequire(import.meta.url);
  const S3rver = require('s3rver') as S3rverClass;
  // s3rver knows one key of its own; the functions sign with the local key, registered here.
  (require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } }).DUMMY_ACCOUNT.createKeyPair(
    LOCAL_OBJECT_STORE_CREDENTIALS.accessKeyId,
    LOCAL_OBJECT_STORE_CREDENTIALS.secretAccessKey,
  );
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
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: LOCAL_FILES_BUCKET, configs: [] }] });
  const { port: backPort } = await s3rver.run();
  const origins = new Set<string>();
  const front = createServer((req, res) => {
    answer(req, res, { backPort, origins }).catch((error: unknown) => {
      if (!res.headersSent) s3Error(res, 500, 'InternalError', error instanceof Error ? error.message : String(error), undefined);
      else res.destroy();
    });
  });
  await new Promise<void>((listening, reject) => {
    front.once('error', reject);
    front.listen(0, '127.0.0.1', () => listening());
  });
  const address = front.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    endpoint,
    bucket: LOCAL_FILES_BUCKET,
    allowOrigin: (origin) => void origins.add(origin),
    async stop() {
      await closeServer(front);
      await s3rver.close();
      removeDirectory();
      process.off('exit', removeDirectory);
    },
  };
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

async function answer(req: IncomingMessage, res: ServerResponse, store: { backPort: number; origins: Set<string> }): Promise<void> {
  const origin = req.headers.origin;
  const allowed = origin !== undefined && store.origins.has(origin) ? origin : undefined;
  if (allowed) {
    res.setHeader('access-control-allow-origin', allowed);
    res.setHeader('vary', 'Origin');
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'OPTIONS') {
    if (!allowed) return s3Error(res, 403, 'AccessForbidden', 'CORSResponse: this origin is not allowed', undefined);
    res.writeHead(200, {
      'access-control-allow-methods': 'GET, HEAD, POST',
      'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? '*'),
      'access-control-max-age': '3000',
    });
    return void res.end();
  }
  const isUpload = req.method === 'POST' && /^\/[^/]+\/?$/.test(url.pathname) && url.search === '';
  if (!isUpload) return pass(req, res, store.backPort, undefined);
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > MAX_FORM_BYTES) return s3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', req);
  const body = await readBodyUpTo(req, MAX_FORM_BYTES);
  if (body === 'too-large') return s3Error(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', undefined);
  const refusal = await uploadRefusal(url.pathname.replace(/\//g, ''), String(req.headers['content-type'] ?? ''), body);
  if (refusal) return s3Error(res, refusal.status, refusal.code, refusal.message, undefined);
  return pass(req, res, store.backPort, body);
}

/**
 * Why S3 would refuse this POST upload: not a form, no policy or signature,
 * a signature that is not the local key's over the policy, or a condition
 * of the policy the form does not meet (postRefusal).
 */
export async function uploadRefusal(bucket: string, contentType: string, body: Buffer): Promise<{ status: number; code: string; message: string } | undefined> {
  let form: FormData;
  try {
    form = await new Request('http://localhost/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  } catch {
    return { status: 400, code: 'MalformedPOSTRequest', message: 'The body of your POST request is not well-formed multipart/form-data.' };
  }
  const fields: Record<string, string> = {};
  let size = -1;
  for (const [name, value] of form) {
    if (typeof value === 'string') fields[name] = value;
    else if (name === 'file') size = value.size;
  }
  if (size < 0) return { status: 400, code: 'InvalidArgument', message: 'POST requires exactly one file upload per request.' };
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
  const refused = postRefusal(policy, { bucket, fields, size }, new Date());
  if (!refused) return undefined;
  return refused.startsWith('the file is')
    ? { status: 400, code: size < 1 ? 'EntityTooSmall' : 'EntityTooLarge', message: `Your proposed upload is outside the policy's size range: ${refused}` }
    : { status: 403, code: 'AccessDenied', message: `Invalid according to Policy: Policy Condition failed: ${refused}` };
}

/** Sends the request on to s3rver (the body read already, or streamed), and its answer back. */
function pass(req: IncomingMessage, res: ServerResponse, backPort: number, body: Buffer | undefined): Promise<void> {
  return new Promise((done, fail) => {
    const headers = { ...req.headers };
    delete headers.origin;
    if (body) headers['content-length'] = String(body.length);
    const back = httpRequest({ host: '127.0.0.1', port: backPort, method: req.method, path: req.url, headers }, (answer) => {
      const passed = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !name.startsWith('access-control-')));
      res.writeHead(answer.statusCode ?? 502, passed);
      answer.pipe(res);
      answer.on('end', () => done());
      answer.on('error', fail);
    });
    back.on('error', fail);
    if (body) back.end(body);
    else req.pipe(back);
  });
}

function s3Error(res: ServerResponse, status: number, code: string, message: string, unread: IncomingMessage | undefined): void {
  unread?.resume();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`)}</Message></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml), connection: 'close' });
  res.end(xml);
}
