import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the twin keeps of an object besides its bytes: what S3 answers in a HEAD. */
export interface ObjectMeta {
  /** The key exactly as S3 would hold it (`..%2F` stays `../`, a literal part of the key). */
  key: string;
  size: number;
  /** S3's ETag, quoted: the MD5 of the bytes, or of the parts' MD5s and `-<parts>` for a multipart upload. */
  etag: string;
  content_type: string;
  content_disposition?: string;
  last_modified: string;
}

interface PendingUpload {
  key: string;
  content_type: string;
  content_disposition?: string;
  started_at: string;
}

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');
/** A key's file name: its hash, so no key (`../`, NUL, 2 000 characters) ever names a path of its own. */
const fileOf = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * The local bucket's objects on disk, as S3 keeps them: any key, held
 * literally. Each object is two files named by its key's hash (the bytes,
 * and what a HEAD answers), written whole and renamed into place, so a
 * reader never sees half an object. Multipart uploads keep their parts
 * under their upload id until completed or aborted.
 */
export class ObjectFiles {
  private readonly objects: string;
  private readonly uploads: string;

  constructor(directory: string) {
    this.objects = join(directory, 'objects');
    this.uploads = join(directory, 'uploads');
    mkdirSync(this.objects, { recursive: true });
    mkdirSync(this.uploads, { recursive: true });
  }

  head(key: string): ObjectMeta | undefined {
    try {
      return JSON.parse(readFileSync(join(this.objects, `${fileOf(key)}.json`), 'utf8')) as ObjectMeta;
    } catch {
      return undefined;
    }
  }

  get(key: string): { meta: ObjectMeta; body: Buffer } | undefined {
    const meta = this.head(key);
    if (!meta) return undefined;
    try {
      return { meta, body: readFileSync(join(this.objects, fileOf(key))) };
    } catch {
      return undefined;
    }
  }

  put(key: string, body: Uint8Array, headers: { content_type: string; content_disposition?: string }, etag = `"${md5(body)}"`, now = new Date()): ObjectMeta {
    const meta: ObjectMeta = { key, size: body.length, etag, ...headers, last_modified: now.toISOString() };
    const name = fileOf(key);
    this.writeWhole(join(this.objects, name), body);
    this.writeWhole(join(this.objects, `${name}.json`), JSON.stringify(meta));
    return meta;
  }

  delete(key: string): void {
    const name = fileOf(key);
    rmSync(join(this.objects, `${name}.json`), { force: true });
    rmSync(join(this.objects, name), { force: true });
  }

  /** Every object whose key starts with `prefix`, in key order (S3's, by UTF-8 bytes). */
  list(prefix = ''): ObjectMeta[] {
    return readdirSync(this.objects)
      .filter((name) => name.endsWith('.json'))
      .flatMap((name) => {
        try {
          const meta = JSON.parse(readFileSync(join(this.objects, name), 'utf8')) as ObjectMeta;
          return meta.key.startsWith(prefix) ? [meta] : [];
        } catch {
          return [];
        }
      })
      .sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
  }

  startUpload(key: string, headers: { content_type: string; content_disposition?: string }, now = new Date()): string {
    const id = randomBytes(16).toString('hex');
    mkdirSync(join(this.uploads, id));
    const pending: PendingUpload = { key, ...headers, started_at: now.toISOString() };
    this.writeWhole(join(this.uploads, id, 'upload.json'), JSON.stringify(pending));
    return id;
  }

  /** The pending upload of this id for this key, if there is one (an id is hex: nothing else names a directory). */
  private pending(id: string, key: string): PendingUpload | undefined {
    if (!/^[0-9a-f]{32}$/.test(id)) return undefined;
    try {
      const pending = JSON.parse(readFileSync(join(this.uploads, id, 'upload.json'), 'utf8')) as PendingUpload;
      return pending.key === key ? pending : undefined;
    } catch {
      return undefined;
    }
  }

  /** A part's ETag, or undefined when no such upload is pending. */
  putPart(id: string, key: string, partNumber: number, body: Uint8Array): string | undefined {
    if (!this.pending(id, key)) return undefined;
    this.writeWhole(join(this.uploads, id, String(partNumber)), body);
    return `"${md5(body)}"`;
  }

  /**
   * Joins the parts named, in order, into the object; 'no-upload' when none
   * is pending, 'invalid-part' when a part named is not there or not the
   * ETag given, 'too-small' when a part but the last is under 5 MiB (S3's
   * rules).
   */
  complete(id: string, key: string, parts: { number: number; etag: string }[], now = new Date()): ObjectMeta | 'no-upload' | 'invalid-part' | 'too-small' {
    const pending = this.pending(id, key);
    if (!pending) return 'no-upload';
    const bodies: Buffer[] = [];
    for (const part of parts) {
      let body: Buffer;
      try {
        body = readFileSync(join(this.uploads, id, String(part.number)));
      } catch {
        return 'invalid-part';
      }
      if (`"${md5(body)}"` !== part.etag.replace(/^"?/, '"').replace(/"?$/, '"')) return 'invalid-part';
      bodies.push(body);
    }
    if (bodies.length === 0 || bodies.slice(0, -1).some((b) => b.length < 5 * 1024 * 1024)) return 'too-small';
    const etag = `"${md5(Buffer.concat(bodies.map((b) => Buffer.from(md5(b), 'hex'))))}-${bodies.length}"`;
    const meta = this.put(key, Buffer.concat(bodies), { content_type: pending.content_type, content_disposition: pending.content_disposition }, etag, now);
    this.abort(id);
    return meta;
  }

  abort(id: string): void {
    if (/^[0-9a-f]{32}$/.test(id)) rmSync(join(this.uploads, id), { recursive: true, force: true });
  }

  /** Uploads begun before `before` and never completed (S3's AbortIncompleteMultipartUpload rule). */
  abortStartedBefore(before: Date): number {
    let aborted = 0;
    for (const id of readdirSync(this.uploads)) {
      try {
        if (statSync(join(this.uploads, id, 'upload.json')).mtime < before) {
          this.abort(id);
          aborted++;
        }
      } catch {
        // Removed meanwhile.
      }
    }
    return aborted;
  }

  private writeWhole(path: string, data: Uint8Array | string): void {
    const temporary = `${path}.${randomBytes(4).toString('hex')}.part`;
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  }
}
