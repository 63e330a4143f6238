/**
 * Every write that honours If-Match wins exactly once. Derived from the route
 * table: each route flagged `ifMatch` must have a race below (a route added
 * later without one fails the first test). For each, N writers send the same
 * ETag at once: exactly one gets 2xx, the rest 412, and the resource ends as
 * the winner left it, with one audit entry for the change.
 *
 * The defect this guards against (issue #22): a DNS PUT read the record, then
 * the zone, and conditioned its transaction on the zone serial of the later
 * read; a writer that landed in between passed unnoticed. 100 writers found it
 * in 4 rounds of 5 over HTTP; in-process handlers interleave more tightly.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { mintTokens, useFreshTable } from '../support/database';
import { bearer, invoke, type Invocation } from '../support/invoke';

// 20 writers in 2 rounds still put 40 contending writes on each route (3 rounds of 40 took 96 s of a clean run, this a third).
const WRITERS = 20;
const ROUNDS = 2;

let admin: Record<string, string>;
let teamIds: number[];

beforeAll(async () => {
  await useFreshTable();
  admin = bearer((await mintTokens()).admin);
  teamIds = ((await invoke('GET', '/api/v1/teams', { headers: admin })).json as { id: number }[]).map((t) => t.id);
});

interface Race {
  /** Makes a fresh resource to race on: the path the writers send to, and where its ETag is read. */
  prepare: (round: number) => Promise<{ path: string; read: string }>;
  /** Each writer's body (distinct, so the winner is known by what is left). */
  body?: (writer: number, round: number) => unknown;
  /** The audit entries' target, when it is not the path (a reset is an entry of the accounts it changes). */
  target?: (path: string) => string;
  /** Fewer writers than WRITERS, for a write whose transaction is large (DynamoDB Local serialises contended transactions slowly). */
  writers?: number;
}

let dnsNames = 0;
async function dnsRecord(): Promise<{ path: string; read: string }> {
  const created = await invoke('POST', '/api/v1/dns', { headers: admin, body: { name: `race-${++dnsNames}`, type: 'A', value: 7, team: teamIds[0] } });
  expect(created.status, created.text).toBe(201);
  const path = `/api/v1/dns/${created.json.id}`;
  return { path, read: path };
}

const settings = async () => ({ path: '/api/v1/settings/1', read: '/api/v1/settings/1' });
const competitionName = (writer: number, round: number) => `Race ${round}.${writer}`;

/** A service's accounts, set afresh each round (the sample's services each have an SSH or other subtype; any service will do). */
let serviceIds: number[];
beforeAll(async () => {
  serviceIds = ((await invoke('GET', '/api/v1/services', { headers: admin })).json as { id: number }[]).map((s) => s.id);
});
/** An HTTP service (subtype 1) of the round's, a different one each round. */
async function httpService(round: number): Promise<number> {
  const http = (await invoke('GET', '/api/v1/services?subtype_id=1', { headers: admin })).json as { id: number }[];
  return http[round % http.length]!.id;
}
async function serviceAccounts(round: number): Promise<{ path: string; read: string }> {
  const path = `/api/v1/services/${serviceIds[round % serviceIds.length]}/accounts`;
  const set = await invoke('PUT', path, { headers: admin, body: { accounts: [{ username: `round${round}`, password: `p-${round}` }] } });
  expect(set.status, set.text).toBe(200);
  return { path, read: path };
}

const RACES: Record<string, Race> = {
  ReplaceServiceAccounts: {
    prepare: serviceAccounts,
    body: (writer, round) => ({ accounts: [{ username: `w${writer}r${round}`, password: `secret-${writer}` }] }),
  },
  DeleteServiceAccounts: { prepare: serviceAccounts },
  ResetServiceAccount: {
    // Every writer resets the round's user: a reset is a write like any other (a new version, an audit entry of the accounts).
    prepare: async (round) => {
      const { path } = await serviceAccounts(round);
      return { path: `${path}/reset`, read: path };
    },
    body: (_writer, round) => ({ username: `round${round}` }),
    target: (path) => path.replace(/\/reset$/, ''),
  },
  UpdateDnsRecord: {
    prepare: dnsRecord,
    // Some writers move the record to another team: the move path reads two zones.
    body: (writer, round) => ({ name: `r${round}-w${writer}`, type: 'A', value: writer + 1, team: teamIds[writer % 2] }),
  },
  DeleteDnsRecord: { prepare: dnsRecord },
  ReplaceSettings: {
    prepare: settings,
    body: (writer, round) => ({ ...replaceable, competition_name: competitionName(writer, round) }),
  },
  UpdateService: {
    // A service of the round: every writer moves it to its own port.
    prepare: async (round) => {
      const id = serviceIds[round % serviceIds.length];
      return { path: `/api/v1/services/${id}`, read: `/api/v1/services/${id}/endpoint` };
    },
    body: (writer) => ({ port: 20_000 + writer }),
  },
  UpdateTeam: {
    prepare: async (round) => {
      const id = teamIds[round % teamIds.length];
      return { path: `/api/v1/teams/${id}`, read: `/api/v1/teams/${id}/profile` };
    },
    body: (writer, round) => ({ name: `Team r${round}w${writer}` }),
    // A team edit is one transaction of 14 items here: 10 writers race it as surely, at a quarter of the time.
    writers: 10,
  },
  ReplaceServiceCheck: {
    // An HTTP service of the round, with a check of its own: every writer gives it other expected content.
    prepare: async (round) => {
      const path = `/api/v1/services/${await httpService(round)}/check`;
      const set = await invoke('PUT', path, { headers: admin, body: { check: 'http', path: '/', status: 200, content: `own r${round}` } });
      expect(set.status, set.text).toBe(200);
      return { path, read: path };
    },
    body: (writer, round) => ({ check: 'http', path: '/', status: 200, content: `own r${round}w${writer}` }),
  },
  DeleteServiceCheck: {
    // An HTTP service of the round, given a check of its own: every writer removes it.
    prepare: async (round) => {
      const path = `/api/v1/services/${await httpService(round)}/check`;
      const set = await invoke('PUT', path, { headers: admin, body: { check: 'http', path: '/', status: 200, content: `own r${round}` } });
      expect(set.status, set.text).toBe(200);
      return { path, read: path };
    },
  },
  UpdateInject: {
    // An inject of the round: every writer retitles it.
    prepare: async (round) => {
      const created = await invoke('POST', '/api/v1/injects', {
        headers: admin,
        body: { title: `Inject r${round}`, text: 'Do it.', super_type_id: 2, open_at: '2026-11-22T10:00:00Z', due_at: '2026-11-22T11:00:00Z', points: 10 },
      });
      expect(created.status, created.text).toBe(201);
      return { path: `/api/v1/injects/${created.json.id}`, read: `/api/v1/injects/${created.json.id}` };
    },
    body: (writer, round) => ({ title: `Inject r${round}w${writer}` }),
  },
  ReplaceSubtypeCheck: {
    // The HTTP subtype: every writer sets its own expected content.
    prepare: async () => ({ path: '/api/v1/subtypes/1/check', read: '/api/v1/subtypes/1' }),
    body: (writer, round) => ({ check: 'http', path: '/', status: 200, content: `r${round}w${writer}` }),
    target: (path) => path.replace(/\/check$/, ''),
  },
  UpdateSubtype: {
    // The SSH subtype: every writer renames it (and so its services); the claim lets one fan out.
    prepare: async () => ({ path: '/api/v1/subtypes/2', read: '/api/v1/subtypes/2' }),
    body: (writer, round) => ({ name: `Shell r${round}w${writer}` }),
    writers: 10,
  },
  RetireSubtype: {
    // A subtype of the round, with no services: every writer retires it.
    prepare: async (round) => {
      const created = await invoke('POST', '/api/v1/subtypes', {
        headers: admin,
        body: { name: `Retired r${round}`, super_type_id: 1, max_score: 1, check: 'tcp' },
      });
      return { path: `/api/v1/subtypes/${created.json.id}`, read: `/api/v1/subtypes/${created.json.id}` };
    },
    // Each retire is one transaction of three items after two reads: 10 writers race it as surely.
    writers: 10,
  },
  UpdateSuperType: {
    prepare: async () => ({ path: '/api/v1/super-types/2', read: '/api/v1/super-types/2' }),
    body: (writer, round) => ({ name: `Injects r${round}w${writer}` }),
    writers: 10,
  },
  RetireSuperType: {
    // A super type of the round, which nothing uses: every writer retires it.
    prepare: async (round) => {
      const created = await invoke('POST', '/api/v1/super-types', { headers: admin, body: { name: `Retired r${round}` } });
      return { path: `/api/v1/super-types/${created.json.id}`, read: `/api/v1/super-types/${created.json.id}` };
    },
    writers: 10,
  },
  UpdateSettings: {
    prepare: settings,
    body: (writer, round) => ({ competition_name: competitionName(writer, round) }),
  },
};

/** The settings as a PUT body (every writable field), read once. */
let replaceable: Record<string, unknown>;
beforeAll(async () => {
  const { id: _id, ...fields } = (await invoke('GET', '/api/v1/settings/1', { headers: admin })).json;
  replaceable = fields;
});

const conditionalRoutes = routes.filter((r) => 'ifMatch' in r && r.ifMatch);

async function auditEntries(target: string): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const page: Invocation = await invoke(
      'GET',
      `/api/v1/audit?limit=100&target=${encodeURIComponent(target)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { headers: admin },
    );
    count += (page.json.items as { target: string }[]).filter((e) => e.target === target).length;
    cursor = page.json.cursor;
  } while (cursor);
  return count;
}

describe('conditional writes: exactly one winner per ETag', () => {
  it('every route that honours If-Match has a race here', () => {
    expect(conditionalRoutes.length).toBeGreaterThan(0);
    expect(conditionalRoutes.map((r) => r.name).filter((name) => !(name in RACES))).toEqual([]);
  });

  for (const route of conditionalRoutes) {
    it(`${route.name}: ${RACES[route.name]?.writers ?? WRITERS} writers with one ETag, ${ROUNDS} rounds`, async () => {
      const race = RACES[route.name]!;
      for (let round = 0; round < ROUNDS; round++) {
        const { path, read } = await race.prepare(round);
        const before = await invoke('GET', read, { headers: admin });
        const target = (race.target ?? ((p: string) => p))(path).replace('/api/v1/', '');
        const auditBefore = await auditEntries(target);
        const answers = await Promise.all(
          Array.from({ length: race.writers ?? WRITERS }, (_, writer) =>
            invoke(route.method, path, {
              headers: { ...admin, 'if-match': before.headers.etag! },
              ...(race.body ? { body: race.body(writer, round) } : {}),
            }),
          ),
        );
        const statuses = answers.map((a) => a.status);
        const winners = answers.filter((a) => a.status >= 200 && a.status < 300);
        expect(winners, `round ${round}: ${JSON.stringify(statuses)}`).toHaveLength(1);
        expect(statuses.filter((s) => s !== 412 && (s < 200 || s >= 300))).toEqual([]);
        // The resource is as the winner left it, and only the winner's change is in the audit trail.
        const after = await invoke('GET', read, { headers: admin });
        if (route.method === 'DELETE') expect(after.status).toBe(404);
        else expect(after.json).toEqual(winners[0]!.json);
        expect(await auditEntries(target)).toBe(auditBefore + 1);
      }
    });
  }
});
