import { describe, expect, it } from 'vitest';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { postSignature, presignedPost, presignedUrl, type ObjectStore } from '#shared/aws/objects';
import {
  MAX_FILE_BYTES,
  postRefusal,
  safeFileName,
  storedFileRefusal,
  submissionFilesPrefix,
  uploadFields,
  uploadPolicy,
  type PostPolicy,
} from '#shared/domain/files';

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
    key: 'teams/7/injects/3/0123abcd/report.pdf',
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
    expect(refusal({ fields: { ...fields, key: 'teams/8/injects/3/0123abcd/report.pdf' } })).toMatch(/key must be/);
    expect(refusal({ bucket: 'other' })).toMatch(/bucket must be/);
    expect(refusal({ fields: { ...fields, 'Content-Disposition': 'inline' } })).toMatch(/Content-Disposition/);
    expect(fields.key!.startsWith(submissionFilesPrefix(7, 3))).toBe(true);
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
  });

  it("takes a stored file only under the team's prefix for the inject, within the limits", () => {
    const prefix = submissionFilesPrefix(7, 3);
    const pdf = { size: 100, content_type: 'application/pdf' };
    expect(storedFileRefusal(`${prefix}u/a.pdf`, pdf, prefix)).toBeUndefined();
    expect(storedFileRefusal(`teams/8/injects/3/u/a.pdf`, pdf, prefix)).toMatch(/not one of the uploads for this/);
    expect(storedFileRefusal(`${prefix}../../8/x`, pdf, prefix)).toMatch(/not one of the uploads for this/);
    expect(storedFileRefusal(`${prefix}u/a.pdf`, undefined, prefix)).toMatch(/not uploaded/);
    expect(storedFileRefusal(`${prefix}u/a.pdf`, { ...pdf, size: MAX_FILE_BYTES + 1 }, prefix)).toMatch(/at most/);
    expect(storedFileRefusal(`${prefix}u/a.html`, { size: 10, content_type: 'text/html' }, prefix)).toMatch(/not a type/);
  });
});
