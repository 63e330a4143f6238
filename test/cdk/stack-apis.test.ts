/**
 * The stack's two HTTP APIs (test/cdk/stack-template.ts reads the stack):
 * every built route on both, to its own function, with the right
 * authorization; and the IAM policies that say which role may call which
 * route, checked by IAM's own evaluation of real requests.
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { HttpIamAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { describe, expect, it } from 'vitest';
import { ApiAccessPolicies } from '../../lib/constructs/api-access-policies';
import { RouteTableApi } from '../../lib/constructs/route-table-api';
import { ScoringStack } from '../../lib/scoring-stack';
import { API_PREFIX, roleMayCall, routes, type Route } from '#shared/api/routes';
import { readStackConfig } from '../../lib/stack-config';
import { cdkContext, flat, logicalId, newApp, permissions, policyAllows, resourcesOfType, rolePermissions, samplePath, type CfnTemplate } from './synth';
import { built, deployed, stack } from './stack-template';

describe('the two HTTP APIs', () => {
  const tokenApi = logicalId(stack.tokenApi.api);
  const iamApi = logicalId(stack.iamApi.api);
  const apiRoutes = (api: string) =>
    new Map(
      resourcesOfType(deployed, 'AWS::ApiGatewayV2::Route')
        .filter(([, r]) => r.Properties!.ApiId.Ref === api)
        .map(([, r]) => [r.Properties!.RouteKey as string, r.Properties!]),
    );
  const [authorizerId, authorizer] = resourcesOfType(deployed, 'AWS::ApiGatewayV2::Authorizer')[0]!;

  /** The function an API route's integration invokes. */
  function targetFunction(api: string, routeProps: Record<string, any>): string {
    const integrationId = flat(routeProps.Target).replace(/^integrations\/\$\{(.+)\}$/, '$1');
    const integration = deployed.Resources[integrationId]!;
    expect(integration.Properties!.ApiId.Ref).toBe(api);
    expect(integration.Properties!.PayloadFormatVersion).toBe('2.0');
    return integration.Properties!.IntegrationUri['Fn::GetAtt'][0];
  }

  it('puts every built route, and only those, on both APIs with a $default route', () => {
    const heads = built.filter((r) => r.method === 'GET').map((r) => `HEAD ${r.path}`);
    const keys = [...built.map((r) => `${r.method} ${r.path}`), ...heads, '$default'].sort();
    expect([...apiRoutes(tokenApi).keys()].sort()).toEqual(keys);
    expect([...apiRoutes(iamApi).keys()].sort()).toEqual(keys);
  });

  it.each(built.map((r) => [`${r.method} ${r.path}`, r] as const))('routes %s to its function on both APIs with the right authorization', (key, route) => {
    const fnId = logicalId(stack.routeFunctions.get(route.name)!.fn);
    const onToken = apiRoutes(tokenApi).get(key)!;
    expect(targetFunction(tokenApi, onToken)).toBe(fnId);
    if (route.access === 'public') {
      expect(onToken.AuthorizationType).toBe('NONE');
      expect(onToken.AuthorizerId).toBeUndefined();
    } else {
      expect(onToken.AuthorizationType).toBe('CUSTOM');
      expect(onToken.AuthorizerId).toEqual({ Ref: authorizerId });
    }
    const onIam = apiRoutes(iamApi).get(key)!;
    expect(targetFunction(iamApi, onIam)).toBe(fnId);
    expect(onIam.AuthorizationType).toBe('AWS_IAM');
  });

  it('refuses to synthesize a stage that throttles a route no nested stack put on the API', () => {
    // The stage's route settings name every built route; a route setting for a missing route fails the deployment.
    const app = newApp();
    const bare = new Stack(app, 'Bare');
    const fn = new LambdaFunction(bare, 'Fn', {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('export const handler = () => {};'),
    });
    const [first, second] = built;
    const api = new RouteTableApi(bare, 'Api', {
      apiName: 'bare',
      description: 'two routes, one added',
      routes: [first!, second!],
      fallback: fn,
      authorizerFor: () => new HttpIamAuthorizer(),
      callerLogVariable: '$context.identity.userArn',
      throttle: { rateLimit: 1, burstLimit: 1 },
      logRetention: RetentionDays.ONE_DAY,
      logRemovalPolicy: RemovalPolicy.DESTROY,
    });
    api.addRoute(bare, first!, fn);
    expect(() => api.addRoute(bare, first!, fn)).toThrow(/already on this API/);
    expect(() => app.synth()).toThrow(new RegExp(`route ${second!.name} is throttled by the stage but was never added`));
  });

  it('sends $default to the not-found function: open on the token API, IAM on the IAM API', () => {
    const notFound = logicalId(stack.notFoundFunction.fn);
    expect(targetFunction(tokenApi, apiRoutes(tokenApi).get('$default')!)).toBe(notFound);
    expect(apiRoutes(tokenApi).get('$default')!.AuthorizationType).toBe('NONE');
    expect(targetFunction(iamApi, apiRoutes(iamApi).get('$default')!)).toBe(notFound);
    expect(apiRoutes(iamApi).get('$default')!.AuthorizationType).toBe('AWS_IAM');
  });

  it('authorizes token routes with the Lambda authorizer: simple responses, uncached by default so revocation counts at once', () => {
    expect(resourcesOfType(deployed, 'AWS::ApiGatewayV2::Authorizer')).toHaveLength(1);
    expect(authorizer.Properties).toMatchObject({
      ApiId: { Ref: tokenApi },
      AuthorizerType: 'REQUEST',
      EnableSimpleResponses: true,
      AuthorizerPayloadFormatVersion: '2.0',
      IdentitySource: [],
      AuthorizerResultTtlInSeconds: 0,
    });
    expect(flat(authorizer.Properties!.AuthorizerUri)).toContain(`\${${logicalId(stack.authorizerFunction.fn)}.Arn}`);
  });

  it('deploys each API on a throttled $default stage with JSON access logs', () => {
    for (const api of [tokenApi, iamApi]) {
      const stages = resourcesOfType(deployed, 'AWS::ApiGatewayV2::Stage').filter(([, s]) => s.Properties!.ApiId.Ref === api);
      expect(stages).toHaveLength(1);
      const p = stages[0]![1].Properties!;
      expect(p.StageName).toBe('$default');
      expect(p.AutoDeploy).toBe(true);
      expect(p.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 500, ThrottlingBurstLimit: 1000 });
      expect(JSON.parse(p.AccessLogSettings.Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
      expect(deployed.Resources[p.AccessLogSettings.DestinationArn['Fn::GetAtt'][0]]!.Properties!.RetentionInDays).toBe(30);
    }
  });

  it('lets API Gateway invoke each route function from its two APIs only, with one permission each', () => {
    const permissionsFor = (fnId: string) =>
      resourcesOfType(deployed, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties!.FunctionName['Fn::GetAtt']?.[0] === fnId);
    for (const route of built) {
      const sources = permissionsFor(logicalId(stack.routeFunctions.get(route.name)!.fn)).map(([, p]) => flat(p.Properties!.SourceArn));
      // Scoped to the API, not the route (a HEAD twin shares it): a stack holds at most 500 resources.
      expect(sources.sort()).toEqual(
        [tokenApi, iamApi].map((api) => `arn:\${AWS::Partition}:execute-api:\${AWS::Region}:\${AWS::AccountId}:\${${api}}/*/*/*`).sort(),
      );
    }
  });
});

describe('IAM callers', () => {
  const iamApi = logicalId(stack.iamApi.api);
  const arn = (resource: string) => `arn:\${AWS::Partition}:execute-api:\${AWS::Region}:\${AWS::AccountId}:\${${iamApi}}/${resource}`;
  const invokeResource = (r: Pick<Route, 'method' | 'path'>) => arn(`*/${r.method}${r.path.replace(/\{[^/}]+\}/g, '*')}`);
  const requestArn = (method: string, path: string) => arn(`$default/${method}${path}`);
  const policy = (construct: object) => deployed.Resources[logicalId(construct as never)]!.Properties!;
  const admin = permissions(policy(stack.access.adminPolicy).PolicyDocument);
  const service = permissions(policy(stack.access.servicePolicy).PolicyDocument);
  const agent = permissions(policy(stack.access.agentPolicy).PolicyDocument);
  const lines = (perms: typeof admin, effect: 'Allow' | 'Deny') =>
    perms
      .filter((p) => p.effect === effect)
      .map((p) => `${p.action} ${p.resource}`)
      .sort();

  /** The methods IAM checks for a route: HEAD is answered by the GET route. */
  const methodsOf = (r: Route) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method]);
  const allowLines = (rs: Route[]) =>
    rs.flatMap((r) => methodsOf(r).map((m) => `execute-api:Invoke ${invokeResource({ ...r, method: m as Route['method'] })}`)).sort();

  it("gives admins execute-api:Invoke on every path under the prefix with the built routes' methods (HEAD with GET)", () => {
    // Every spelling of a route reaches a function, whose 404 tells an admin the path is wrong (issue #13).
    const methods = [...new Set(built.flatMap(methodsOf))].sort();
    expect(lines(admin, 'Allow')).toEqual(methods.map((m) => `execute-api:Invoke ${arn(`*/${m}${API_PREFIX}/*`)}`).sort());
    for (const variant of [`${API_PREFIX}/teams/1/dns.zone/`, `${API_PREFIX}//teams/1/dns.zone`]) {
      expect(policyAllows(admin, 'execute-api:Invoke', requestArn('GET', variant)), variant).toBe(true);
    }
    expect(lines(admin, 'Deny')).toEqual([]);
    expect(lines(admin, 'Allow').some((l) => l.includes('$default'))).toBe(false);
  });

  it('gives service accounts exactly the public and admin-or-service routes, and denies the admin-only ones with any suffix (but the service routes below them)', () => {
    const serviceRoutes = built.filter((r) => roleMayCall(r.access, 'service'));
    expect(lines(service, 'Allow')).toEqual(allowLines(serviceRoutes));
    // POST /services (an organiser's) has POST /services/{id}/scans (the agents') below it: `*` would deny that too.
    const createService = built.find((r) => r.name === 'CreateService')!;
    expect(lines(service, 'Deny')).toEqual(
      [
        ...allowLines(built.filter((r) => !roleMayCall(r.access, 'service') && r !== createService)).map((l) => `${l}*`),
        ...allowLines([createService]).flatMap((l) => [l, `${l}/`]),
      ].sort(),
    );
  });

  it('denies service accounts and agents every spelling of a path not theirs that IAM compares', () => {
    for (const [role, perms] of [
      ['service', service],
      ['agent', agent],
    ] as const) {
      for (const route of built.filter((r) => !roleMayCall(r.access, role))) {
        const path = samplePath(route);
        // With a route of its own below (an agent's GET /settings/{id} below GET /settings), the Deny holds the two
        // spellings API Gateway sends there; deeper ones match that route's Allow and reach its function, which answers 404.
        const below = built.some((other) => roleMayCall(other.access, role) && other.method === route.method && other.path.startsWith(`${route.path}/`));
        for (const variant of below ? [path, `${path}/`] : [path, `${path}/`, `${path}//`, `${path}/x`, `${path}.`]) {
          for (const method of methodsOf(route)) {
            expect(policyAllows(perms, 'execute-api:Invoke', requestArn(method, variant)), `${role} ${method} ${variant}`).toBe(false);
          }
        }
      }
    }
  });

  it('lets, by IAM evaluation of a real request, admins call every route and services exactly the non-admin ones', () => {
    for (const route of built) {
      const request = requestArn(route.method, samplePath(route));
      expect(policyAllows(admin, 'execute-api:Invoke', request), `admin ${route.name}`).toBe(true);
      expect(policyAllows(service, 'execute-api:Invoke', request), `service ${route.name}`).toBe(roleMayCall(route.access, 'service'));
      expect(policyAllows(agent, 'execute-api:Invoke', request), `agent ${route.name}`).toBe(roleMayCall(route.access, 'agent'));
    }
  });

  it('keeps admin-only routes nested under public ones away from service accounts (the whole contract, planned routes too)', () => {
    // A bare stack with the complete route table: every route as if built.
    const app = newApp();
    const bare = new Stack(app, 'Bare');
    const all = routes.map(({ planned: _planned, ...route }) => route as Route);
    const api = new HttpApi(bare, 'Api');
    const access = new ApiAccessPolicies(bare, 'Access', { api, routes: all });
    const bareJson = app.synth().getStackArtifact(bare.artifactId).template as CfnTemplate;
    const doc = (c: object) => permissions(bareJson.Resources[logicalId(c as never)]!.Properties!.PolicyDocument);
    const bareArn = (method: string, path: string) =>
      `arn:\${AWS::Partition}:execute-api:\${AWS::Region}:\${AWS::AccountId}:\${${logicalId(api)}}/$default/${method}${path}`;
    // The case that needs the Deny: GET /teams/{id} is public, GET /teams/{id}/dns.zone is admin-only.
    expect(all.some((r) => r.access === 'admin' && r.path.startsWith(`${API_PREFIX}/teams/{id}/`))).toBe(true);
    for (const route of all) {
      const request = bareArn(route.method, samplePath(route));
      expect(policyAllows(doc(access.adminPolicy), 'execute-api:Invoke', request), `admin ${route.name}`).toBe(true);
      expect(policyAllows(doc(access.servicePolicy), 'execute-api:Invoke', request), `service ${route.name}`).toBe(roleMayCall(route.access, 'service'));
    }
  });

  it('grants a role the same sets with grantAdmin, grantServiceAccount and grantAgent, and registers an agent with its pool', () => {
    const app = newApp({ ...cdkContext, 'aws:cdk:bundling-stacks': [] });
    const s = new ScoringStack(app, 'Grants', { config: readStackConfig(app.node) });
    const adminRole = new Role(s, 'AdminRole', { assumedBy: new ServicePrincipal('ec2.amazonaws.com') });
    const agentRole = new Role(s, 'AgentRole', { assumedBy: new ServicePrincipal('ec2.amazonaws.com') });
    const rangeRole = new Role(s, 'RangeRole', { assumedBy: new ServicePrincipal('ec2.amazonaws.com') });
    s.grantAdmin(adminRole);
    s.grantServiceAccount(agentRole);
    s.grantAgent(rangeRole, 'range-a');
    const grantsJson = app.synth().getStackArtifact(s.artifactId).template as CfnTemplate;
    const managed = (c: object) => permissions(grantsJson.Resources[logicalId(c as never)]!.Properties!.PolicyDocument);
    const sorted = (perms: ReturnType<typeof permissions>) => perms.map((p) => `${p.effect} ${p.action} ${p.resource}`).sort();
    expect(sorted(rolePermissions(grantsJson, logicalId(adminRole)))).toEqual(sorted(managed(s.access.adminPolicy)));
    expect(sorted(rolePermissions(grantsJson, logicalId(agentRole)))).toEqual(sorted(managed(s.access.servicePolicy)));
    expect(sorted(rolePermissions(grantsJson, logicalId(rangeRole)))).toEqual(sorted(managed(s.access.agentPolicy)));
    // Each grant also registers its role (by path-less role ARN) in the table's registry of IAM principals.
    const registrations = resourcesOfType(grantsJson, 'Custom::AWS').map(([, r]) => flat(r.Properties!.Create));
    // The three roles here, and the scoring agent's own role when the stack has the agent.
    expect(registrations).toHaveLength(s.agent ? 4 : 3);
    for (const [role, name] of [
      [adminRole, 'admin'],
      [agentRole, 'service'],
    ] as const) {
      const registration = registrations.find((c) => c.includes(`role/\${${logicalId(role)}}`));
      expect(registration, name).toMatch(new RegExp(`"role":\\{"S":"${name}"\\}`));
      expect(registration).toContain('"action":"putItem"');
    }
    const range = registrations.find((c) => c.includes(`role/\${${logicalId(rangeRole)}}`));
    expect(range).toMatch(/"role":\{"S":"agent"\},"pool":\{"S":"range-a"\}/);
    // The Lambda agent is the cloud pool's agent: the agent policy, not the service one.
    if (s.agent) {
      expect(registrations.find((c) => c.includes(`role/\${${logicalId(s.agent!.function.role)}}`))).toMatch(/"role":\{"S":"agent"\},"pool":\{"S":"cloud"\}/);
      expect(sorted(rolePermissions(grantsJson, logicalId(s.agent.function.role))).filter((p) => p.includes('execute-api'))).toEqual(
        sorted(managed(s.access.agentPolicy)),
      );
    }
  });
});
