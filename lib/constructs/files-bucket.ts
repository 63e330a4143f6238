import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { Route } from '#shared/api/route';
import { ABORT_UNFINISHED_UPLOADS_DAYS, LIFECYCLE_RULES } from '#shared/domain/files';

export interface FilesBucketProps {
  readonly prefix: string;
  /** The pages' origins (the CDN's, and any custom domain): the only ones whose pages may post uploads to the bucket. */
  readonly pageOrigins: string[];
  readonly retainData: boolean;
}

/**
 * The bucket of the teams' files (issue #29): private, encrypted, TLS only,
 * its objects owned by the bucket. Pages post uploads straight to it (a
 * presigned POST the API signs: domain/files.ts), so its CORS rule allows
 * POST from the pages' origins, nothing else; downloads are presigned GETs,
 * plain navigations, which need no CORS. Exports expire after a week; an
 * upload a multipart export left unfinished after a day.
 *
 * Its name is derived from the stack's prefix, account and region rather
 * than generated: the pages' Content-Security-Policy (the CDN's response
 * headers) must name its origin, and the bucket's CORS names the CDN's, so a
 * reference each way would be a cycle.
 */
export class FilesBucket extends Construct {
  readonly bucket: Bucket;

  static bucketName(prefix: string): string {
    return `${prefix.toLowerCase()}-files-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
  }

  /** The bucket's origin as a page posts to it (virtual-hosted, regional): what `connect-src` must allow. */
  static origin(prefix: string): string {
    return `https://${FilesBucket.bucketName(prefix)}.s3.${Aws.REGION}.amazonaws.com`;
  }

  constructor(scope: Construct, id: string, props: FilesBucketProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: FilesBucket.bucketName(props.prefix),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      cors: [
        {
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: props.pageOrigins,
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
      // The same rules the local twin applies (domain/files.ts): uploads nothing named, exports, unfinished multipart uploads.
      lifecycleRules: [
        ...LIFECYCLE_RULES.map((rule) => ({ id: rule.id, prefix: rule.prefix, expiration: Duration.days(rule.days) })),
        { id: 'UnfinishedUploads', abortIncompleteMultipartUploadAfter: Duration.days(ABORT_UNFINISHED_UPLOADS_DAYS) },
      ],
    });
  }

  /**
   * What a route's function may do in the bucket, as its `bucket` says, by
   * key prefix. Readers may also list the bucket: without s3:ListBucket, S3
   * answers a HEAD of a missing key 403 instead of 404, and "not uploaded
   * yet" could not be told from "denied". Writers may abort a multipart
   * upload they started. Returns the environment the function needs.
   */
  grant(grantee: IGrantable, access: NonNullable<Route['bucket']>): Record<string, string> {
    const objects = (prefixes: readonly string[]) => prefixes.map((prefix) => this.bucket.arnForObjects(`${prefix}*`));
    if (access.read?.length) {
      grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ sid: 'FilesRead', actions: ['s3:GetObject'], resources: objects(access.read) }));
      grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({ sid: 'FilesList', actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }));
    }
    if (access.write?.length) {
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({ sid: 'FilesWrite', actions: ['s3:PutObject', 's3:AbortMultipartUpload'], resources: objects(access.write) }),
      );
    }
    return { FILES_BUCKET: this.bucket.bucketName };
  }
}
