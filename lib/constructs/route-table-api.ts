import type { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnStage,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type HttpStage,
  type IHttpRouteAuthorizer,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { THROTTLES, type Route } from '#shared/api/routes';

export interface RouteTableApiProps {
  readonly apiName: string;
  readonly description: string;
  /** The deployed routes; each becomes one route of this API. */
  readonly routes: readonly Route[];
  /** The function behind each route, by route name. */
  readonly functions: ReadonlyMap<string, IFunction>;
  /** The `$default` route's function (problem+json 404/405). */
  readonly fallback: IFunction;
  /** The authorizer of a route; `undefined` asks for the `$default` route's. */
  readonly authorizerFor: (route: Route | undefined) => IHttpRouteAuthorizer;
  /** Who the caller was, as an access-log variable (`$context...`). */
  readonly callerLogVariable: string;
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
}

/**
 * An HTTP API built from the route table: one route per deployed route (its
 * method and path, its function, the authorizer the caller chooses for it), a
 * `$default` route for everything else, and a `$default` stage with
 * throttling and JSON access logs.
 */
export class RouteTableApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly routes = new Map<string, HttpRoute>();
  /** The HEAD twin of each GET route, by route name. */
  readonly headRoutes = new Map<string, HttpRoute>();
  readonly defaultRoute: HttpRoute;

  constructor(scope: Construct, id: string, props: RouteTableApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', {
      apiName: props.apiName,
      description: props.description,
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            caller: props.callerLogVariable,
          }),
        ),
      },
    });

    for (const route of props.routes) {
      const fn = props.functions.get(route.name);
      if (!fn) throw new Error(`No function for route ${route.name}`);
      // One invoke permission per function and API (any of its routes, HEAD twins
      // included), not one per route: a CloudFormation stack holds at most 500 resources.
      const integration = new HttpLambdaIntegration(`${route.name}Integration`, fn, { scopePermissionToRoute: false });
      this.routes.set(
        route.name,
        new HttpRoute(this, route.name, {
          httpApi: this.api,
          routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
          integration,
          authorizer: props.authorizerFor(route),
        }),
      );
      // HEAD of every GET route: the same function and authorizer (it drops the
      // body). The $default function cannot serve it: it has no authorizer.
      if (route.method === 'GET') {
        this.headRoutes.set(
          route.name,
          new HttpRoute(this, `${route.name}Head`, {
            httpApi: this.api,
            routeKey: HttpRouteKey.with(route.path, HttpMethod.HEAD),
            integration,
            authorizer: props.authorizerFor(route),
          }),
        );
      }
    }
    // Each route's class throttle (the route table's `throttle`), its HEAD's too (as the
    // description says); the stage-wide one covers $default (preflights, unknown paths).
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      props.routes.flatMap((route) => {
        const limits = { ThrottlingRateLimit: THROTTLES[route.throttle].rate, ThrottlingBurstLimit: THROTTLES[route.throttle].burst };
        const keys = route.method === 'GET' ? [`GET ${route.path}`, `HEAD ${route.path}`] : [`${route.method} ${route.path}`];
        return keys.map((key) => [key, limits]);
      }),
    );
    // A stage's route settings may only name routes that already exist.
    for (const route of [...this.routes.values(), ...this.headRoutes.values()]) this.stage.node.addDependency(route);

    this.defaultRoute = new HttpRoute(this, 'Default', {
      httpApi: this.api,
      routeKey: HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration('DefaultIntegration', props.fallback, { scopePermissionToRoute: false }),
      authorizer: props.authorizerFor(undefined),
    });
  }

  /** `https://<id>.execute-api.<region>.amazonaws.com/` (the `$default` stage). */
  get url(): string {
    return this.stage.url;
  }

  /** The API's host name, for a CloudFront origin. */
  get domainName(): string {
    return `${this.api.apiId}.execute-api.${this.api.stack.region}.${this.api.stack.urlSuffix}`;
  }
}
