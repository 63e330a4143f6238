import { Names, Stack, Token, Validations } from 'aws-cdk-lib';
import type { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Route } from '#shared/api/route';
import { WORKERS, type Worker } from '#shared/api/workers';
import type { ApiAccessPolicies } from './api-access-policies';
import type { ApiFunction } from './api-function';
import type { PublicCdn } from './public-cdn';
import type { FilesBucket } from './files-bucket';
import type { RouteTableApi } from './route-table-api';
import type { ScanFold } from './scan-fold';
import type { PasswordChangeSchedule } from './password-change-schedule';
import type { ScoreHistorySchedule } from './score-history-schedule';
import type { ScoringAgent } from './scoring-agent';

/** What of the scoring stack the acknowledgments name (the stack passes itself; declared here so this module does not import it back). */
export interface NagTargets extends Stack {
  readonly routes: readonly Route[];
  readonly routeFunctions: ReadonlyMap<string, ApiFunction>;
  readonly workerFunctions: ReadonlyMap<string, ApiFunction>;
  readonly authorizerFunction: ApiFunction;
  readonly notFoundFunction: ApiFunction;
  readonly scoringWatchFunction: ApiFunction;
  readonly scanFold: ScanFold;
  readonly scoreHistory: ScoreHistorySchedule;
  readonly passwordChanges: PasswordChangeSchedule;
  readonly agent?: ScoringAgent;
  readonly originSecret: Secret;
  readonly cursorSigningKey: Secret;
  readonly tokenApi: RouteTableApi;
  readonly access: ApiAccessPolicies;
  readonly cdn: PublicCdn;
  readonly files: FilesBucket;
}

/**
 * The cdk-nag (AwsSolutions) findings this stack accepts, each with its
 * reason. Everything else must pass: the tests fail on any unacknowledged
 * finding. Acknowledgments sit on the narrowest construct that needs them.
 */
export function acknowledgeNagFindings(stack: NagTargets): void {
  const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });

  // Lambda runtime, and X-Ray.
  const ownFunctions = [
    ...stack.routeFunctions.values(),
    ...stack.workerFunctions.values(),
    stack.authorizerFunction,
    stack.notFoundFunction,
    stack.scoringWatchFunction,
    stack.scanFold.function,
    stack.scoreHistory.recorder,
    stack.passwordChanges.applier,
    ...(stack.agent ? [stack.agent.function] : []),
  ];
  for (const fn of ownFunctions) {
    ack(
      fn,
      'AwsSolutions-L1',
      'Node.js 22 (an LTS line supported by Lambda) is the runtime the project targets and tests; moving to a newer line is a deliberate change, not one a rule should force.',
    );
    if (fn !== stack.scanFold.function)
      ack(
        fn.role,
        'AwsSolutions-IAM5[Resource::*]',
        'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions, so Lambda\'s tracing grant is on "*" (write-only, trace data).',
      );
  }

  ack(
    stack.originSecret,
    'AwsSolutions-SMG4',
    'The origin-verify secret is a value CloudFront sends and the functions compare, both resolved at deploy time; a rotation Lambda could not update them. Rotate it by putting a new value and redeploying (docs/decisions, "The token API only through the CDN").',
  );
  ack(
    stack.scanFold.function.role,
    'AwsSolutions-IAM5[Resource::*]',
    'dynamodb:ListStreams and X-Ray\'s xray:PutTraceSegments / xray:PutTelemetryRecords have no resource-level permissions (IAM accepts only "*" for them); the event source mapping needs ListStreams to find the table stream, and reading the stream itself is granted on this table\'s stream only.',
  );
  ack(
    stack.scanFold.deadLetterQueue,
    'AwsSolutions-SQS3',
    "This queue is itself the failure destination of the fold consumer's event source mapping (it receives descriptions of batches that kept failing); a queue behind it would have nothing to add.",
  );

  ack(
    stack.cursorSigningKey,
    'AwsSolutions-SMG4',
    'The secret only signs page cursors, which live as long as a client pages through a list; it reaches the functions through their environment at deployment, so rotation means a redeployment (and merely sends clients back to the first page). Automatic rotation would add a rotation function for no protection.',
  );

  // Open routes of the token API.
  for (const route of stack.routes.filter((r) => r.access === 'public')) {
    ack(
      stack.tokenApi.routes.get(route.name)!,
      'AwsSolutions-APIG4',
      `${route.method} ${route.path} is public by the API contract (anonymous reads of teams, scoreboard and services); the handler still recognises a Bearer token when one is sent. Its IAM API twin requires SigV4.`,
    );
    const head = stack.tokenApi.headRoutes.get(route.name);
    if (head)
      ack(
        head,
        'AwsSolutions-APIG4',
        `HEAD ${route.path} is the GET route's twin (same function, headers without the body), public like it. Its IAM API twin requires SigV4.`,
      );
  }
  ack(
    stack.tokenApi.defaultRoute,
    'AwsSolutions-APIG4',
    'The $default route only answers problem+json 404/405 for paths and methods that do not exist; it reads no data. Its IAM API twin requires SigV4.',
  );

  // execute-api resources in the three caller policies.
  const invokeReason =
    'execute-api ARNs of the service-account and agent policies: the first * is the stage (the API has only $default) and the others are path parameters ({id}); IAM cannot narrow a path parameter further. Each policy explicitly denies the routes not its own that such a wildcard would otherwise reach.';
  const adminInvokeReason =
    "execute-api ARNs of the admin policy: the first * is the stage (the API has only $default), the last every path under /api/v1 for the methods of the route table. An admin may call every route; a path that is no route, or not its canonical spelling, reaches a function that answers 404 rather than IAM's 403.";
  const policies: [IConstruct, readonly PolicyStatement[], string][] = [
    [stack.access.adminPolicy, stack.access.adminStatements, adminInvokeReason],
    [stack.access.servicePolicy, stack.access.serviceStatements, invokeReason],
    [stack.access.agentPolicy, stack.access.agentStatements, invokeReason],
  ];
  for (const [policy, statements, reason] of policies) {
    for (const resource of statements.filter((s) => s.effect === 'Allow').flatMap((s) => s.resources)) {
      const flat = flattenCfnReference(Stack.of(stack).resolve(resource));
      if (flat.includes('*')) ack(policy, `AwsSolutions-IAM5[Resource::${flat}]`, reason);
    }
  }

  // CloudFront.
  const cdn = stack.cdn.distribution;
  ack(cdn, 'AwsSolutions-CFR1', 'The scoreboard is public and its audience (remote teams, spectators) is worldwide: no geo restriction.');
  ack(
    cdn,
    'AwsSolutions-CFR2',
    'No WAF web ACL: it would cost more than the rest of the stack at rest (about $5/month plus $1 per rule and $0.60 per million requests). The API stages are throttled; attach a web ACL for a high-profile event.',
  );
  ack(
    cdn,
    'AwsSolutions-CFR3',
    'No CloudFront standard logs (they need an S3 bucket with ACLs): every origin request is in the token API access log, and cached public reads carry nothing per caller worth keeping.',
  );
  ack(
    cdn,
    'AwsSolutions-CFR4',
    'The distribution uses the default *.cloudfront.net certificate, for which CloudFront does not allow choosing the viewer TLS policy; with a custom domain and ACM certificate set minimumProtocolVersion to TLS_V1_2_2021.',
  );

  // CDK's singleton function behind the grant helpers' registry custom resources.
  const registryWriter = stack.node.tryFindChild('AWS679f53fac002430cb0da5b7982bd2287');
  if (registryWriter) {
    ack(
      registryWriter,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      "CDK's own AwsCustomResource provider (aws-cdk-lib/custom-resources) that writes and deletes the IAM principal registry items at deploy time; aws-cdk-lib gives its role the managed logging policy; its table access is only PutItem/DeleteItem on this table.",
    );
  }

  // The files bucket: each route's function reaches the objects under the prefixes its route names (FilesBucket.grant).
  // In a route area's nested stack the bucket's ARN arrives as a parameter, named after the bucket's unique id.
  const bucketArn = `<referenceto${Names.uniqueId(stack.files.bucket.node.defaultChild!)}Arn>`;
  for (const route of stack.routes.filter((r) => r.bucket !== undefined)) {
    for (const prefix of new Set([...(route.bucket!.read ?? []), ...(route.bucket!.write ?? [])])) {
      ack(
        stack.routeFunctions.get(route.name)!.role,
        `AwsSolutions-IAM5[Resource::${bucketArn}/${prefix}*]`,
        `Object ARNs under one key prefix of the files bucket (${prefix}): the keys are made at run time (a team, an inject, a random upload id), so IAM can only name their prefix; the route's function narrows each key further (domain/files.ts).`,
      );
    }
  }
  // The workers (api/workers.ts) are in this stack itself: the bucket's ARN is its own attribute here.
  const ownBucketArn = `<${Stack.of(stack).getLogicalId(stack.files.bucket.node.defaultChild as never)}.Arn>`;
  for (const worker of Object.values(WORKERS) as Worker[]) {
    const f = stack.workerFunctions.get(worker.name);
    for (const prefix of new Set([...(worker.bucket?.read ?? []), ...(worker.bucket?.write ?? [])])) {
      if (f)
        ack(
          f.role,
          `AwsSolutions-IAM5[Resource::${ownBucketArn}/${prefix}*]`,
          `Object ARNs under one key prefix of the files bucket (${prefix}): the worker reads and writes keys made at run time (a team's kept files, an export's ZIP), so IAM can only name their prefix.`,
        );
    }
  }
  ack(
    stack.files.bucket,
    'AwsSolutions-S1',
    "No S3 server access logs: every upload form and download link is signed by a route's function, which logs who asked for which key (Powertools, with the caller); the bucket is private (no public access, TLS only). Turn on CloudTrail S3 data events to record the fetches themselves.",
  );

  // The web page's bucket and CDK's deployment function that fills it.
  ack(
    stack.cdn.siteBucket,
    'AwsSolutions-S1',
    'The bucket holds only the built public web page, written by the deployment; every read goes through CloudFront (origin access control), so S3 access logs would record only CloudFront fetching public files.',
  );
  const deployment = stack.node.tryFindChild('Custom::CDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C256MiB');
  if (deployment) {
    const why =
      "CDK's own BucketDeployment handler (aws-cdk-lib/aws-s3-deployment) copies the built page from the CDK asset bucket into the site bucket at deploy time and invalidates CloudFront; its runtime, managed logging policy and S3/CloudFront grants are set by aws-cdk-lib and scoped to those two buckets (CreateInvalidation has no resource-level permissions).";
    for (const id of [
      'AwsSolutions-L1',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Action::s3:List*]',
      'AwsSolutions-IAM5[Action::s3:Abort*]',
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      `AwsSolutions-IAM5[Resource::${assetBucketObjects(Stack.of(stack))}]`,
      `AwsSolutions-IAM5[Resource::<${Stack.of(stack).getLogicalId(stack.cdn.siteBucket.node.defaultChild as never)}.Arn>/*]`,
      'AwsSolutions-IAM5[Resource::*]',
    ]) {
      ack(deployment, id, why);
    }
  }
}

/**
 * CDK's asset bucket objects as cdk-nag spells them: a stack deployed to a
 * named region (bin/app.ts always names one) has its partition and region
 * written out, an environment-agnostic one keeps the pseudo parameters.
 */
function assetBucketObjects(stack: Stack): string {
  const known = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
  return `arn:${known(stack.partition, 'Partition')}:s3:::cdk-hnb659fds-assets-${known(stack.account, 'AccountId')}-${known(stack.region, 'Region')}/*`;
}
