import { join, resolve } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAMBDA_BUNDLING } from '../bundling';

/** The repository root: route handler paths in the route table are relative to it. */
export const PROJECT_ROOT = resolve(import.meta.dirname, '../..');

/**
 * What a function may do to the table. `read` and `read-write` come from the
 * route table; `get-item` is the authorizer's (it looks up one token by key);
 * `fold` the stream consumer's.
 */
export type TableGrant = 'get-item' | 'read' | 'read-write' | 'fold';

/** DynamoDB actions per grant, on the table itself. */
export const TABLE_ACTIONS: Record<TableGrant, readonly string[]> = {
  'get-item': ['dynamodb:GetItem'],
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  // TransactWriteItems is authorized per item through these actions.
  'read-write': [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
  // The stream consumer: reads the state it folds into, and updates it; Query
  // reads a service's results when a late one re-evaluates its SLA run;
  // GetItem reads a void job it steps (and UpdateItem flips its results).
  fold: ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
};

/** DynamoDB actions per grant on the global indexes (only Query reads an index). */
export const INDEX_ACTIONS: Record<TableGrant, readonly string[]> = {
  'get-item': [],
  read: ['dynamodb:Query'],
  'read-write': ['dynamodb:Query'],
  // A void job walks a service's results by check time (the history index).
  fold: ['dynamodb:Query'],
};

export interface ApiFunctionDefaults {
  readonly memorySize: number;
  /** Environment every function gets (the metrics namespace, the service name). */
  readonly environment?: Readonly<Record<string, string>>;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

export interface ApiFunctionProps {
  /** Handler module relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly functionName: string;
  readonly description: string;
  readonly defaults: ApiFunctionDefaults;
  /** Table access; omitted for functions that never touch the table. */
  readonly table?: { readonly table: ITable; readonly indexArns: readonly string[]; readonly grant: TableGrant; readonly keeps?: readonly string[] };
  readonly timeout?: Duration;
  /** Memory (and with it CPU: one full vCPU at 1 769 MB) when the stack's default does not fit the function's work. */
  readonly memorySize?: number;
  /** Concurrency kept for this function alone, so a surge elsewhere cannot starve it. */
  readonly reservedConcurrency?: number;
  /** Repository files the function reads at run time, copied next to its bundle (the route's `files`). */
  readonly files?: readonly string[];
}

/**
 * One Lambda function of the API, set up the same way for every route:
 * Node 22 on ARM64, an ESM bundle built by the local esbuild (minified, with
 * source maps), its own log group with retention, and a role that may write
 * to that log group and do exactly its declared table actions — nothing else.
 */
export class ApiFunction extends Construct {
  readonly fn: NodejsFunction;
  /** The absolute path of the handler module this function bundles. */
  readonly entry: string;
  /** Its name in Lambda (a plain string, where `fn.functionName` is a token). */
  readonly functionName: string;
  /** Repository files copied next to its bundle. */
  readonly files: readonly string[];
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    this.entry = resolve(PROJECT_ROOT, props.entry);
    this.functionName = props.functionName;
    this.files = props.files ?? [];
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.defaults.logRetention,
      removalPolicy: props.defaults.logRemovalPolicy,
    });
    // An explicit role instead of the default one, which would carry the
    // AWS-managed AWSLambdaBasicExecutionRole (logs:* on every log group).
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.functionName}: its log group and its declared table access`,
    });
    this.logGroup.grantWrite(this.role);

    this.fn = new NodejsFunction(this, 'Function', {
      entry: this.entry,
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: resolve(PROJECT_ROOT, 'package-lock.json'),
      functionName: props.functionName,
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? props.defaults.memorySize,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      // X-Ray active tracing: each request's trace through API Gateway, Lambda and DynamoDB.
      tracing: Tracing.ACTIVE,
      reservedConcurrentExecutions: props.reservedConcurrency,
      environment: {
        ...props.defaults.environment,
        ...(props.table ? { TABLE_NAME: props.table.table.tableName } : {}),
        NODE_OPTIONS: '--enable-source-maps',
      },
      // The esbuild settings shared with the benchmark (lib/bundling.ts), plus
      // what only a deployment needs: source maps, the local esbuild, no Docker.
      bundling: {
        format: LAMBDA_BUNDLING.format === 'esm' ? OutputFormat.ESM : OutputFormat.CJS,
        target: LAMBDA_BUNDLING.target,
        platform: LAMBDA_BUNDLING.platform,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        minify: LAMBDA_BUNDLING.minify,
        esbuildArgs: Object.fromEntries(Object.entries(LAMBDA_BUNDLING.alias).map(([from, to]) => [`--alias:${from}`, to])),
        externalModules: [...LAMBDA_BUNDLING.external],
        // CommonJS dependencies inside an ESM bundle may call require().
        banner: LAMBDA_BUNDLING.banner.js,
        sourceMap: true,
        sourcesContent: false,
        // Bundle the AWS SDK too: the version in package-lock.json, tree-shaken
        // and minified, rather than whatever the runtime ships.
        bundleAwsSDK: true,
        forceDockerBundling: false,
        logLevel: LogLevel.WARNING,
        ...(this.files.length > 0
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (inputDir: string, outputDir: string) => this.files.map((file) => `cp "${join(inputDir, file)}" "${outputDir}/"`),
              },
            }
          : {}),
      },
    });

    if (props.table) this.grantTable(props.table.table, props.table.indexArns, props.table.grant, props.table.keeps ?? []);
  }

  /** Explicit statements (grantReadData would add Scan, DescribeTable and more). */
  private grantTable(table: ITable, indexArns: readonly string[], grant: TableGrant, keeps: readonly string[]): void {
    this.role.addToPrincipalPolicy(new PolicyStatement({ sid: 'TableItems', actions: [...TABLE_ACTIONS[grant]], resources: [table.tableArn] }));
    if (keeps.length > 0) {
      // A read that keeps what it built (the route's `keeps`): writes to those partitions only.
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          sid: 'KeptItems',
          actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'],
          resources: [table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': keeps.map((prefix) => `${prefix}*`) } },
        }),
      );
    }
    const indexActions = INDEX_ACTIONS[grant];
    if (indexActions.length > 0 && indexArns.length > 0) {
      this.role.addToPrincipalPolicy(new PolicyStatement({ sid: 'TableIndexes', actions: [...indexActions], resources: [...indexArns] }));
    }
  }
}
