import { describe, expect, it } from 'vitest';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { postSignature, presignedPost, presignedUrl, type ObjectStore } from '#shared/aws/objects';
import {
  MAX_FILE_BYTES,
  postRefusal,
  safeFileName,
  safeNamePart,
  storedFileRefusal,
  submissionFiles,
  uploadFields,
  uploadPolicy,
  MAX_TEAM_FILE_BYTES,
  type PostPolicy,
} from '#shared/domain/files';
import { type StoredFile } from '#shared/domain/stored-file';
import { exportLayout, exportSize, exportState, MAX_EXPORT_BYTES } from '#shared/domain/exports';
import type { Submission } from '#shared/domain/injects';

// AWS's documented example credentials (the SigV4 test suites' own).
const EXAMPLE = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const store = (bucket: string, region = 'us-east-1'): ObjectStore => ({
  bucket,
  bucketUrl: `https://${bucket}.s3.${region}.amazonaws.com`,
  region,
  credentials: () => EXAMPLE,
});

describe('signing, against AWS', () => {
  it("a presigned GET is the one AWS's documentation computes", async () => {
    // "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)", its example.
    const url = await presignedUrl(
      { ...store('examplebucket'), bucketUrl: 'https://examplebucket.s3.amazonaws.com' },
      'test.txt',
      {},
      86400,
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
  });

  it("a POST policy's signature is the one the AWS SDK's createPresignedPost makes", async () => {
    const client = new S3Client({ region: 'eu-west-1', credentials: { ...EXAMPLE, sessionToken: 'session-token' } });
    const sdk = await createPresignedPost(client, {
      Bucket: 'files-bucket',
      Key: 'teams/1/injects/2/abc/report.pdf',
      Conditions: [['content-length-range', 1, 1000]],
      Fields: { 'Content-Type': 'application/pdf' },
      Expires: 600,
    });
    const day = sdk.fields['X-Amz-Date']!.slice(0, 8);
    expect(postSignature(EXAMPLE.secretAccessKey, day, 'eu-west-1', sdk.fields.Policy!)).toBe(sdk.fields['X-Amz-Signature']);
  });

  it('a form carries the session token, and its policy fixes it (a Lambda role signs with one)', () => {
    const temporary = { ...store('files-bucket'), credentials: () => ({ ...EXAMPLE, sessionToken: 'FwoGZXIvYXdzE' }) };
    const form = presignedPost(
      temporary,
      { key: 'teams/1/injects/2/abc/a.pdf', contentType: 'application/pdf', maxBytes: 100, expiresAt: new Date('2026-01-01T00:10:00Z') },
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(form.url).toBe('https://files-bucket.s3.us-east-1.amazonaws.com');
    expect(form.fields['x-amz-security-token']).toBe('FwoGZXIvYXdzE');
    const policy = JSON.parse(Buffer.from(form.fields.policy!, 'base64').toString()) as PostPolicy;
    expect(policy.conditions).toContainEqual({ 'x-amz-security-token': 'FwoGZXIvYXdzE' });
    expect(form.fields['x-amz-credential']).toBe('AKIAIOSFODNN7EXAMPLE/20260101/us-east-1/s3/aws4_request');
    expect(form.fields['x-amz-signature']).toBe(postSignature(EXAMPLE.secretAccessKey, '20260101', 'us-east-1', form.fields.policy!));
  });
});

describe('the upload policy, as S3 applies it', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const upload = {
    bucket: 'files',
    key: 'staging/teams/7/injects/3/0123abcd/report.pdf',
    contentType: 'application/pdf',
    maxBytes: 1000,
    expiresAt: new Date('2026-11-20T12:10:00Z'),
  };
  const signing = { credential: 'AKID/20261120/us-east-1/s3/aws4_request', amzDate: '20261120T120000Z' };
  const policy = uploadPolicy(upload, signing);
  const fields: Record<string, string> = { ...uploadFields(upload, signing), policy: 'base64', 'x-amz-signature': 'hex' };
  const refusal = (change: Partial<{ bucket: string; fields: Record<string, string>; size: number }>, at = now) =>
    postRefusal(policy, { bucket: 'files', fields, size: 500, ...change }, at);

  it('takes the form it was made for', () => {
    expect(refusal({})).toBeUndefined();
    expect(refusal({ size: 1000 })).toBeUndefined();
    // Field names compare without case, as S3 compares them.
    expect(refusal({ fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.toUpperCase(), v])) })).toBeUndefined();
  });

  it('bounds the size with content-length-range: over the limit, and empty, are refused', () => {
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 1000]);
    expect(refusal({ size: 1001 })).toMatch(/1001 bytes/);
    expect(refusal({ size: 0 })).toMatch(/0 bytes/);
  });

  it('allows only the declared content type', () => {
    expect(refusal({ fields: { ...fields, 'Content-Type': 'text/html' } })).toMatch(/Content-Type must be "application\/pdf"/);
  });

  it('fixes the key (within the team prefix), the bucket and the attachment disposition', () => {
    expect(refusal({ fields: { ...fields, key: 'staging/teams/8/injects/3/0123abcd/report.pdf' } })).toMatch(/key must be/);
    expect(refusal({ bucket: 'other' })).toMatch(/bucket must be/);
    expect(refusal({ fields: { ...fields, 'Content-Disposition': 'inline' } })).toMatch(/Content-Disposition/);
    expect(fields.key!.startsWith(submissionFiles(7, 3).staged)).toBe(true);
  });

  it('expires when it says (no later than the inject closes: the caller picks the time)', () => {
    expect(policy.expiration).toBe('2026-11-20T12:10:00.000Z');
    expect(refusal({}, new Date('2026-11-20T12:10:00Z'))).toMatch(/expired/);
  });

  it('refuses a field the policy does not name, but those S3 exempts', () => {
    expect(refusal({ fields: { ...fields, acl: 'public-read' } })).toMatch(/acl is not in the policy/);
    expect(refusal({ fields: { ...fields, 'x-ignore-note': 'x' } })).toBeUndefined();
  });

  it('reads eq and starts-with conditions as S3 does', () => {
    const loose: PostPolicy = {
      expiration: '2030-01-01T00:00:00Z',
      conditions: [
        ['starts-with', '$key', 'teams/1/'],
        ['eq', '$Content-Type', 'text/plain'],
      ],
    };
    const form = (key: string, type: string) => ({ bucket: 'b', fields: { key, 'Content-Type': type }, size: 1 });
    expect(postRefusal(loose, form('teams/1/x', 'text/plain'), now)).toBeUndefined();
    expect(postRefusal(loose, form('teams/2/x', 'text/plain'), now)).toMatch(/key must start with/);
    expect(postRefusal(loose, form('teams/1/x', 'text/csv'), now)).toMatch(/Content-Type must be/);
  });
});

describe('file names and stored files', () => {
  it('keeps names safe for keys, ZIPs and Content-Disposition', () => {
    expect(safeFileName('report.pdf')).toBe('report.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\Incident report (final).docx')).toBe('Incident_report_final_.docx');
    expect(safeFileName('.htaccess')).toBe('htaccess');
    expect(safeFileName('"; filename="x.html')).toBe('filename_x.html');
    expect(safeFileName('résumé.pdf')).toBe('resume.pdf');
    expect(safeFileName('日本語')).toBe('file');
    expect(safeFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(100);
    expect(safeFileName(`${'a'.repeat(300)}.pdf`).endsWith('.pdf')).toBe(true);
    // A whole name (a team's) keeps what stands before a slash: it is no folder there.
    expect([safeNamePart('Blue / One'), safeNamePart('..\\Red/Team'), safeNamePart('///')]).toEqual(['Blue_One', 'Red_Team', 'file']);
  });

  it("takes a stored file only under the team's prefix for the inject, within the limits", () => {
    const prefix = submissionFiles(7, 3).staged;
    const pdf = { size: 100, content_type: 'application/pdf' };
    expect(storedFileRefusal(`${prefix}u/a.pdf`, pdf, prefix)).toBeUndefined();
    expect(storedFileRefusal(`teams/8/injects/3/u/a.pdf`, pdf, prefix)).toMatch(/not one of the uploads for this/);
    expect(storedFileRefusal(`${prefix}../../8/x`, pdf, prefix)).toMatch(/not one of the uploads for this/);
    expect(storedFileRefusal(`${prefix}u/a.pdf`, undefined, prefix)).toMatch(/not uploaded/);
    expect(storedFileRefusal(`${prefix}u/a.pdf`, { ...pdf, size: MAX_FILE_BYTES + 1 }, prefix)).toMatch(/at most/);
    expect(storedFileRefusal(`${prefix}u/a.html`, { size: 10, content_type: 'text/html' }, prefix)).toMatch(/not a type/);
  });
});

describe("the export's layout", () => {
  const file = (key: string, name: string, size = 10): StoredFile => ({ key, name, size, content_type: 'text/plain' });
  const version = (n: number, files: StoredFile[]): Submission => ({
    inject_id: 4,
    team_id: 1,
    version: n,
    text: `v${n}`,
    files,
    submitted_at: '2026-11-20T12:00:00Z',
    submitted_by: 'alice',
    late_share: 1,
    revision_request: null,
  });
  const team = { id: 1, number: 11, name: 'Blue / "One"' };

  it("puts a team's files under files/ only, one name once per folder, and a file several versions name once", () => {
    const notes = file('teams/1/injects/4/aa/notes.txt', 'notes.txt');
    const layout = exportLayout(4, [
      {
        team,
        submissions: [
          version(2, [notes, file('teams/1/injects/4/cc/answer.md', 'answer.md')]),
          version(1, [notes, file('teams/1/injects/4/bb/notes.txt', 'notes.txt'), file('teams/1/injects/4/dd/NOTES.txt', 'NOTES.txt')]),
        ],
      },
    ]);
    const [v1, v2] = layout.parts[0]!.versions;
    expect([v1!.answer, v2!.answer]).toEqual(['inject-4/team-11-Blue_One_/v1/answer.md', 'inject-4/team-11-Blue_One_/v2/answer.md']);
    expect(v1!.files.map((f) => [f.path, f.written])).toEqual([
      ['inject-4/team-11-Blue_One_/v1/files/notes.txt', true],
      ['inject-4/team-11-Blue_One_/v1/files/notes-2.txt', true],
      ['inject-4/team-11-Blue_One_/v1/files/NOTES-3.txt', true],
    ]);
    // v2 names v1's notes again (one upload, one copy): written once, in v1; its answer.md is the team's file under files/.
    expect(v2!.files.map((f) => [f.path, f.written])).toEqual([
      ['inject-4/team-11-Blue_One_/v1/files/notes.txt', false],
      ['inject-4/team-11-Blue_One_/v2/files/answer.md', true],
    ]);
    const written = layout.parts.flatMap((p) => p.versions.flatMap((v) => [v.answer, ...v.files.filter((f) => f.written).map((f) => f.path)]));
    expect(new Set([...written, layout.index]).size).toBe(written.length + 1);
  });

  it('counts an export before a byte is written: files once, every entry, more than the ZIP will be', () => {
    const big = file('teams/1/injects/4/aa/big.zip', 'big.zip', 5_000_000);
    const layout = exportLayout(4, [{ team, submissions: [version(1, [big]), version(2, [big])] }]);
    const size = exportSize(layout, 100);
    expect(size.entries).toBe(4);
    expect(size.bytes).toBeGreaterThan(5_000_000);
    expect(size.bytes).toBeLessThan(5_010_000);
    expect(MAX_EXPORT_BYTES).toBeGreaterThan(100 * MAX_TEAM_FILE_BYTES);
  });

  it('is failed once it has run longer than its function may', () => {
    const started = Date.parse('2026-11-20T12:00:00Z');
    const job = { state: 'running' as const, started_at: '2026-11-20T12:00:00Z' };
    expect(exportState(job, started + 15 * 60_000).state).toBe('running');
    expect(exportState(job, started + 17 * 60_000)).toMatchObject({ state: 'failed', error: expect.stringMatching(/stopped midway/) });
  });
});
