import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerIamPrincipal, revokeIamPrincipal } from '#shared/data/iam-principals';
import { TEST_AUDIT } from '../support/database';
import { API_PREFIX, roleMayCall, routes, type Route } from '#shared/api/routes';
import type { LocalStack } from '../../lib/local/local-stack';
import { localIamArn } from '../../lib/local/sigv4';
import { iamAllows } from '../../lib/route-resources';
import { ENV_TOKENS, IAM_KEYS, startTestServer } from '../support/server';
import { signedHeaders } from '../support/sigv4';
import { oneRouteOfEach } from '../support/route-samples';

/**
 * What IAM and the registry of IAM principals decide, over HTTP through the
 * local gateway: every built route × the admin and service keys × spellings
 * of its path, and the agent key and the unsigned callers on one route of
 * each access class and method. IAM's refusals are API Gateway's plain 403; whatever IAM lets
 * through is the function's to answer (a non-canonical spelling is its 404,
 * asserted with the endpoint wrapper's tests), never that plain 403.
 */
type Principal = 'anonymous' | 'service token' | 'admin token' | 'service key' | 'admin key' | 'agent key';
const PRINCIPALS: Principal[] = ['anonymous', 'service token', 'admin token', 'service key', 'admin key', 'agent key'];
const IAM_FORBIDDEN = { message: 'Forbidden' };

const built = routes.filter((r) => !r.planned);
const canonical = (route: Route) => route.path.replace('{id}', '999999');
const VARIANTS: Record<string, (route: Route) => string> = {
  canonical,
  'trailing slash': (route) => `${canonical(route)}/`,
  'doubled slash': (route) => canonical(route).replace(`${API_PREFIX}/`, `${API_PREFIX}//`),
  'suffix segment': (route) => `${canonical(route)}/x`,
};

let stack: LocalStack;
beforeAll(async () => {
  stack = await startTestServer();
});
afterAll(async () => {
  await stack?.stop();
});

async function call(principal: Principal, method: string, path: string): Promise<Response> {
  const url = `${stack.url}${path}`;
  const keyOf = { 'service key': IAM_KEYS.service, 'admin key': IAM_KEYS.admin, 'agent key': IAM_KEYS.agent } as const;
  let headers: Record<string, string> = {};
  if (principal === 'service token') headers = { authorization: `Bearer ${ENV_TOKENS.service}` };
  if (principal === 'admin token') headers = { authorization: `Bearer ${ENV_TOKENS.admin}` };
  if (principal === 'service key' || principal === 'admin key' || principal === 'agent key')
    headers = await signedHeaders(url, { method, ...keyOf[principal] });
  return fetch(url, { method, headers });
}

const ROLE_OF_KEY = { 'admin key': 'admin', 'service key': 'service', 'agent key': 'agent' } as const;
const roleOfKey = (principal: Principal) => (principal in ROLE_OF_KEY ? ROLE_OF_KEY[principal as keyof typeof ROLE_OF_KEY] : undefined);

/**
 * The callers that sign nothing never meet IAM's policy: what they get does
 * not depend on which route of an access class and method they call, so they
 * call one route of each. The signed keys, whose answers IAM's policy decides
 * route by route and spelling by spelling, call every route.
 */
const UNSIGNED: readonly Principal[] = ['anonymous', 'service token', 'admin token'];
const representatives = oneRouteOfEach(built, (route) => `${route.access} ${route.method}`);
/**
 * The agent key's policy is built as the service key's (the routes of its
 * access classes allowed, the others denied with their suffixes) and the
 * gateway asks the same iamAllows for both: it calls one route of each
 * access class, method and depth below another route, where the policies
 * differ. The CDK tests evaluate its policy on every route and spelling.
 */
const agentRepresentatives = oneRouteOfEach(
  built,
  (route) => `${route.access} ${route.method} ${built.some((other) => other.path.startsWith(`${route.path}/`))}`,
);
const SAMPLED: readonly Principal[] = [...UNSIGNED, 'agent key'];
const sampledBy = (principal: Principal, route: (typeof built)[number]) => (principal === 'agent key' ? agentRepresentatives : representatives).has(route);

// A route's cases side by side (they only read the registry; the tests that change it come after): part of each request
// is DynamoDB Local's, in another process.
describe.concurrent.each(built.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_, route) => {
  const principals = PRINCIPALS.filter((principal) => !SAMPLED.includes(principal) || sampledBy(principal, route));
  it.each(principals.flatMap((principal) => Object.keys(VARIANTS).map((variant) => [principal, variant] as const)))('%s, %s', async (principal, variant) => {
    const path = VARIANTS[variant]!(route);
    const response = await call(principal, route.method, path);
    const text = await response.text();
    const role = roleOfKey(principal);
    if (role && !iamAllows(role, route.method, path)) {
      expect(response.status, text).toBe(403);
      expect(JSON.parse(text)).toEqual(IAM_FORBIDDEN);
      return;
    }
    expect(text.startsWith('{"message"'), text).toBe(false);
    if (variant === 'canonical' && role) {
      // The registry gives the handler the caller's role; IAM already kept the service and agent keys off the routes not theirs.
      // Reached its handler: no 401, and no 403 but one of the route's own (a beacon's check-in without its token).
      if (roleMayCall(route.access, role)) {
        if (response.status === 403) expect((route as Route).problems?.[403] ?? [], text).toContain(JSON.parse(text).code);
        else expect(response.status, text).not.toBe(401);
      }
      // What only a signed-in member does (their own session): the function refuses any IAM caller, as problem+json.
      else expect([response.status, JSON.parse(text).code]).toEqual([403, 'forbidden']);
    }
  });
});

describe("a team's zone file over the IAM API (issue #13, done means)", () => {
  const zone = `${API_PREFIX}/teams/1/dns.zone`;
  const variants = [`${zone}/`, `${API_PREFIX}//teams/1/dns.zone`];

  it('is refused to a service key by IAM in every spelling', async () => {
    for (const path of [zone, ...variants]) {
      const response = await call('service key', 'GET', path);
      expect(response.status, path).toBe(403);
      expect(await response.json(), path).toEqual(IAM_FORBIDDEN);
    }
  });

  it('reaches a function for an admin key: the canonical path is served, other spellings are 404 problem+json', async () => {
    const canonicalResponse = await call('admin key', 'GET', zone);
    expect([401, 403], await canonicalResponse.clone().text()).not.toContain(canonicalResponse.status);
    await canonicalResponse.arrayBuffer();
    for (const path of variants) {
      const response = await call('admin key', 'GET', path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('application/problem+json');
      await response.arrayBuffer();
    }
  });
});

describe('the registry of IAM principals', () => {
  const serviceArn = localIamArn({ accessKeyId: IAM_KEYS.service.accessKeyId, role: 'service' });

  it('refuses a correctly signed caller that is not registered, even on a public route', async () => {
    expect(await revokeIamPrincipal(serviceArn, TEST_AUDIT)).toBe(true);
    try {
      const response = await call('service key', 'GET', `${API_PREFIX}/teams`);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(((await response.json()) as { detail: string }).detail).toMatch(/not registered/);
    } finally {
      await registerIamPrincipal({ arn: serviceArn, role: 'service', source: 'local', audit: TEST_AUDIT });
    }
    expect((await call('service key', 'GET', `${API_PREFIX}/teams`)).status).toBe(200);
  });

  it("takes the caller's role from the registry, not from the key", async () => {
    // The admin key's principal registered as a service: IAM lets it reach an admin route, the handler refuses it.
    const adminArn = localIamArn({ accessKeyId: IAM_KEYS.admin.accessKeyId, role: 'admin' });
    await registerIamPrincipal({ arn: adminArn, role: 'service', source: 'test', audit: TEST_AUDIT });
    try {
      const response = await call('admin key', 'GET', `${API_PREFIX}/teams/1/dns.zone`);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
    } finally {
      await registerIamPrincipal({ arn: adminArn, role: 'admin', source: 'local', audit: TEST_AUDIT });
    }
  });
});
