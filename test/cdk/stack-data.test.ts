/**
 * Where the stack keeps its data (test/cdk/stack-template.ts reads the
 * stack): the table, with its keys, indexes, stream and protection, and the
 * files bucket, with who may write under which prefix.
 */
import { describe, expect, it } from 'vitest';
import { WORKERS } from '#shared/api/workers';
import { GLOBAL_INDEXES, LOCAL_INDEXES, TABLE_KEYS } from '#shared/data/table-schema';
import { flat, logicalId, permissions, resourcesOfType } from './synth';
import { built, deployed, expectedBucketPermissions, filesArn, prefix, stack } from './stack-template';

describe('the table', () => {
  it('is on demand with point-in-time recovery, deletion protection, and the GSIs of functions/shared/data/table-schema.ts', () => {
    expect(resourcesOfType(deployed, 'AWS::DynamoDB::Table')).toHaveLength(1);
    const [, table] = resourcesOfType(deployed, 'AWS::DynamoDB::Table')[0]!;
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    const p = table.Properties!;
    expect(p.TableName).toBe(prefix);
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.DeletionProtectionEnabled).toBe(true);
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ]);
    expect(p.GlobalSecondaryIndexes).toEqual(
      GLOBAL_INDEXES.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    expect(p.LocalSecondaryIndexes).toEqual(
      LOCAL_INDEXES.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection] },
      })),
    );
    expect(p.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });
});

describe('the files bucket', () => {
  const [, bucket] = resourcesOfType(deployed, 'AWS::S3::Bucket').find(([id]) => id === logicalId(stack.files.bucket))!;
  const p = bucket.Properties!;

  it('is private, encrypted and named so the pages can name it', () => {
    expect(p.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
    expect(p.BucketEncryption.ServerSideEncryptionConfiguration).toEqual([{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }]);
    expect(p.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] });
    expect(flat(p.BucketName)).toBe(`${prefix.toLowerCase()}-files-\${AWS::AccountId}-\${AWS::Region}`);
    // TLS only: its policy denies every request without it.
    const [, policy] = resourcesOfType(deployed, 'AWS::S3::BucketPolicy').find(([, r]) => r.Properties!.Bucket.Ref === logicalId(stack.files.bucket))!;
    expect(policy.Properties!.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
  });

  it("lets only the pages' origin post to it (CORS), and the pages connect to it (their CSP)", () => {
    const rules = p.CorsConfiguration.CorsRules as any[];
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ AllowedMethods: ['POST'], AllowedHeaders: ['*'], MaxAge: 3000 });
    expect(rules[0].AllowedOrigins.map(flat)).toEqual([`https://\${${logicalId(stack.cdn.distribution)}.DomainName}`, ...stack.config.corsOrigins]);
    const policies = resourcesOfType(deployed, 'AWS::CloudFront::ResponseHeadersPolicy').map(([, r]) => r.Properties!.ResponseHeadersPolicyConfig);
    const csp = flat(policies.find((c) => c.SecurityHeadersConfig.ContentSecurityPolicy)!.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    const connect = csp.split('; ').find((directive) => directive.startsWith('connect-src '))!;
    expect(connect.split(' ')).toContain(`https://${prefix.toLowerCase()}-files-\${AWS::AccountId}-\${AWS::Region}.s3.\${AWS::Region}.amazonaws.com`);
  });

  it('lets uploads nothing named and exports expire, and unfinished multipart uploads go', () => {
    expect(p.LifecycleConfiguration.Rules).toEqual([
      { Id: 'StagingExpires', Prefix: 'staging/', ExpirationInDays: 3, Status: 'Enabled' },
      { Id: 'ExportsExpire', Prefix: 'exports/', ExpirationInDays: 7, Status: 'Enabled' },
      { Id: 'UnfinishedUploads', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' },
    ]);
  });

  it("lets the upload-form routes write only under staging/ (a browser's upload is worth what that role may do), and only what keeps a copy write the kept files", () => {
    const writers = (prefix: string) =>
      built.filter((r) => expectedBucketPermissions(r.bucket).some((line) => line === `s3:PutObject on ${filesArn}/${prefix}*`)).map((r) => r.name);
    const readers = (prefix: string) =>
      built.filter((r) => expectedBucketPermissions(r.bucket).some((line) => line === `s3:GetObject on ${filesArn}/${prefix}*`)).map((r) => r.name);
    expect(writers('staging/teams/')).toEqual(['CreateUpload']);
    expect(writers('staging/injects/')).toEqual(['CreateInjectUpload']);
    expect(writers('staging/red-team/')).toEqual(['CreateFindingUpload']);
    // What copies an upload to a key of its own reads the staging prefix of its kind, and writes only the kept one.
    expect(writers('teams/')).toEqual(['SubmitInject', 'FileIncident']);
    expect(writers('injects/')).toEqual(['UpdateInject']);
    expect(writers('red-team/')).toEqual(['FileFinding', 'AddFindingEvidence']);
    for (const name of ['FileFinding', 'AddFindingEvidence']) expect(readers('staging/red-team/')).toContain(name);
    for (const name of ['SubmitInject', 'FileIncident']) expect(readers('staging/teams/')).toContain(name);
    expect(readers('staging/injects/')).toContain('UpdateInject');
    expect(writers('exports/')).toEqual([]);
    expect(WORKERS.ExportWorker.bucket.write).toEqual(['exports/']);
    // And nothing else in the stack may write there.
    // (CDK's own deployment function names the asset bucket with Fn::Sub: not a policy of ours.)
    const everyWrite = resourcesOfType(deployed, 'AWS::IAM::Policy')
      .filter(([, r]) => !JSON.stringify(r).includes('Fn::Sub'))
      .flatMap(([, r]) => permissions(r.Properties!.PolicyDocument))
      .filter((x) => x.effect === 'Allow' && x.action === 's3:PutObject' && x.resource.startsWith(filesArn));
    expect(everyWrite.map((x) => x.resource).sort()).toEqual([
      `${filesArn}/exports/*`,
      `${filesArn}/injects/*`,
      `${filesArn}/red-team/*`,
      `${filesArn}/red-team/*`,
      `${filesArn}/staging/injects/*`,
      `${filesArn}/staging/red-team/*`,
      `${filesArn}/staging/teams/*`,
      `${filesArn}/teams/*`,
      `${filesArn}/teams/*`,
    ]);
  });
});
