/**
 * Template assertions generated from the route table: whatever routes are
 * built when this runs, each must be deployed exactly as its row says. They
 * read what the stack deploys as one template (`deployed`: the parent and its
 * nested stacks, references between them resolved), so they hold wherever a
 * resource lives; test/cdk/stack-size.test.ts checks where, and how many.
 */
import { resolve } from 'node:path';
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
import { publicReadPathPatterns } from '../../lib/route-resources';
import { API_PATTERN, cdnRules } from '../../lib/cdn-rules';
import { API_PREFIX, fallbackHandler, queryParameterNames, roleMayCall, routes, type Route } from '#shared/api/routes';
import { WORKERS } from '#shared/api/workers';
import { readStackConfig } from '../../lib/stack-config';
import { GLOBAL_INDEXES, LOCAL_INDEXES, TABLE_KEYS } from '#shared/data/table-schema';
import { FOLD_BATCH_SIZE, FOLD_EVENT_PATTERNS } from '#shared/data/fold-events';
import {
  cdkContext,
  flat,
  logicalId,
  newApp,
  permissions,
  policyAllows,
  resourcesOfType,
  ROOT,
  rolePermissions,
  samplePath,
  synthesize,
  wildcardMatches,
  type CfnTemplate,
} from './synth';

const built = routes.filter((r) => !r.planned);
const planned = routes.filter((r) => r.planned);
const { stack, json, deployed } = synthesize();
const prefix = stack.config.prefix;

// What each declared table access means, written out here rather than taken
// from the stack's code, so the test is the specification.
const READ = ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'];
const WRITE = ['dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
const tableArn = `\${${logicalId(stack.table.table)}.Arn}`;
/** The project's functions: not CDK's own handler that copies the web page into its bucket at deploy time. */
const ownFunctions = (template: typeof deployed) =>
  // CDK's own functions (the bucket deployment, the custom resources' provider) are not ours to configure.
  resourcesOfType(template, 'AWS::Lambda::Function').filter(
    ([id]) => !id.startsWith('CustomCDKBucketDeployment') && !id.startsWith('AWS679f53fac002430cb0da5b7982bd2287'),
  );
const indexArns = [...GLOBAL_INDEXES, ...LOCAL_INDEXES].map((index) => `${tableArn}/index/${index.indexName}`);

/** The table permissions a declared access must produce, as sorted "action on resource" lines. */
function expectedTablePermissions(access: 'get-item' | Route['table']): string[] {
  const onTable = access === 'get-item' ? ['dynamodb:GetItem'] : access === 'read' ? READ : [...READ, ...WRITE];
  const onIndexes = access === 'get-item' ? [] : ['dynamodb:Query'];
  return [...onTable.map((action) => `${action} on ${tableArn}`), ...indexArns.flatMap((arn) => onIndexes.map((action) => `${action} on ${arn}`))].sort();
}

const filesArn = `\${${logicalId(stack.files.bucket)}.Arn}`;

/** The bucket permissions a route's `bucket` must produce, as sorted "action on resource" lines. */
function expectedBucketPermissions(bucket: Route['bucket']): string[] {
  const read = bucket?.read ?? [];
  const write = bucket?.write ?? [];
  return [
    ...read.map((prefix) => `s3:GetObject on ${filesArn}/${prefix}*`),
    ...(read.length > 0 ? [`s3:ListBucket on ${filesArn}`] : []),
    ...write.flatMap((prefix) => [`s3:PutObject on ${filesArn}/${prefix}*`, `s3:AbortMultipartUpload on ${filesArn}/${prefix}*`]),
  ].sort();
}

function functionNamed(name: string): [string, NonNullable<CfnTemplate['Resources'][string]>] {
  const found = resourcesOfType(deployed, 'AWS::Lambda::Function').filter(([, r]) => r.Properties?.FunctionName === name);
  expect(found, `function ${name}`).toHaveLength(1);
  return found[0]!;
}

describe('functions', () => {
  it('makes one function per built route, plus the authorizer, the $default function, the fold consumer, the score history recorder, the delayed password changes, the scoring agent and the scoring watch, and none for planned routes', () => {
    const names = ownFunctions(deployed)
      .map(([, r]) => r.Properties?.FunctionName)
      .sort();
    expect(names).toEqual(
      [
        ...built.map((r) => `${prefix}-${r.name}`),
        `${prefix}-Authorizer`,
        `${prefix}-NotFound`,
        `${prefix}-FoldResults`,
        `${prefix}-RecordScoreSnapshot`,
        `${prefix}-ApplyDuePasswordChanges`,
        `${prefix}-Agent`,
        `${prefix}-ScoringWatch`,
        // The workers the routes start (api/workers.ts).
        ...Object.values(WORKERS).map((w) => `${prefix}-${w.name}`),
      ].sort(),
    );
    for (const route of planned) expect(names).not.toContain(`${prefix}-${route.name}`);
  });

  it("bundles each route's own handler file", () => {
    for (const route of built) {
      const fn = stack.routeFunctions.get(route.name)!;
      expect(fn.entry).toBe(resolve(ROOT, route.handler));
      expect(functionNamed(`${prefix}-${route.name}`)[0]).toBe(logicalId(fn.fn));
    }
    expect(stack.authorizerFunction.entry).toBe(resolve(ROOT, 'functions/auth/authorizer.ts'));
    expect(stack.notFoundFunction.entry).toBe(resolve(ROOT, fallbackHandler));
  });

  it('runs every function on Node 22, ARM64, with source maps and its own log group with retention', () => {
    for (const [id, fn] of ownFunctions(deployed)) {
      const p = fn.Properties!;
      expect(p.Runtime, id).toBe('nodejs22.x');
      expect(p.Architectures, id).toEqual(['arm64']);
      expect(p.Handler, id).toBe('index.handler');
      // The stack's memory, but for the scoring agent's one full vCPU (test/cdk/agent.test.ts).
      expect(p.MemorySize, id).toBe(p.FunctionName === `${prefix}-Agent` ? 1769 : 256);
      expect(p.Environment.Variables.NODE_OPTIONS, id).toBe('--enable-source-maps');
      const logGroup = deployed.Resources[p.LoggingConfig.LogGroup.Ref]!;
      expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
      expect(logGroup.Properties?.RetentionInDays).toBe(30);
    }
  });

  it('gives route functions TABLE_NAME, and the $default function neither the name nor any table access', () => {
    for (const route of built) {
      expect(functionNamed(`${prefix}-${route.name}`)[1].Properties!.Environment.Variables.TABLE_NAME).toEqual({
        Ref: logicalId(stack.table.table),
      });
    }
    const [, notFound] = functionNamed(`${prefix}-NotFound`);
    expect(notFound.Properties!.Environment.Variables.TABLE_NAME).toBeUndefined();
  });

  it("gives route functions the cursor key as a deploy-time reference to the stack's generated secret, and no role may read the secret", () => {
    const secretId = logicalId(stack.cursorSigningKey);
    expect(deployed.Resources[secretId]!.Properties!.GenerateSecretString).toMatchObject({ PasswordLength: 48 });
    for (const route of built) {
      const key = flat(functionNamed(`${prefix}-${route.name}`)[1].Properties!.Environment.Variables.CURSOR_SIGNING_KEY);
      expect(key).toBe(`{{resolve:secretsmanager:\${${secretId}}:SecretString:::}}`);
    }
    expect(JSON.stringify(deployed)).not.toContain('secretsmanager:GetSecretValue');
  });

  /** A function's permissions, as "action on resource" lines, with its log-group permissions checked and removed. */
  function tablePermissionsOf(functionName: string): string[] {
    const [, fn] = functionNamed(functionName);
    const perms = rolePermissions(deployed, fn.Properties!.Role['Fn::GetAtt'][0]);
    expect(perms.every((p) => p.effect === 'Allow')).toBe(true);
    const logs = perms.filter((p) => p.action.startsWith('logs:'));
    expect(logs.map((p) => p.action).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    for (const p of logs) expect(p.resource).toBe(`\${${fn.Properties!.LoggingConfig.LogGroup.Ref}.Arn}`);
    // X-Ray active tracing: write-only trace actions, which have no resource-level permissions.
    const xray = perms.filter((p) => p.action.startsWith('xray:'));
    expect(xray.map((p) => `${p.action} on ${p.resource}`).sort()).toEqual(['xray:PutTelemetryRecords on *', 'xray:PutTraceSegments on *']);
    expect(fn.Properties!.TracingConfig).toEqual({ Mode: 'Active' });
    return perms
      .filter((p) => !p.action.startsWith('logs:') && !p.action.startsWith('xray:'))
      .map((p) => `${p.action} on ${p.resource}`)
      .sort();
  }

  it.each(built.map((r) => [r.name, r] as const))('lets %s do exactly its declared table actions, on this table and its indexes only', (_, route) => {
    const perms = tablePermissionsOf(`${prefix}-${route.name}`);
    expect(perms.filter((p) => !p.startsWith('kms:') && !p.startsWith('lambda:') && !p.startsWith('s3:'))).toEqual(expectedTablePermissions(route.table));
    // The files bucket: exactly what the route's `bucket` says, by key prefix, and its name only then.
    expect(perms.filter((p) => p.startsWith('s3:'))).toEqual(expectedBucketPermissions(route.bucket));
    const bucketName = functionNamed(`${prefix}-${route.name}`)[1].Properties!.Environment.Variables.FILES_BUCKET;
    if (route.bucket) expect(flat(bucketName)).toBe(`\${${logicalId(stack.files.bucket)}}`);
    else expect(bucketName).toBeUndefined();
    // The agent: only the routes that queue a dry run may start it; a worker: only the routes that name it; nothing else.
    const lambda = perms.filter((p) => p.startsWith('lambda:'));
    const variables = functionNamed(`${prefix}-${route.name}`)[1].Properties!.Environment.Variables;
    if (route.invokes === 'agent') {
      expect(lambda).toEqual([expect.stringMatching(new RegExp(`^lambda:InvokeFunction on .*:function:${prefix}-Agent$`))]);
      expect(variables.SCORING_AGENT_FUNCTION).toBe(`${prefix}-Agent`);
    } else if (route.invokes !== undefined) {
      const worker = WORKERS[route.invokes];
      expect(lambda).toEqual([`lambda:InvokeFunction on ${flat({ 'Fn::GetAtt': [logicalId(stack.workerFunctions.get(worker.name)!.fn), 'Arn'] })}`]);
      expect(flat(variables[worker.env])).toBe(`\${${logicalId(stack.workerFunctions.get(worker.name)!.fn)}}`);
    } else expect(lambda).toEqual([]);
    // The accounts key: kms:Decrypt for the route that opens the accounts' secrets, kms:GenerateDataKey for those that seal them, nothing for any other.
    // The mail key: kms:GenerateMac for the routes that make mail tokens, and nothing else.
    const kms = perms.filter((p) => p.startsWith('kms:'));
    if (route.mailKey) {
      expect(kms).toEqual([expect.stringMatching(/^kms:GenerateMac on .*MailTokenKey/)]);
      expect(flat(variables.MAIL_KEY_ID)).toContain('MailTokenKey');
    } else if (route.accountsKey === undefined) expect(kms).toEqual([]);
    else {
      expect(kms).toHaveLength(1);
      expect(kms[0]).toMatch(new RegExp(`^kms:${route.accountsKey === 'open' ? 'Decrypt' : 'GenerateDataKey'} on .*AccountsKey`));
    }
  });

  it('keeps the accounts key rotating, names it only to the functions that seal or open with it, and lets nothing but the secrets route decrypt', () => {
    const [keyId, key] = resourcesOfType(deployed, 'AWS::KMS::Key').find(([id]) => id.includes('AccountsKey'))!;
    expect(key.Properties!.EnableKeyRotation).toBe(true);
    const decrypting = built.filter((r) => r.accountsKey === 'open').map((r) => r.name);
    expect(decrypting).toEqual(['GetCheckAccounts']);
    for (const route of built) {
      const variable = functionNamed(`${prefix}-${route.name}`)[1].Properties!.Environment.Variables.ACCOUNTS_KEY_ID;
      if (route.accountsKey) expect(flat(variable)).toContain(keyId);
      else expect(variable).toBeUndefined();
    }
    const decryptGrants = JSON.stringify(deployed).match(/kms:Decrypt/g) ?? [];
    expect(decryptGrants).toHaveLength(decrypting.length);
  });

  it('lets the authorizer only GetItem on the table, and the $default function nothing', () => {
    expect(tablePermissionsOf(`${prefix}-Authorizer`)).toEqual(expectedTablePermissions('get-item'));
    expect(tablePermissionsOf(`${prefix}-NotFound`)).toEqual([]);
  });
});

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

describe('the fold consumer', () => {
  const [consumerId, consumer] = functionNamed(`${prefix}-FoldResults`);
  const [, mapping] = resourcesOfType(deployed, 'AWS::Lambda::EventSourceMapping')[0]!;

  it('reads the table stream through one filtered mapping with partial batch responses, no bisection and a queue for failed batches', () => {
    expect(resourcesOfType(deployed, 'AWS::Lambda::EventSourceMapping')).toHaveLength(1);
    const p = mapping.Properties!;
    expect(p.FunctionName).toEqual({ Ref: consumerId });
    expect(p.EventSourceArn).toEqual({ 'Fn::GetAtt': [logicalId(stack.table.table), 'StreamArn'] });
    expect(p.StartingPosition).toBe('TRIM_HORIZON');
    expect(p.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(p.BisectBatchOnFunctionError).toBe(false);
    expect(p.BatchSize).toBe(FOLD_BATCH_SIZE);
    expect(p.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual(FOLD_EVENT_PATTERNS);
    expect(p.DestinationConfig.OnFailure.Destination).toEqual({ 'Fn::GetAtt': [logicalId(stack.scanFold.deadLetterQueue), 'Arn'] });
  });

  it('may only BatchGetItem, GetItem (a void job), Query (a late result re-evaluates an SLA run from the history) and UpdateItem on the table, Query the history index, read the stream and send to its queue', () => {
    const perms = rolePermissions(deployed, consumer.Properties!.Role['Fn::GetAtt'][0]).filter((x) => !x.action.startsWith('logs:'));
    const table = perms
      .filter((x) => x.resource === tableArn)
      .map((x) => x.action)
      .sort();
    expect(table).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    const index = perms.filter((x) => x.resource !== tableArn && x.action === 'dynamodb:Query');
    expect(index).toHaveLength(1);
    expect(JSON.stringify(index[0]!.resource)).toContain('/index/lsi1');
    const others = perms.filter((x) => x.resource !== tableArn && x !== index[0]).map((x) => x.action);
    expect(
      others.every((a) => /^dynamodb:(DescribeStream|GetRecords|GetShardIterator|ListStreams)$|^sqs:|^xray:Put(TraceSegments|TelemetryRecords)$/.test(a)),
      others.join(', '),
    ).toBe(true);
  });

  it('exposes its iterator age for alarms', () => {
    expect(stack.scanFold.iteratorAge.metricName).toBe('IteratorAge');
    expect(stack.scanFold.iteratorAge.statistic).toBe('Maximum');
  });
});

describe('the CDN', () => {
  const [, distribution] = resourcesOfType(deployed, 'AWS::CloudFront::Distribution')[0]!;
  const config = distribution.Properties!.DistributionConfig;
  const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
  const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
  const publicCachePolicy = logicalId(stack.cdn.publicReadsCachePolicy);
  /** The behavior CloudFront picks for a path: the first matching pattern, else the default. */
  const behaviorFor = (path: string) => (config.CacheBehaviors as any[]).find((b) => wildcardMatches(b.PathPattern, path)) ?? config.DefaultCacheBehavior;

  it('fronts the token API over HTTPS', () => {
    const apiOrigins = (config.Origins as any[]).filter((o) => o.CustomOriginConfig);
    expect(apiOrigins).toHaveLength(1);
    expect(flat(apiOrigins[0].DomainName)).toBe(`\${${logicalId(stack.tokenApi.api)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}`);
    expect(apiOrigins[0].CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('serves the web page from a private bucket by default, through origin access control, with its CSP', () => {
    const [siteOrigin] = (config.Origins as any[]).filter((o) => o.S3OriginConfig);
    expect(flat(siteOrigin.DomainName)).toBe(`\${${logicalId(stack.cdn.siteBucket)}.RegionalDomainName}`);
    expect(siteOrigin.OriginAccessControlId).toBeDefined();
    const d = config.DefaultCacheBehavior;
    expect(d.TargetOriginId).toBe(siteOrigin.Id);
    expect(d.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(config.DefaultRootObject).toBe('index.html');
    const [, bucket] = resourcesOfType(deployed, 'AWS::S3::Bucket')[0]!;
    expect(bucket.Properties!.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const policies = resourcesOfType(deployed, 'AWS::CloudFront::ResponseHeadersPolicy').map(([, p]) => p.Properties!.ResponseHeadersPolicyConfig);
    const page = policies.find((c) => c.SecurityHeadersConfig.ContentSecurityPolicy)!;
    const csp = flat(page.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    // Every answer through the CDN, the API's included (API Gateway's own refusals too), says nosniff.
    for (const config of policies) expect(config.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
    const apiBehaviours = [...config.CacheBehaviors];
    const apiPolicyIds = new Set(apiBehaviours.map((b: { ResponseHeadersPolicyId: unknown }) => JSON.stringify(b.ResponseHeadersPolicyId)));
    expect(apiPolicyIds.size).toBe(1);
    expect([...apiPolicyIds][0]).not.toBe('undefined');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // Page routes are real files: no error response swaps in a page (that would also rewrite the API's 403 and 404).
    expect(config.CustomErrorResponses.every((e: any) => e.ResponsePagePath === undefined)).toBe(true);
    expect(behaviorFor('/api/v1/teams/scoreboard/history').TargetOriginId).not.toBe(siteOrigin.Id);
    expect(behaviorFor('/api/v1/dns').TargetOriginId).not.toBe(siteOrigin.Id);
  });

  it('caches public GET routes by the origin Cache-Control, keyed by Authorization and the query parameters they accept', () => {
    const [, policy] = resourcesOfType(deployed, 'AWS::CloudFront::CachePolicy')[0]!;
    const p = policy.Properties!.CachePolicyConfig;
    expect(p.MinTTL).toBe(0);
    expect(p.DefaultTTL).toBe(0);
    expect(p.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['Authorization'] });
    const accepted = [...new Set(built.filter((r) => r.access === 'public' && r.method === 'GET').flatMap((r) => queryParameterNames(r)))].sort();
    expect(accepted).toEqual(expect.arrayContaining(['subtype_id', 'team']));
    expect(p.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: accepted });
    expect(config.CacheBehaviors.map((b: any) => b.PathPattern).sort()).toEqual(expect.arrayContaining(['/api/v1/services*', '/api/v1/teams*']));
    for (const route of built.filter((r) => r.access === 'public' && r.method === 'GET')) {
      const behavior = behaviorFor(samplePath(route));
      expect(behavior.CachePolicyId, route.name).toEqual({ Ref: publicCachePolicy });
      expect(behavior.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']));
      expect(behavior.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    }
  });

  it('takes its cache policy and API behaviours from the rules the local CDN stand-in reads (lib/cdn-rules.ts)', () => {
    const rules = cdnRules(stack.routes);
    // The local twin's stand-in reads cdnRules() of the project's route table: the same rules.
    expect(cdnRules()).toEqual(rules);
    const { publicReads: reads, passThrough: rest } = rules;
    const [, policy] = resourcesOfType(deployed, 'AWS::CloudFront::CachePolicy')[0]!;
    const p = policy.Properties!.CachePolicyConfig;
    expect([p.MinTTL, p.DefaultTTL, p.MaxTTL]).toEqual([reads.ttl.minSeconds, reads.ttl.defaultSeconds, reads.ttl.maxSeconds]);
    const key = p.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: [...reads.cacheKeyHeaders] });
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: [...reads.cacheKeyQueryParameters] });
    expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(key.EnableAcceptEncodingGzip).toBe(reads.acceptEncoding.gzip);
    expect(key.EnableAcceptEncodingBrotli).toBe(reads.acceptEncoding.brotli);
    const cached = (config.CacheBehaviors as any[]).filter((b) => JSON.stringify(b.CachePolicyId) === JSON.stringify({ Ref: publicCachePolicy }));
    expect(cached.map((b) => b.PathPattern)).toEqual([...rules.cachedPathPatterns]);
    for (const b of cached) {
      expect(b.Compress).toBe(reads.compress);
      expect([...b.CachedMethods].sort()).toEqual([...reads.cachedMethods].sort());
    }
    const passThrough = behaviorFor('/api/v1/dns');
    expect(passThrough.PathPattern).toBe(API_PATTERN);
    expect(rest.caching).toBe(false);
    expect(passThrough.CachePolicyId).toBe(CACHING_DISABLED);
    expect(passThrough.Compress).toBe(rest.compress);
  });

  it('passes the rest of the API through uncached with all viewer headers but Host', () => {
    const d = behaviorFor('/api/v1/dns');
    expect(d.PathPattern).toBe('/api/v1/*');
    expect(d.CachePolicyId).toBe(CACHING_DISABLED);
    expect(d.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(d.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']));
    expect(d.ViewerProtocolPolicy).toBe('https-only');
    // A route is under a cached pattern only if its collection has a public GET route.
    const collection = (r: Route) => r.path.split('/')[3];
    const publicCollections = new Set(built.filter((r) => r.access === 'public' && r.method === 'GET').map(collection));
    for (const route of built.filter((r) => !publicCollections.has(collection(r)))) {
      expect(behaviorFor(samplePath(route)).CachePolicyId, route.name).toBe(CACHING_DISABLED);
    }
    // Unknown paths too, and error responses are never cached by default.
    expect(behaviorFor('/api/v1/dns/7').CachePolicyId).toBe(CACHING_DISABLED);
    expect(config.CustomErrorResponses.every((e: any) => e.ErrorCachingMinTTL === 0)).toBe(true);
  });

  it('derives one cached pattern per public collection (the whole contract, its description and reference page)', () => {
    const all = routes.map(({ planned: _planned, ...route }) => route as Route);
    expect(publicReadPathPatterns(all)).toEqual(['/api/v1/docs*', '/api/v1/openapi-iam.json*', '/api/v1/openapi.json*', '/api/v1/services*', '/api/v1/teams*']);
    expect(publicReadPathPatterns([])).toEqual([]);
  });
});

describe('outputs', () => {
  it('names both API URLs, the CDN URL, the table, the accounts key and the three policies', () => {
    const outputs = json.Outputs!;
    expect(Object.keys(outputs).sort()).toEqual([
      'AccountsKeyArn',
      'AdminPolicyArn',
      'AgentPolicyArn',
      'AlarmTopicArn',
      'CdnUrl',
      'DashboardName',
      'IamApiUrl',
      'PageUrl',
      'ServicePolicyArn',
      'TableName',
      'TokenApiUrl',
    ]);
    expect(flat(outputs.PageUrl!.Value)).toBe(`https://\${${logicalId(stack.cdn.distribution)}.DomainName}/`);
    expect(outputs.TableName!.Value).toEqual({ Ref: logicalId(stack.table.table) });
    expect(flat(outputs.TokenApiUrl!.Value)).toBe(`https://\${${logicalId(stack.tokenApi.api)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/`);
    expect(flat(outputs.IamApiUrl!.Value)).toBe(`https://\${${logicalId(stack.iamApi.api)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/`);
    expect(flat(outputs.CdnUrl!.Value)).toBe(`https://\${${logicalId(stack.cdn.distribution)}.DomainName}/`);
    expect(outputs.AdminPolicyArn!.Value).toEqual({ Ref: logicalId(stack.access.adminPolicy) });
    expect(outputs.ServicePolicyArn!.Value).toEqual({ Ref: logicalId(stack.access.servicePolicy) });
    expect(outputs.AgentPolicyArn!.Value).toEqual({ Ref: logicalId(stack.access.agentPolicy) });
  });
});

describe('context', () => {
  it('names everything after the stage', () => {
    const { stack: prod, deployed: prodJson } = synthesize({ context: { stage: 'prod' } });
    expect(prod.stackName).toBe('Scoring-prod');
    expect(resourcesOfType(prodJson, 'AWS::DynamoDB::Table')[0]![1].Properties!.TableName).toBe('scoring-prod');
    const names = ownFunctions(prodJson).map(([, r]) => r.Properties!.FunctionName as string);
    expect(names.every((n) => n.startsWith('scoring-prod-'))).toBe(true);
  });

  it('relaxes deletion protection for throw-away stages (-c retainData=false)', () => {
    const { deployed: testJson } = synthesize({ context: { stage: 'ci', retainData: 'false' } });
    const [, table] = resourcesOfType(testJson, 'AWS::DynamoDB::Table')[0]!;
    expect(table.Properties!.DeletionProtectionEnabled).toBe(false);
    expect(table.DeletionPolicy).toBe('Delete');
    for (const [, group] of resourcesOfType(testJson, 'AWS::Logs::LogGroup')) expect(group.DeletionPolicy).toBe('Delete');
  });

  it('caches authorizer decisions with -c authorizerCacheSeconds=N, keyed per Authorization header and route', () => {
    const { deployed: cached } = synthesize({ context: { authorizerCacheSeconds: '10' } });
    const [, authorizer] = resourcesOfType(cached, 'AWS::ApiGatewayV2::Authorizer')[0]!;
    expect(authorizer.Properties!.AuthorizerResultTtlInSeconds).toBe(10);
    expect(authorizer.Properties!.IdentitySource).toEqual(['$request.header.Authorization', '$context.routeKey']);
  });

  it('refuses nonsense', () => {
    const read = (context: Record<string, unknown>) => () => readStackConfig({ tryGetContext: (k) => context[k] });
    expect(read({ authorizerCacheSeconds: 'ten' })).toThrow(/authorizerCacheSeconds/);
    expect(read({ retainData: 'maybe' })).toThrow(/retainData/);
    expect(read({ stage: 'Prod_1' })).toThrow(/prefix/);
    expect(read({ logRetentionDays: '10' })).toThrow(/logRetentionDays/);
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
    expect(csp).toContain(`connect-src 'self' https://${prefix.toLowerCase()}-files-\${AWS::AccountId}-\${AWS::Region}.s3.\${AWS::Region}.amazonaws.com;`);
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
