import { CfnOutput, Duration, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { HttpIamAuthorizer, HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpNoneAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import { PolicyStatement, type Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ApiAccessPolicies } from './constructs/api-access-policies';
import { ApiFunction, type ApiFunctionDefaults } from './constructs/api-function';
import { acknowledgeNagFindings } from './constructs/nag-acknowledgments';
import { PublicCdn } from './constructs/public-cdn';
import { FilesBucket } from './constructs/files-bucket';
import { RouteArea } from './constructs/route-area';
import { RouteTableApi } from './constructs/route-table-api';
import { ScoreHistorySchedule } from './constructs/score-history-schedule';
import { PasswordChangeSchedule } from './constructs/password-change-schedule';
import { ScanFold } from './constructs/scan-fold';
import { SpectatorPush } from './constructs/spectator-push';
import { ScoringAgent } from './constructs/scoring-agent';
import { ScoringTable } from './constructs/scoring-table';
import { builtRoutes, routeAreas } from './route-resources';
import { cdnRules } from './cdn-rules';
import { Observability, type ObservedFunction } from './constructs/observability';
import { GLOBAL_INDEXES } from '#shared/data/table-schema';
import { ORIGIN_VERIFY_HEADER } from '#shared/http/origin-check';
import { metricsNamespace, METRICS_SERVICE } from '#shared/metrics';
import { fallbackHandler, routes as routeTable, type Route } from '#shared/api/routes';
import { WORKERS, type Worker } from '#shared/api/workers';
import { PUSH_NAMESPACE } from '#shared/api/push';
import { CLOUD_POOL } from '#shared/domain/pools';
import type { StackConfig } from './stack-config';

export interface ScoringStackProps extends StackProps {
  readonly config: StackConfig;
  /** The route table; the project's own unless a test passes another. Planned routes are skipped. */
  readonly routes?: readonly Route[];
  /** A CloudFront-scope WAF web ACL (from the us-east-1 WafStack) to put in front of the CDN. */
  readonly webAclArn?: string;
}

/**
 * The scoring service in AWS: the table, one function per deployed route, the
 * token API (Lambda authorizer) and the IAM API over the same functions, IAM
 * policies for admins and service accounts, and CloudFront for public reads.
 * The routes' functions and API routes are nested stacks, one per area of the
 * route table, and the alarms and dashboard another (Monitoring): each
 * CloudFormation stack holds at most 500 resources.
 */
export class ScoringStack extends Stack {
  readonly config: StackConfig;
  readonly routes: readonly Route[];
  readonly table: ScoringTable;
  /** The function of each deployed route, by route name. */
  readonly routeFunctions = new Map<string, ApiFunction>();
  /** The nested stack of each area of the route table (its tag), by construct id (`Teams`, `Dns`…). */
  readonly routeAreas = new Map<string, RouteArea>();
  /** The workers the routes start (api/workers.ts), by name. */
  readonly workerFunctions = new Map<string, ApiFunction>();
  readonly authorizerFunction: ApiFunction;
  readonly notFoundFunction: ApiFunction;
  /** The stream consumer (results and adjustments into totals), its failure queue and its iterator-age metric. */
  readonly scanFold: ScanFold;
  readonly tokenApi: RouteTableApi;
  readonly iamApi: RouteTableApi;
  readonly access: ApiAccessPolicies;
  /** The key that signs page cursors (functions/shared/http/cursor.ts). */
  readonly cursorSigningKey: Secret;
  /** The customer-managed key the check accounts' secrets are sealed under (data/sealing.ts). */
  readonly accountsKey: Key;
  /** The mail checks' token key (HMAC): the Lambda agent's and the mail-token route's, no one else's. */
  readonly mailKey: Key;
  readonly cdn: PublicCdn;
  /** The spectators' nudges (AppSync Events, decision 0086): the stream consumer publishes, the pages subscribe. */
  readonly push: SpectatorPush;
  /** The teams' files: uploads with submissions, and the exports of them. */
  readonly files: FilesBucket;
  readonly scoreHistory: ScoreHistorySchedule;
  readonly passwordChanges: PasswordChangeSchedule;
  readonly agent?: ScoringAgent;
  /** Publishes ScoringOpen and SecondsSinceLastScan every minute. */
  readonly scoringWatchFunction: ApiFunction;
  /** The secret CloudFront sends to the token API (ORIGIN_VERIFY_SECRET in the functions). */
  readonly originSecret: Secret;
  readonly observability: Observability;
  /** Functions fed by a stream (DynamoDB Streams): each gets an iterator-age alarm. */
  readonly streamConsumers: ObservedFunction[] = [];

  constructor(scope: Construct, id: string, props: ScoringStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.config = config;
    this.routes = builtRoutes(props.routes ?? routeTable);
    const removal = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = new ScoringTable(this, 'Data', { tableName: config.prefix, retainData: config.retainData });
    const { table, indexArns } = this.table;

    // Generated by CloudFormation, never in the template: CloudFront sends it, the functions compare it.
    this.originSecret = new Secret(this, 'OriginVerify', {
      description: `${config.prefix}: the header CloudFront adds so the token API answers only requests through the CDN`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    const originSecretValue = this.originSecret.secretValue.unsafeUnwrap();

    const defaults: ApiFunctionDefaults = {
      memorySize: config.memorySize,
      environment: {
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(config.stage),
        POWERTOOLS_SERVICE_NAME: METRICS_SERVICE,
        ORIGIN_VERIFY_SECRET: originSecretValue,
      },
      logRetention: config.logRetentionDays as RetentionDays,
      logRemovalPolicy: removal,
    };
    this.authorizerFunction = new ApiFunction(this, 'Authorizer', {
      entry: 'functions/auth/authorizer.ts',
      functionName: `${config.prefix}-Authorizer`,
      description: 'Token API Lambda authorizer: Bearer token to role (simple responses)',
      defaults,
      table: { table, indexArns, grant: 'get-item' },
      timeout: Duration.seconds(5),
      reservedConcurrency: config.reservedAuthorizerConcurrency > 0 ? config.reservedAuthorizerConcurrency : undefined,
    });
    this.notFoundFunction = new ApiFunction(this, 'NotFound', {
      entry: fallbackHandler,
      functionName: `${config.prefix}-NotFound`,
      description: 'Unmatched requests ($default): problem+json 404/405',
      defaults,
    });

    // The history index: a void job walks each service's results in its time range.
    const historyIndexArns = this.table.indexArns.filter((arn) => arn.endsWith('/index/lsi1'));
    this.scanFold = new ScanFold(this, 'ScanFold', { table, historyIndexArns, functionName: `${config.prefix}-FoldResults`, defaults });
    this.streamConsumers.push({ name: 'FoldResults', fn: this.scanFold.function.fn });
    // The fold moves the public versions, so it is the one that nudges the spectators when they move.
    this.push = new SpectatorPush(this, 'Push', { prefix: config.prefix });
    this.push.grantPublish(this.scanFold.function);

    // Generated once at the first deployment; CloudFormation resolves it into
    // the functions' (encrypted) environment, so no function reads Secrets
    // Manager on a request. A new value invalidates outstanding cursors only.
    this.cursorSigningKey = new Secret(this, 'CursorSigningKey', {
      description: `${config.prefix}: HMAC key of the API's page cursors`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: removal,
    });

    // The check accounts' secrets are sealed per service under this key, the
    // service id as encryption context. Whoever loads a competition needs
    // kms:GenerateDataKey (an admin's credentials); only the functions of the
    // routes that say `accountsKey: 'open'` may decrypt.
    this.accountsKey = new Key(this, 'AccountsKey', {
      description: `${config.prefix}: seals the check accounts' secrets (envelope encryption, service id as context)`,
      enableKeyRotation: true,
      removalPolicy: removal,
    });

    // The mail checks' tokens are HMACs of scan ids under a key that never leaves KMS: the agents keep
    // nothing between rounds, and no team may forge a token. The Lambda agent and the routes that say
    // `mailKey` (a pool's agents ask the API for their tokens) may make MACs with it, and nothing else (not
    // verify them, not read the key). KMS offers no automatic rotation for HMAC keys.
    this.mailKey = new Key(this, 'MailTokenKey', {
      description: `${config.prefix}: the scoring agents' mail check tokens (HMAC of the scan id)`,
      keySpec: KeySpec.HMAC_256,
      keyUsage: KeyUsage.GENERATE_VERIFY_MAC,
      removalPolicy: removal,
    });

    const apiDefaults = {
      routes: this.routes,
      fallback: this.notFoundFunction.fn,
      throttle: { rateLimit: config.throttleRate, burstLimit: config.throttleBurst },
      logRetention: defaults.logRetention,
      logRemovalPolicy: removal,
    };

    // The token API: public routes open, the others behind the Lambda
    // authorizer. Its decision is cached per Authorization header *and* route,
    // so a decision taken for one route is never reused for another.
    const cacheSeconds = config.authorizerCacheSeconds;
    const tokenAuthorizer = new HttpLambdaAuthorizer('TokenAuthorizer', this.authorizerFunction.fn, {
      authorizerName: `${config.prefix}-token`,
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      resultsCacheTtl: Duration.seconds(cacheSeconds),
      // Without a cache no identity source is needed, and then a request with
      // no Authorization header still reaches the authorizer (and the handler
      // answers the contract's problem+json 401 instead of API Gateway's own).
      identitySource: cacheSeconds > 0 ? ['$request.header.Authorization', '$context.routeKey'] : [],
    });
    const open = new HttpNoneAuthorizer();
    this.tokenApi = new RouteTableApi(this, 'TokenApi', {
      ...apiDefaults,
      apiName: `${config.prefix}-token`,
      description: 'Scoring API /api/v1 for Bearer tokens and anonymous callers',
      authorizerFor: (route) => (route && route.access !== 'public' ? tokenAuthorizer : open),
      callerLogVariable: '$context.authorizer.name',
    });

    // The IAM API: the same routes and functions, every route behind SigV4.
    const iam = new HttpIamAuthorizer();
    this.iamApi = new RouteTableApi(this, 'IamApi', {
      ...apiDefaults,
      apiName: `${config.prefix}-iam`,
      description: 'Scoring API /api/v1 for SigV4-signed callers in the account (admins, scoring agents)',
      authorizerFor: () => iam,
      callerLogVariable: '$context.identity.userArn',
    });

    // Each area of the route table (its tag) is a nested stack holding its
    // routes' functions and their routes on both APIs: the parent keeps what
    // all routes share, and stays the same size as routes are added. A stage
    // deployed before this split cannot be updated in place: CloudFormation
    // would create each function and API route in its nested stack before
    // deleting the parent's copy, and their names and route keys clash.
    const routesScope = new Construct(this, 'Routes');
    const areaFunctions = new Map<string, ApiFunction>();
    for (const [areaName, areaRoutes] of routeAreas(this.routes)) {
      const area = new RouteArea(routesScope, areaName, {
        description: `${config.prefix}: the ${areaRoutes[0]!.tag} routes' functions and their routes on both APIs`,
        routes: areaRoutes,
        apis: [this.tokenApi, this.iamApi],
        newFunction: (scope, route) =>
          new ApiFunction(scope, route.name, {
            entry: route.handler,
            functionName: `${config.prefix}-${route.name}`,
            description: `${route.method} ${route.path} (${route.access}, table ${route.table})`,
            defaults,
            table: { table, indexArns, grant: route.table, keeps: route.keeps },
            reservedConcurrency: route.throttle === 'scan-report' && config.reservedScanConcurrency > 0 ? config.reservedScanConcurrency : undefined,
            files: route.files,
            ...(route.runs ? { timeout: Duration.seconds(route.runs.timeoutSeconds), memorySize: route.runs.memoryMb } : {}),
          }),
      });
      this.routeAreas.set(areaName, area);
      for (const [name, f] of area.functions) areaFunctions.set(name, f);
    }
    // In the table's order, as the dashboard lists them.
    for (const route of this.routes) this.routeFunctions.set(route.name, areaFunctions.get(route.name)!);

    // CORS is decided by the functions per route class (functions/shared/http/cors.ts).
    for (const f of [...this.routeFunctions.values(), this.notFoundFunction]) {
      f.fn.addEnvironment('CORS_ALLOWED_ORIGINS', config.corsOrigins.join(','));
    }
    for (const f of this.routeFunctions.values()) {
      f.fn.addEnvironment('CURSOR_SIGNING_KEY', this.cursorSigningKey.secretValue.unsafeUnwrap());
    }
    // The accounts key: sealing routes may make data keys, the opening route may decrypt them; no other function may use it.
    for (const route of this.routes.filter((r) => r.accountsKey !== undefined)) {
      const f = this.routeFunctions.get(route.name)!;
      f.fn.addEnvironment('ACCOUNTS_KEY_ID', this.accountsKey.keyArn);
      if (route.accountsKey === 'open') this.accountsKey.grantDecrypt(f.role);
      else this.accountsKey.grant(f.role, 'kms:GenerateDataKey');
    }
    for (const route of this.routes.filter((r) => r.mailKey)) {
      const f = this.routeFunctions.get(route.name)!;
      f.fn.addEnvironment('MAIL_KEY_ID', this.mailKey.keyArn);
      this.mailKey.grant(f.role, 'kms:GenerateMac');
    }

    this.access = new ApiAccessPolicies(this, 'Access', {
      api: this.iamApi.api,
      routes: this.routes,
      registry: table,
      registryLogs: { retention: defaults.logRetention, removalPolicy: removal },
    });

    this.cdn = new PublicCdn(this, 'Cdn', {
      originDomainName: this.tokenApi.domainName,
      rules: cdnRules(this.routes),
      originHeaders: { [ORIGIN_VERIFY_HEADER]: originSecretValue },
      prefix: config.prefix,
      retainData: config.retainData,
      logRetention: defaults.logRetention,
      webAclArn: props.webAclArn,
      filesOrigin: FilesBucket.origin(config.prefix),
      push: { config: this.push.config, origin: this.push.origin },
    });

    // The pages post uploads to it: from the CDN's origin, and from the origins trusted with the API (a console served elsewhere).
    this.files = new FilesBucket(this, 'Files', {
      prefix: config.prefix,
      pageOrigins: [`https://${this.cdn.distribution.distributionDomainName}`, ...config.corsOrigins],
      retainData: config.retainData,
    });
    for (const route of this.routes.filter((r) => r.bucket !== undefined)) {
      const f = this.routeFunctions.get(route.name)!;
      for (const [name, value] of Object.entries(this.files.grant(f.role, route.bucket!))) f.fn.addEnvironment(name, value);
    }

    // The workers the routes start asynchronously (an export): one function each, granted as its entry says;
    // only the routes that name one may invoke it. Lambda never retries one (a job is taken once).
    for (const worker of Object.values(WORKERS) as Worker[]) {
      const starters = this.routes.filter((r) => r.invokes === worker.name);
      if (starters.length === 0) continue;
      const f = new ApiFunction(this, worker.name, {
        entry: worker.handler,
        functionName: `${config.prefix}-${worker.name}`,
        description: worker.summary,
        defaults,
        table: { table, indexArns, grant: worker.table },
        timeout: Duration.seconds(worker.timeoutSeconds),
        files: worker.files,
        memorySize: worker.memoryMb,
      });
      f.fn.configureAsyncInvoke({ retryAttempts: 0 });
      if (worker.bucket) for (const [name, value] of Object.entries(this.files.grant(f.role, worker.bucket))) f.fn.addEnvironment(name, value);
      for (const route of starters) {
        const starter = this.routeFunctions.get(route.name)!;
        starter.fn.addEnvironment(worker.env, f.fn.functionName);
        // The function itself, not its versions and aliases (grantInvoke's `:*`): the route starts $LATEST.
        starter.role.addToPrincipalPolicy(
          new PolicyStatement({ sid: `Start${worker.name}`, actions: ['lambda:InvokeFunction'], resources: [f.fn.functionArn] }),
        );
      }
      this.workerFunctions.set(worker.name, f);
    }

    this.scoringWatchFunction = new ApiFunction(this, 'ScoringWatch', {
      entry: 'functions/scheduled/scoring-watch.ts',
      functionName: `${config.prefix}-ScoringWatch`,
      description: 'Every minute: publishes ScoringOpen and SecondsSinceLastScan (the no-scan alarm)',
      defaults,
      table: { table, indexArns, grant: 'read' },
      timeout: Duration.seconds(30),
    });
    new Rule(this, 'EveryMinute', {
      description: `${config.prefix}: run the scoring watch`,
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(this.scoringWatchFunction.fn, { retryAttempts: 0 })],
    });

    this.scoreHistory = new ScoreHistorySchedule(this, 'ScoreHistory', { prefix: config.prefix, defaults, table: { table, indexArns } });
    this.passwordChanges = new PasswordChangeSchedule(this, 'PasswordChanges', { prefix: config.prefix, defaults, table: { table, indexArns } });

    if (config.agent) {
      this.agent = new ScoringAgent(this, 'Agent', {
        prefix: config.prefix,
        defaults,
        iamApiUrl: this.iamApi.url,
        vpc: config.agentVpc,
        ...(config.agentAllowedRanges ? { allowedRanges: config.agentAllowedRanges } : {}),
        mailKey: this.mailKey,
      });
      // The Lambda agent is the cloud pool's agent: its pool's secrets and jobs, no settings, no DNS writes.
      this.grantAgent(this.agent.grantee, CLOUD_POOL);
      this.agent.acknowledgeApiGrant(this.access.agentStatements);
      // "Check now": the routes that queue a dry run start the agent for it (without one, a polling agent takes the job).
      for (const route of this.routes.filter((r) => r.invokes === 'agent')) {
        ScoringAgent.grantStart(this.routeFunctions.get(route.name)!, config.prefix);
      }
    }

    // Alarms and the dashboard (about 80 resources) live in a nested stack: with
    // them, the API's own template would pass CloudFormation's 500 resources.
    const monitoring = new NestedStack(this, 'Monitoring', { description: `${config.prefix}: alarms and the event dashboard` });
    this.observability = new Observability(monitoring, 'Observability', {
      stage: config.stage,
      namespace: metricsNamespace(config.stage),
      alarmEmail: config.alarmEmail,
      apis: [
        { name: 'Token', api: this.tokenApi.api },
        { name: 'Iam', api: this.iamApi.api },
      ],
      functions: [
        ...[...this.routeFunctions].map(([name, f]) => ({ name, fn: f.fn })),
        { name: 'Authorizer', fn: this.authorizerFunction.fn },
        { name: 'NotFound', fn: this.notFoundFunction.fn },
        { name: 'ScoringWatch', fn: this.scoringWatchFunction.fn },
        ...[...this.workerFunctions].map(([name, f]) => ({ name, fn: f.fn })),
        ...this.streamConsumers,
        { name: 'RecordScoreSnapshot', fn: this.scoreHistory.recorder.fn },
        { name: 'ApplyDuePasswordChanges', fn: this.passwordChanges.applier.fn },
        ...(this.agent ? [{ name: 'Agent', fn: this.agent.function.fn }] : []),
      ],
      authorizer: { fn: this.authorizerFunction.fn, logGroup: this.authorizerFunction.logGroup },
      table,
      indexNames: GLOBAL_INDEXES.map((index) => index.indexName),
      streamConsumers: this.streamConsumers,
      eventApi: { apiId: this.push.api.apiId, namespace: PUSH_NAMESPACE },
    });

    const output = (id: string, value: string, description: string) => new CfnOutput(this, id, { value, description });
    output('TokenApiUrl', this.tokenApi.url, 'Token API (Bearer tokens, anonymous public reads): append api/v1/...');
    output('IamApiUrl', this.iamApi.url, 'IAM API (SigV4, execute-api): append api/v1/...');
    output(
      'CdnUrl',
      `https://${this.cdn.distribution.distributionDomainName}/`,
      'CloudFront: the scoreboard page, and the token API under api/v1/ (cached public reads)',
    );
    output('PageUrl', `https://${this.cdn.distribution.distributionDomainName}/`, 'The public scoreboard page (same origin as the API)');
    output('TableName', table.tableName, 'DynamoDB table: npm run scoring -- ... --table <TableName>');
    output('AccountsKeyArn', this.accountsKey.keyArn, "KMS key of the check accounts' secrets: npm run scoring -- load ... --accounts-key <AccountsKeyArn>");
    output('AdminPolicyArn', this.access.adminPolicy.managedPolicyArn, 'Managed policy: invoke every IAM API route');
    output('ServicePolicyArn', this.access.servicePolicy.managedPolicyArn, 'Managed policy: invoke the service-account IAM API routes');
    output(
      'AgentPolicyArn',
      this.access.agentPolicy.managedPolicyArn,
      'Managed policy: invoke the agent IAM API routes (then: npm run scoring -- iam grant --role agent --pool <pool> --arn ...)',
    );
    output('AlarmTopicArn', this.observability.topic.topicArn, 'SNS topic of every alarm: subscribe with -c alarmEmail=... or in the console');
    output('DashboardName', this.observability.dashboard.dashboardName, 'CloudWatch dashboard of the event');
    output(
      'PushRealtimeUrl',
      this.push.config.realtime_url,
      "The spectators' nudges (AppSync Events): the page reads it, with the public key, from /push.json",
    );

    acknowledgeNagFindings(this);
  }

  /** Lets a principal call every route of the IAM API. */
  grantAdmin(grantee: IGrantable): Grant {
    return this.access.grantAdmin(grantee);
  }

  /** Lets a principal call the public and admin-or-service routes of the IAM API. */
  grantServiceAccount(grantee: IGrantable): Grant {
    return this.access.grantServiceAccount(grantee);
  }

  /** Lets a principal call the agent routes of the IAM API as an agent of `pool` (created through the API before it checks anything). */
  grantAgent(grantee: IGrantable, pool: string): Grant {
    return this.access.grantAgent(grantee, pool);
  }
}
