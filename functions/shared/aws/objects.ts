/**
 * The files bucket (issue #29) over S3's REST API: signed requests with
 * node's fetch, as the agent reaches Lambda and KMS, not the S3 client,
 * whose weight (about 1 MB bundled) every function that touches a file would
 * carry for four calls. Presigned POST forms for the browser's uploads,
 * presigned GET links for downloads, HEAD to read back what an upload left,
 * GET and a multipart PUT for the export's ZIP.
 *
 * In AWS the bucket is FILES_BUCKET in the function's region, reached
 * virtual-hosted style with the function's credentials; locally
 * FILES_ENDPOINT points at the local object store (lib/local/object-store.ts),
 * path style, with its fixed local key.
 */
import { createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { environmentCredentials } from '#shared/aws/invoke';
import { NodeSha256, type AwsCredentials } from '#shared/aws/sigv4';
import { uploadFields, uploadPolicy, attachment } from '#shared/domain/files';

export interface ObjectStore {
  bucket: string;
  /** Where the bucket's objects are: `<bucketUrl>/<key>`; a POST upload goes to it. */
  bucketUrl: string;
  region: string;
  credentials: () => AwsCredentials;
}

/** The local object store's one key (lib/local/object-store.ts registers it). */
export const LOCAL_OBJECT_STORE_CREDENTIALS: AwsCredentials = { accessKeyId: 'local-files', secretAccessKey: 'local-files-secret' };

/** The bucket as the environment names it. */
export function objectStore(): ObjectStore {
  const bucket = process.env.FILES_BUCKET;
  if (!bucket) throw new Error('FILES_BUCKET is not set: this function has no files bucket (its route says no `bucket`).');
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const endpoint = process.env.FILES_ENDPOINT;
  return endpoint
    ? { bucket, bucketUrl: `${endpoint.replace(/\/$/, '')}/${bucket}`, region, credentials: () => LOCAL_OBJECT_STORE_CREDENTIALS }
    : { bucket, bucketUrl: `https://${bucket}.s3.${region}.amazonaws.com`, region, credentials: environmentCredentials };
}

/** SigV4's time format: 20130524T000000Z. */
export const amzDate = (time: Date) =>
  time
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A POST policy's signature (hex): the base64 policy signed with SigV4's key for S3 on a day (YYYYMMDD) in a region. */
export function postSignature(secret: string, day: string, region: string, policyBase64: string): string {
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(policyBase64).digest('hex');
}

/**
 * A presigned POST form: where to post, and the fields to send before the
 * file (its policy and signature among them). S3 takes the upload only as
 * the policy says (domain/files.ts uploadPolicy).
 */
export function presignedPost(
  store: ObjectStore,
  upload: { key: string; contentType: string; maxBytes: number; expiresAt: Date },
  now = new Date(),
): { url: string; fields: Record<string, string> } {
  const credentials = store.credentials();
  const date = amzDate(now);
  const signing = {
    credential: `${credentials.accessKeyId}/${date.slice(0, 8)}/${store.region}/s3/aws4_request`,
    amzDate: date,
    securityToken: credentials.sessionToken || undefined,
  };
  const policy = Buffer.from(JSON.stringify(uploadPolicy({ bucket: store.bucket, ...upload }, signing))).toString('base64');
  const signature = postSignature(credentials.secretAccessKey, date.slice(0, 8), store.region, policy);
  return { url: store.bucketUrl, fields: { ...uploadFields(upload, signing), policy, 'x-amz-signature': signature } };
}

/** A key as a URL path: each segment encoded, its slashes kept (as S3 reads an object's path, and CopyObject its source). */
export const keyPath = (key: string) => key.split('/').map(encodeURIComponent).join('/');

const objectUrl = (store: ObjectStore, key: string) => new URL(`${store.bucketUrl}/${keyPath(key)}`);

const signer = (store: ObjectStore) =>
  new SignatureV4({ service: 's3', region: store.region, credentials: store.credentials(), sha256: NodeSha256, uriEscapePath: false, applyChecksum: true });

/** S3's payload hash of a request whose body is not signed (a presigned link's). */
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/**
 * A presigned GET link to an object, served as a download (S3 sends the
 * `response-content-disposition` the link fixes) for `expiresInSeconds`.
 */
export function presignedGet(store: ObjectStore, key: string, fileName: string, expiresInSeconds: number, now = new Date()): Promise<string> {
  return presignedUrl(store, key, { 'response-content-disposition': attachment(fileName) }, expiresInSeconds, now);
}

/** A presigned GET of an object with these query parameters (signed with it), as S3 reads query-string SigV4: only `host` signed, the payload not. */
export async function presignedUrl(store: ObjectStore, key: string, query: Record<string, string>, expiresInSeconds: number, now: Date): Promise<string> {
  const url = objectUrl(store, key);
  const presigned = await signer(store).presign(
    {
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query,
      headers: { host: url.host, 'x-amz-content-sha256': UNSIGNED_PAYLOAD },
    },
    {
      expiresIn: expiresInSeconds,
      signingDate: now,
      // The payload is not signed, and a browser's GET carries no such header: neither signed nor in the query.
      unsignableHeaders: new Set(['x-amz-content-sha256']),
      unhoistableHeaders: new Set(['x-amz-content-sha256']),
    },
  );
  const signed = new URL(url);
  for (const [name, value] of Object.entries(presigned.query ?? {})) signed.searchParams.set(name, String(value));
  return signed.toString();
}

/** How long one request to the bucket may take. */
const REQUEST_TIMEOUT_MS = 10_000;

async function send(
  store: ObjectStore,
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE',
  key: string,
  request: { query?: Record<string, string>; headers?: Record<string, string>; body?: Uint8Array | string } = {},
): Promise<Response> {
  const url = objectUrl(store, key);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  const signed = await signer(store).sign({
    method,
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: request.query ?? {},
    headers: { host: url.host, ...request.headers },
    body: request.body,
  });
  const headers = { ...(signed.headers as Record<string, string>) };
  delete headers.host;
  return fetch(url, { method, headers, body: request.body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
}

async function failed(response: Response, what: string): Promise<Error> {
  const text = await response.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
  return new Error(`S3 ${what}: HTTP ${response.status}${code ? ` ${code}` : ''}`);
}

/** What the bucket holds at a key: its size, type and ETag, or undefined when nothing is there. */
export async function headObject(store: ObjectStore, key: string): Promise<{ size: number; content_type: string; etag: string } | undefined> {
  const response = await send(store, 'HEAD', key);
  if (response.status === 404) return undefined;
  if (!response.ok) throw await failed(response, `HEAD ${key}`);
  return {
    size: Number(response.headers.get('content-length') ?? 0),
    content_type: response.headers.get('content-type') ?? '',
    etag: response.headers.get('etag') ?? '',
  };
}

/**
 * CopyObject within the bucket: `from`'s bytes and headers to `to`, only
 * while `from` still has the ETag read (`x-amz-copy-source-if-match`), so a
 * file posted again between the read and the copy is never the one copied.
 * 'changed' when it was (412), 'gone' when nothing is there any more.
 */
export async function copyObject(store: ObjectStore, from: string, to: string, etag: string): Promise<'copied' | 'changed' | 'gone'> {
  const source = `/${store.bucket}/${keyPath(from)}`;
  const response = await send(store, 'PUT', to, { headers: { 'x-amz-copy-source': source, 'x-amz-copy-source-if-match': etag } });
  if (response.status === 412) return 'changed';
  if (response.status === 404) return 'gone';
  // S3 may answer 200 with an error in the body when a copy fails late.
  const text = await response.text();
  if (!response.ok || text.includes('<Error>')) throw new Error(`S3 copy ${from} to ${to}: HTTP ${response.status} ${/<Code>([^<]+)/.exec(text)?.[1] ?? ''}`);
  return 'copied';
}

/** An object's bytes (the export reads each file whole: a file is at most MAX_FILE_BYTES). */
export async function getObject(store: ObjectStore, key: string): Promise<Uint8Array> {
  const response = await send(store, 'GET', key);
  if (!response.ok) throw await failed(response, `GET ${key}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The part size of a multipart upload (S3's least but for the last part is 5 MiB). */
export const PART_BYTES = 8 * 1024 * 1024;

/**
 * Writes an object of unknown length a part at a time, holding at most one
 * part in memory: one PUT when the whole fits a part, else S3's multipart
 * upload (aborted when a part fails, so no parts are left billed).
 */
export class ObjectWriter {
  private chunks: Uint8Array[] = [];
  private buffered = 0;
  private uploadId?: string;
  private readonly parts: string[] = [];
  /** Bytes written so far. */
  size = 0;

  constructor(
    private readonly store: ObjectStore,
    private readonly key: string,
    private readonly headers: { contentType: string; disposition: string },
    private readonly partBytes = PART_BYTES,
  ) {}

  async write(chunk: Uint8Array): Promise<void> {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.size += chunk.length;
    if (this.buffered >= this.partBytes) await this.flushPart();
  }

  async finish(): Promise<void> {
    if (this.uploadId === undefined) {
      const response = await send(this.store, 'PUT', this.key, { headers: this.objectHeaders(), body: this.take() });
      if (!response.ok) throw await failed(response, `PUT ${this.key}`);
      return;
    }
    if (this.buffered > 0) await this.flushPart();
    const body = `<CompleteMultipartUpload>${this.parts.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
    const response = await send(this.store, 'POST', this.key, { query: { uploadId: this.uploadId }, body, headers: { 'content-type': 'application/xml' } });
    // S3 may answer 200 with an error in the body when the completion fails late.
    const text = await response.text();
    if (!response.ok || text.includes('<Error>')) throw new Error(`S3 complete ${this.key}: HTTP ${response.status} ${/<Code>([^<]+)/.exec(text)?.[1] ?? ''}`);
  }

  /** Gives up a multipart upload (its parts are deleted); nothing to do for one not started. */
  async abort(): Promise<void> {
    if (this.uploadId === undefined) return;
    await send(this.store, 'DELETE', this.key, { query: { uploadId: this.uploadId } }).catch(() => undefined);
  }

  private objectHeaders() {
    return { 'content-type': this.headers.contentType, 'content-disposition': this.headers.disposition };
  }

  private take(): Uint8Array {
    const body = Buffer.concat(this.chunks);
    this.chunks = [];
    this.buffered = 0;
    return body;
  }

  private async flushPart(): Promise<void> {
    if (this.uploadId === undefined) {
      const response = await send(this.store, 'POST', this.key, { query: { uploads: '' }, headers: this.objectHeaders() });
      const text = await response.text();
      const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(text)?.[1];
      if (!response.ok || !uploadId) throw new Error(`S3 multipart upload of ${this.key}: HTTP ${response.status}`);
      this.uploadId = uploadId;
    }
    const partNumber = String(this.parts.length + 1);
    const response = await send(this.store, 'PUT', this.key, { query: { partNumber, uploadId: this.uploadId }, body: this.take() });
    const etag = response.headers.get('etag');
    if (!response.ok || !etag) throw await failed(response, `part ${partNumber} of ${this.key}`);
    this.parts.push(etag);
  }
}
