import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, revokeToken } from '#shared/data/tokens';
import { endSession, startSession } from '#shared/data/sessions';
import { getSettings, saveSettings } from '#shared/data/settings';
import { TEST_AUDIT } from '../support/database';
import type { LocalStack } from '../../lib/local/local-stack';
import { roleMayCall, routes, type Access, type Route } from '#shared/api/routes';
import { ENV_TOKENS, IAM_KEYS, startTestServer } from '../support/server';
import { signedHeaders } from '../support/sigv4';
import { oneRouteOfEach } from '../support/route-samples';

/**
 * Every route of the route table × every kind of caller, over HTTP through
 * the local gateway (authorizer and IAM emulation included). Generated from
 * the table, so a new route cannot escape it.
 */
type Caller =
  | 'anonymous'
  | 'malformed header'
  | 'unknown token'
  | 'revoked token'
  | 'expired token'
  | 'service token'
  | 'admin token'
  /** A pool's agent (domain/pools.ts): what the agent does, for its own pool only. */
  | 'agent token'
  | 'SigV4 admin'
  | 'SigV4 service'
  | 'bad signature'
  /** A member of team 7 signed in, on the path as the other callers get it (a team route: team 999999's). */
  | 'team session'
  /** The same member on their own team's path (a team route: team 7's). */
  | 'own team session'
  | 'expired session'
  | 'ended session'
  /** A red team member signed in (issue #47): a session of no team. */
  | 'red team session';

type Outcome = 'allowed' | 401 | 403;

const EXPECTED: Record<Access, Record<Caller, Outcome>> = {
  public: {
    anonymous: 'allowed',
    'malformed header': 401,
    'unknown token': 401,
    'revoked token': 401,
    'expired token': 401,
    'service token': 'allowed',
    'admin token': 'allowed',
    'agent token': 'allowed',
    'SigV4 admin': 'allowed',
    'SigV4 service': 'allowed',
    'bad signature': 401,
    // Public routes ignore sessions, good or bad: a member reads what everyone reads.
    'team session': 'allowed',
    'own team session': 'allowed',
    'expired session': 'allowed',
    'ended session': 'allowed',
    'red team session': 'allowed',
  },
  admin: {
    anonymous: 401,
    'malformed header': 401,
    'unknown token': 401,
    'revoked token': 401,
    'expired token': 401,
    'service token': 403,
    'admin token': 'allowed',
    'agent token': 403,
    'SigV4 admin': 'allowed',
    'SigV4 service': 403,
    'bad signature': 401,
    'team session': 403,
    'own team session': 403,
    'expired session': 401,
    'ended session': 401,
    'red team session': 403,
  },
  'admin-or-service': {
    anonymous: 401,
    'malformed header': 401,
    'unknown token': 401,
    'revoked token': 401,
    'expired token': 401,
    'service token': 'allowed',
    'admin token': 'allowed',
    'agent token': 403,
    'SigV4 admin': 'allowed',
    'SigV4 service': 'allowed',
    'bad signature': 401,
    'team session': 403,
    'own team session': 403,
    'expired session': 401,
    'ended session': 401,
    'red team session': 403,
  },
  'admin-service-or-agent': {
    anonymous: 401,
    'malformed header': 401,
    'unknown token': 401,
    'revoked token': 401,
    'expired token': 401,
    'service token': 'allowed',
    'admin token': 'allowed',
    'agent token': 'allowed',
    'SigV4 admin': 'allowed',
    'SigV4 service': 'allowed',
    'bad signature': 401,
    'team session': 403,
    'own team session': 403,
    'expired session': 401,
    'ended session': 401,
    'red team session': 403,
  },
  team: {
    anonymous: 401,
    'malformed header': 401,
    'unknown token': 401,
    'revoked token': 401,
    'expired token': 401,
    'service token': 403,
    'admin token': 'allowed',
    'agent token': 403,
    'SigV4 admin': 'allowed',
    'SigV4 service': 403,
    'bad signature': 401,
    'team session': 403,
    'own team session': 'allowed',
    'expired session': 401,
    'ended session': 401,
    'red team session': 403,
  },
  'team-session': {
    anonymous: 401,
    'malformed header': 401,
    'unknown token': 401,
    'revoked token': 401,
    'expired token': 401,
    'service token': 403,
    'admin token': 403,
    'agent token': 403,
    'SigV4 admin': 403,
    'SigV4 service': 403,
    'bad signature': 401,
    'team session': 'allowed',
    'own team session': 'allowed',
    'expired session': 401,
    'ended session': 401,
    'red team session': 'allowed',
  },
  'red-team': {
    anonymous: 401,
    'malformed header': 401,
    'unknown token': 401,
    'revoked token': 401,
    'expired token': 401,
    'service token': 403,
    'admin token': 'allowed',
    'agent token': 403,
    'SigV4 admin': 'allowed',
    'SigV4 service': 403,
    'bad signature': 401,
    'team session': 403,
    'own team session': 403,
    'expired session': 401,
    'ended session': 401,
    'red team session': 'allowed',
  },
};

/** The team whose member the session callers are. */
const OWN_TEAM = 7;
const MEMBER = { name: 'matrix-member', home: OWN_TEAM };
const RED_MEMBER = { name: 'matrix-red', home: 'red' as const };

let stack: LocalStack;
let revoked: string;
let expired: string;
let agent: string;

beforeAll(async () => {
  stack = await startTestServer();
  const r = await createToken({ role: 'admin', name: 'soon revoked', expiresAt: null, audit: TEST_AUDIT });
  await revokeToken(r.record.token_id, TEST_AUDIT);
  revoked = r.token;
  expired = (await createToken({ role: 'admin', name: 'expired', expiresAt: '2020-01-01T00:00:00Z', audit: TEST_AUDIT })).token;
  agent = (await createToken({ role: 'agent', pool: 'range-a', name: 'matrix agent', expiresAt: null, audit: TEST_AUDIT })).token;
  // Debriefs released at once, so that a 403 from a team's debrief can only be a refusal of its caller.
  const settings = (await getSettings({ consistent: true }))!;
  const { id: _id, ...fields } = settings.settings;
  expect(await saveSettings({ ...fields, debriefs_shown: 'now' }, settings, { ...TEST_AUDIT, action: 'settings.update' })).not.toBe('stale');
});
afterAll(async () => {
  await stack?.stop();
});

/**
 * A concrete URL for a route: `{id}` becomes 999999, which names nothing (so
 * writes change nothing); for a member on their own team's route, their team.
 */
const urlOf = (route: Route, caller?: Caller) =>
  `${stack.url}${route.path.replace('{id}', caller === 'own team session' && route.access === 'team' ? String(OWN_TEAM) : '999999')}`;

/** A session of its own for every request: a sign-out (DELETE /team/session) ends the one it is sent with. */
const sessionHeader = async (now?: Date) => ({ authorization: `Bearer ${(await startSession(MEMBER, now)).token}` });

async function headersFor(caller: Caller, route: Route): Promise<Record<string, string>> {
  const url = urlOf(route, caller);
  switch (caller) {
    case 'anonymous':
      return {};
    case 'malformed header':
      return { authorization: 'Token abc' };
    case 'unknown token':
      return { authorization: `Bearer ccdc_12345678_${'z'.repeat(43)}` };
    case 'revoked token':
      return { authorization: `Bearer ${revoked}` };
    case 'expired token':
      return { authorization: `Bearer ${expired}` };
    case 'service token':
      return { authorization: `Bearer ${ENV_TOKENS.service}` };
    case 'admin token':
      return { authorization: `Bearer ${ENV_TOKENS.admin}` };
    case 'agent token':
      return { authorization: `Bearer ${agent}` };
    case 'SigV4 admin':
      return signedHeaders(url, { method: route.method, ...IAM_KEYS.admin });
    case 'SigV4 service':
      return signedHeaders(url, { method: route.method, ...IAM_KEYS.service });
    case 'bad signature':
      return signedHeaders(url, { method: route.method, accessKeyId: IAM_KEYS.admin.accessKeyId, secretAccessKey: 'not-the-secret' });
    case 'team session':
    case 'own team session':
      return sessionHeader();
    case 'expired session':
      return sessionHeader(new Date('2020-01-01T00:00:00Z'));
    case 'red team session':
      return { authorization: `Bearer ${(await startSession(RED_MEMBER)).token}` };
    case 'ended session': {
      const { token } = await startSession(MEMBER);
      await endSession(token);
      return { authorization: `Bearer ${token}` };
    }
  }
}

const callers = Object.keys(EXPECTED.public) as Caller[];

/**
 * Credentials that are no credentials at all (bad, revoked, expired, ended)
 * are refused before any route's own code runs, by the same resolution for
 * every route of an access class: they are sent to one route of each access
 * class and method, not to every route. Anonymous callers and every real
 * credential still go to every route: they are what tells one route from
 * another.
 */
const REFUSED_ALIKE: readonly Caller[] = [
  'malformed header',
  'unknown token',
  'revoked token',
  'expired token',
  'bad signature',
  'expired session',
  'ended session',
];
const built = routes.filter((r) => !r.planned);
const representatives = oneRouteOfEach(built, (route) => `${route.access} ${route.method}`);

// A route's callers side by side (each with its own session, none changing another's): part of each request is DynamoDB
// Local's, in another process.
describe.concurrent.each(built)('$method $path ($access)', (route) => {
  // Off a team route, a member's own team is not in the path: 'own team session' would send the request 'team session'
  // sends (a fresh session of the same member, the same URL), expecting the same answer.
  const sent = callers.filter(
    (caller) => (caller !== 'own team session' || route.access === 'team') && (!REFUSED_ALIKE.includes(caller) || representatives.has(route)),
  );
  it.each(sent)('%s', async (caller) => {
    const response = await fetch(urlOf(route, caller), { method: route.method, headers: await headersFor(caller, route) });
    const expected = EXPECTED[route.access][caller];
    if (expected === 'allowed') {
      const text = await response.clone().text();
      // Reached its handler: no 401, and no 403 but one of the route's own (a beacon's check-in without its token).
      if (response.status === 403) expect((route as Route).problems?.[403] ?? [], text).toContain(JSON.parse(text).code);
      else expect(response.status, text).not.toBe(401);
    } else {
      expect(response.status, await response.clone().text()).toBe(expected);
      // IAM's refusals are API Gateway's own plain 403; everything else is the contract's problem+json.
      const iamDenies = caller === 'SigV4 service' && !roleMayCall(route.access, 'service');
      expect(response.headers.get('content-type')).toBe(iamDenies ? 'application/json' : 'application/problem+json');
    }
    await response.arrayBuffer();
  });
});
