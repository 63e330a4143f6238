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
  /**
   * The deployed routes: the stage throttles each, and each must be added
   * with `addRoute` (a stage's route settings may only name existing routes).
   */
  readonly routes: readonly Route[];
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
 * throttling and JSON access logs. The API, its stage and `$default` live
 * where this construct is; `addRoute` puts a route (and its integration and
 * invoke permission) in the scope it is given, such as the nested stack of
 * the route's area, so the API's own stack does not grow with the table.
 */
export class RouteTableApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly routes = new Map<string, HttpRoute>();
  /** The HEAD twin of each GET route, by route name. */
  readonly headRoutes = new Map<string, HttpRoute>();
  readonly defaultRoute: HttpRoute;
  private readonly authorizerFor: RouteTableApiProps['authorizerFor'];
  private readonly declared: readonly Route[];

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

    // Each route's class throttle (the route table's `throttle`), its HEAD's too (as the
    // description says); the stage-wide one covers $default (preflights, unknown paths).
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      props.routes.flatMap((route) => {
        const limits = { ThrottlingRateLimit: THROTTLES[route.throttle].rate, ThrottlingBurstLimit: THROTTLES[route.throttle].burst };
        const keys = route.method === 'GET' ? [`GET ${route.path}`, `HEAD ${route.path}`] : [`${route.method} ${route.path}`];
        return keys.map((key) => [key, limits]);
      }),
    );
    this.authorizerFor = props.authorizerFor;
    this.declared = props.routes;
    this.node.addValidation({
      validate: () =>
        this.declared
          .filter((route) => !this.routes.has(route.name))
          .map((route) => `${props.apiName}: route ${route.name} is throttled by the stage but was never added`),
    });

    this.defaultRoute = new HttpRoute(this, 'Default', {
      httpApi: this.api,
      routeKey: HttpRouteKey.DEFAULT,
      integration: new HttpLambdaIntegration('DefaultIntegration', props.fallback, { scopePermissionToRoute: false }),
      authorizer: props.authorizerFor(undefined),
    });
  }

  /**
   * Puts a route of the table on this API, in `scope` (the stack that holds
   * its function): the route, its HEAD twin for a GET, their integration and
   * the function's invoke permission from this API.
   */
  addRoute(scope: Construct, route: Route, fn: IFunction): void {
    if (!this.declared.includes(route)) throw new Error(`${route.name} is not one of the routes this API was made with`);
    if (this.routes.has(route.name)) throw new Error(`${route.name} is already on this API`);
    // One invoke permission per function and API (any of its routes, HEAD twins
    // included), not one per route: a CloudFormation stack holds at most 500 resources.
    const integration = new HttpLambdaIntegration(`${route.name}Integration`, fn, { scopePermissionToRoute: false });
    const added = new HttpRoute(scope, route.name, {
      httpApi: this.api,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration,
      authorizer: this.authorizerFor(route),
    });
    this.routes.set(route.name, added);
    // HEAD of every GET route: the same function and authorizer (it drops the
    // body). The $default function cannot serve it: it has no authorizer.
    const head =
      route.method === 'GET'
        ? new HttpRoute(scope, `${route.name}Head`, {
            httpApi: this.api,
            routeKey: HttpRouteKey.with(route.path, HttpMethod.HEAD),
            integration,
            authorizer: this.authorizerFor(route),
          })
        : undefined;
    if (head) this.headRoutes.set(route.name, head);
    // A stage's route settings may only name routes that already exist (in
    // another stack, this makes the stage wait for that nested stack).
    for (const r of [added, ...(head ? [head] : [])]) this.stage.node.addDependency(r);
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
