import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpIamAuthorizer, HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpNoneAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Grant, IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ApiAccessPolicies } from './constructs/api-access-policies';
import { ApiFunction, type ApiFunctionDefaults } from './constructs/api-function';
import { acknowledgeNagFindings } from './constructs/nag-acknowledgments';
import { PublicCdn } from './constructs/public-cdn';
import { RouteTableApi } from './constructs/route-table-api';
import { ScoreHistorySchedule } from './constructs/score-history-schedule';
import { ScanFold } from './constructs/scan-fold';
import { ScoringAgent } from './constructs/scoring-agent';
import { ScoringTable } from './constructs/scoring-table';
import { builtRoutes, publicReadPathPatterns } from './route-resources';
import { fallbackHandler, routes as routeTable, type Route } from '#shared/api/routes';
import type { StackConfig } from './stack-config';

export interface ScoringStackProps extends StackProps {
  readonly config: StackConfig;
  /** The route table; the project's own unless a test passes another. Planned routes are skipped. */
  readonly routes?: readonly Route[];
}

/**
 * The scoring service in AWS: the table, one function per deployed route, the
 * token API (Lambda authorizer) and the IAM API over the same functions, IAM
 * policies for admins and service accounts, and CloudFront for public reads.
 */
export class ScoringStack extends Stack {
  readonly config: StackConfig;
  readonly routes: readonly Route[];
  readonly table: ScoringTable;
  /** The function of each deployed route, by route name. */
  readonly routeFunctions = new Map<string, ApiFunction>();
  readonly authorizerFunction: ApiFunction;
  readonly notFoundFunction: ApiFunction;
  /** The stream consumer (results and adjustments into totals), its failure queue and its iterator-age metric. */
  readonly scanFold: ScanFold;
  readonly tokenApi: RouteTableApi;
  readonly iamApi: RouteTableApi;
  readonly access: ApiAccessPolicies;
  readonly cdn: PublicCdn;
  readonly scoreHistory: ScoreHistorySchedule;
  readonly agent?: ScoringAgent;

  constructor(scope: Construct, id: string, props: ScoringStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.config = config;
    this.routes = builtRoutes(props.routes ?? routeTable);
    const removal = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = new ScoringTable(this, 'Data', { tableName: config.prefix, retainData: config.retainData });
    const { table, indexArns } = this.table;

    const defaults: ApiFunctionDefaults = {
      memorySize: config.memorySize,
      logRetention: config.logRetentionDays as RetentionDays,
      logRemovalPolicy: removal,
    };
    const routesScope = new Construct(this, 'Routes');
    for (const route of this.routes) {
      this.routeFunctions.set(
        route.name,
        new ApiFunction(routesScope, route.name, {
          entry: route.handler,
          functionName: `${config.prefix}-${route.name}`,
          description: `${route.method} ${route.path} (${route.access}, table ${route.table})`,
          defaults,
          table: { table, indexArns, grant: route.table },
          files: route.files,
        }),
      );
    }
    this.authorizerFunction = new ApiFunction(this, 'Authorizer', {
      entry: 'functions/auth/authorizer.ts',
      functionName: `${config.prefix}-Authorizer`,
      description: 'Token API Lambda authorizer: Bearer token to role (simple responses)',
      defaults,
      table: { table, indexArns, grant: 'get-item' },
      timeout: Duration.seconds(5),
    });
    this.notFoundFunction = new ApiFunction(this, 'NotFound', {
      entry: fallbackHandler,
      functionName: `${config.prefix}-NotFound`,
      description: 'Unmatched requests ($default): problem+json 404/405',
      defaults,
    });

    this.scanFold = new ScanFold(this, 'ScanFold', { table, functionName: `${config.prefix}-FoldResults`, defaults });

    // CORS is decided by the functions per route class (functions/shared/http/cors.ts).
    for (const f of [...this.routeFunctions.values(), this.notFoundFunction]) {
      f.fn.addEnvironment('CORS_ALLOWED_ORIGINS', config.corsOrigins.join(','));
    }

    const functions = new Map<string, IFunction>([...this.routeFunctions].map(([name, f]) => [name, f.fn]));
    const apiDefaults = {
      routes: this.routes,
      functions,
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

    this.access = new ApiAccessPolicies(this, 'Access', { api: this.iamApi.api, routes: this.routes, prefix: config.prefix });

    this.cdn = new PublicCdn(this, 'Cdn', {
      originDomainName: this.tokenApi.domainName,
      cachedPathPatterns: publicReadPathPatterns(this.routes),
      prefix: config.prefix,
      retainData: config.retainData,
      logRetention: defaults.logRetention,
    });
    this.scoreHistory = new ScoreHistorySchedule(this, 'ScoreHistory', { prefix: config.prefix, defaults, table: { table, indexArns } });

    if (config.agent) {
      this.agent = new ScoringAgent(this, 'Agent', { prefix: config.prefix, defaults, iamApiUrl: this.iamApi.url, vpc: config.agentVpc });
      this.grantServiceAccount(this.agent.grantee);
      this.agent.acknowledgeServiceGrant(this.access.serviceStatements);
    }

    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('TokenApiUrl', this.tokenApi.url, 'Token API (Bearer tokens, anonymous public reads): append api/v1/...');
    output('IamApiUrl', this.iamApi.url, 'IAM API (SigV4, execute-api): append api/v1/...');
    output('CdnUrl', `https://${this.cdn.distribution.distributionDomainName}/`, 'CloudFront: the scoreboard page, and the token API under api/v1/ (cached public reads)');
    output('PageUrl', `https://${this.cdn.distribution.distributionDomainName}/`, 'The public scoreboard page (same origin as the API)');
    output('TableName', table.tableName, 'DynamoDB table: npm run scoring -- ... --table <TableName>');
    output('AdminPolicyArn', this.access.adminPolicy.managedPolicyArn, 'Managed policy: invoke every IAM API route');
    output('ServicePolicyArn', this.access.servicePolicy.managedPolicyArn, 'Managed policy: invoke the service-account IAM API routes');

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
}
