import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import * as v from 'valibot';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { routes } from '#shared/api/routes';
import { db, tableName } from '#shared/data/client';
import { bodySchemas } from '#shared/http/endpoint';
import { mintTokens, useFreshTable } from '../support/database';
import { unfinalise } from '../support/final';
import { bearer, invoke } from '../support/invoke';
import { idleHeartbeat } from '../support/heartbeat';
import { forgetFreshCopies } from '#shared/data/fresh';

/**
 * Every write route of the route table, fed bodies derived from its own
 * schema: a body its schema accepts with one field (of the fields the schema
 * names) set to a hostile value or added unknown, or no object at all. Each
 * is a 4xx problem+json and the table is exactly as it was.
 */

const ROOT = resolve(import.meta.dirname, '../..');
// Every route that takes a body (a POST without one, such as an approval, has nothing to be hostile in).
const writeRoutes = routes.filter((r) => r.body !== undefined && !r.planned);
/** The `{id}` each route is sent to: 1, or one that has what the route changes. */
const idOf: Record<string, number | string> = {
  ResetServiceAccount: 2,
  GradeSubmission: 2,
  RequestRevision: 2,
  GradeIncident: 1,
  // Two findings: evidence is refused once a finding is reviewed, whichever test runs first.
  AddFindingEvidence: 1,
  ReviewFinding: 2,
  ReplacePool: 'range-a',
  ClaimSlice: 'cloud',
  MintMailTokens: 'cloud',
  SendHeartbeat: 'cloud',
};
const pathOf = (route: { name: string; path: string }) => route.path.replace('{id}', String(idOf[route.name] ?? 1));
let admin: Record<string, string>;
/** A body each write route accepts; the property changes one thing in it. */
const acceptedBodies: Record<string, Record<string, unknown>> = {
  CreateAdjustment: { super_type_id: 2, points: 5, reason: 'inject graded' },
  CreateDnsRecord: { name: 'mail', type: 'A', value: 7, team: 1 },
  UpdateDnsRecord: { name: 'www', type: 'A', value: 6, team: 1 },
  UpdateSettings: { dns_ttl: 600, competition_name: 'Hostile Cup' },
  ReplaceServiceAccounts: { accounts: [{ username: 'blue', password: 'Hostile-Pa55' }] },
  ReportScan: { scan_id: 'hostile-1', score: 1, error: null },
  VoidScans: { from: '2026-11-22T10:00:00Z', to: '2026-11-22T11:00:00Z', team_id: 1 },
  UnvoidScans: { from: '2026-11-22T10:00:00Z', to: '2026-11-22T11:00:00Z', team_id: 1, subtype_id: 1 },
  SignIn: { name: 'alice', password: 'Hostile-Pa55' },
  CreateTeamAccount: { team_id: 1, name: 'hostile' },
  RequestPasswordChanges: { changes: [{ service: 'SSH', username: 'blue', password: 'Hostile-Pa55' }] },
  RejectPasswordChange: { reason: 'hostile' },
  ResetServiceAccount: { username: 'blue' },
  RequestTeamCheck: { service_id: 1 },
  UpdateCheckJob: { state: 'running' },
  UpdateService: { url: 'moved.team1.example', port: 2222 },
  UpdateTeam: { name: 'Renamed', logo: '', guest_division: false, hidden: false },
  ReplaceSubtypeCheck: { check: 'http', path: '/', status: 200, content: 'Welcome' },
  ReplaceServiceCheck: { check: 'http', path: '/', status: 200, content: 'Welcome' },
  UpdateSubtype: { max_score: 12 },
  CreateSubtype: { name: 'Web again', super_type_id: 1, max_score: 4, check: 'tcp' },
  CreateSuperType: { name: 'Hostile column' },
  UpdateSuperType: { name: 'Renamed column' },
  CreateInject: {
    title: 'Firewall memo',
    text: '# Memo\n\nWrite it.',
    super_type_id: 2,
    open_at: '2026-11-22T10:00:00Z',
    due_at: '2026-11-22T11:00:00Z',
    points: 50,
  },
  UpdateInject: { title: 'Firewall memo, again', points: 40 },
  SubmitInject: { inject_id: 2, text: 'Our answer' },
  CreateUpload: { for: 'inject', inject_id: 2, file_name: 'memo.pdf', content_type: 'application/pdf' },
  CreateInjectUpload: { file_name: 'network.png', content_type: 'image/png' },
  GradeSubmission: { team_id: 1, submission_version: 1, points: 10, comment: 'Fine.', replaces: null },
  RequestRevision: { team_id: 2, submission_version: 1, comment: 'Cite the rules by number.' },
  FileIncident: { observed_at: '2026-11-22T10:15:00Z', hosts: ['www.team11.ccdc.example', '10.0.11.5'], description: 'A web shell in /var/www/uploads.' },
  GradeIncident: { points: 20, comment: 'Well found.', replaces: null },
  PostAnnouncement: { text: 'Lunch at noon.', team_id: null },
  CreateTeam: { number: 61, name: 'Hostile Newcomers', team_url: 'team61.ccdc.example', logo: '', guest_division: false, hidden: true },
  CreateService: { team_id: 1, subtype_id: 1, url: 'www2.team11.ccdc.example', port: 8081, max_score: 5 },
  FinaliseCompetition: { force: true },
  ReplacePool: { description: 'Range A', teams: [1], subtypes: [], services: [] },
  ClaimSlice: { round: new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString(), agent: 'hostile-agent', lease_seconds: 30 },
  MintMailTokens: { scan_ids: ['r20261128T010000Z-30s-svc1'] },
  SendHeartbeat: { ...idleHeartbeat('hostile-agent'), version: '1.0', host: 'range-a-box' },
  ReplaceFindingKinds: { kinds: [{ id: 'user-access', name: 'User access', points: 25 }] },
  CreateFindingUpload: { file_name: 'shell.png', content_type: 'image/png' },
  FileFinding: { team_id: 1, service_id: 1, kind: 'user-access', done_at: '2026-11-22T10:00:00Z', description: 'Logged in as blue.' },
  AddFindingEvidence: { note: 'Another screenshot.' },
  ReviewFinding: { decision: 'approve', replaces: null },
  OpenBeacon: { team_id: 1, host: 'ftp.team11.ccdc.example', note: 'php shell' },
  VoidBeacon: { dry_run: true },
  CreateToken: { role: 'service', name: 'hostile', expires_at: new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z') },
};
/**
 * Routes whose body is a list of reports, each answered on its own (200 with
 * a status per item): the element is the body of the named single route plus
 * its `service_id`, and a hostile element must get a 4xx problem of its own.
 */
const batchOf: Record<string, { single: string; extra: Record<string, unknown> }> = {
  ReportScans: { single: 'ReportScan', extra: { service_id: 1 } },
};

beforeAll(async () => {
  await useFreshTable('sample');
  // An upload form is signed, not sent: no bucket needs to answer at this address.
  process.env.FILES_BUCKET = 'hostile-input-files';
  process.env.FILES_ENDPOINT = 'http://127.0.0.1:9';
  admin = bearer((await mintTokens()).admin);
  // Something for PUT /dns/{id} to aim at.
  expect((await invoke('POST', '/api/v1/dns', { headers: admin, body: { name: 'www', type: 'A', value: 5, team: 1 } })).status).toBe(201);
  for (const route of writeRoutes) await import(pathToFileURL(resolve(ROOT, route.handler)).href);
  const { id: _id, ...settings } = (await invoke('GET', '/api/v1/settings/1', { headers: admin })).json;
  // A member who can sign in: the accepted sign-in body is theirs.
  const member = await invoke('POST', '/api/v1/team-accounts', { headers: admin, body: { team_id: 1, name: 'alice' } });
  acceptedBodies.SignIn = { name: 'alice', password: member.json.password };
  // A request waiting for an organiser, for POST /password-changes/1/reject to aim at.
  expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { password_changes: 'approval' } })).status).toBe(200);
  const session = (await invoke('POST', '/api/v1/team/sessions', { body: acceptedBodies.SignIn })).json.token;
  const waiting = await invoke('POST', '/api/v1/team/1/password-changes', { headers: bearer(session), body: acceptedBodies.RequestPasswordChanges });
  expect([waiting.status, waiting.json.id, waiting.json.state]).toEqual([201, 1, 'pending']);
  expect((await invoke('PATCH', '/api/v1/settings/1', { headers: admin, body: { password_changes: 'immediate' } })).status).toBe(200);
  forgetFreshCopies();
  acceptedBodies.ReplaceSettings = { ...settings, dns_ttl: 900 };
  // An inject, for PATCH /injects/1 to aim at, and one published and open, for a team's submission.
  expect((await invoke('POST', '/api/v1/injects', { headers: admin, body: acceptedBodies.CreateInject })).json.id).toBe(1);
  const now = Date.now();
  const open = { ...acceptedBodies.CreateInject, open_at: new Date(now - 3_600_000).toISOString(), due_at: new Date(now + 3_600_000).toISOString() };
  expect((await invoke('POST', '/api/v1/injects', { headers: admin, body: open })).json.id).toBe(2);
  expect((await invoke('PATCH', '/api/v1/injects/2', { headers: admin, body: { state: 'published' } })).status).toBe(200);
  // A submission of team 1 for it, for POST /injects/2/grades to grade.
  expect((await invoke('POST', '/api/v1/team/1/submissions', { headers: admin, body: acceptedBodies.SubmitInject })).status).toBe(201);
  // And one of team 2, whose latest (team 1's grows with the route's own test) a revision is asked of.
  expect((await invoke('POST', '/api/v1/team/2/submissions', { headers: admin, body: acceptedBodies.SubmitInject })).status).toBe(201);
  // An incident report of team 1, for POST /incidents/1/grades to grade.
  expect((await invoke('POST', '/api/v1/team/1/incidents', { headers: admin, body: acceptedBodies.FileIncident })).json.id).toBe(1);
  // A queued check job, for PATCH /checks/1 to take.
  expect((await invoke('POST', '/api/v1/services/1/checks', { headers: admin })).json.id).toBe(1);
  // Two findings of the red team: one for more evidence, one to review.
  for (const id of [1, 2]) expect((await invoke('POST', '/api/v1/red-team/findings', { headers: admin, body: acceptedBodies.FileFinding })).json.id).toBe(id);
  // Team 1 with networks, and a beacon on one of its hosts for POST /red-team/beacons/1/void to preview.
  expect((await invoke('PATCH', '/api/v1/teams/1', { headers: admin, body: { networks: ['127.0.11.0/24'] } })).status).toBe(200);
  expect((await invoke('POST', '/api/v1/red-team/beacons', { headers: admin, body: { team_id: 1, host: 'shell.team11.ccdc.example' } })).json.beacon.id).toBe(
    1,
  );
});

/** The field names an object schema (piped, or a variant of objects) knows. */
function fieldsOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 4) return [];
  const s = schema as { entries?: Record<string, unknown>; options?: unknown[]; pipe?: unknown[] };
  const names = new Set(Object.keys(s.entries ?? {}));
  for (const option of s.options ?? []) for (const name of fieldsOf(option, depth + 1)) names.add(name);
  for (const step of s.pipe ?? []) if (step !== schema) for (const name of fieldsOf(step, depth + 1)) names.add(name);
  return [...names];
}

const LINE_BREAK = 'line\nbreak';
/** Values no field of any route accepts (but a line break, in text of several lines): each breaks one of the shared input rules. */
const HOSTILE_VALUES: unknown[] = [
  'nul\u0000inside',
  'right-to-left \u202Eoverride',
  'isolate \u2066x\u2069',
  'lone \uD800 surrogate',
  '\u200B',
  '\u200D\u200C',
  LINE_BREAK,
  2 ** 31,
  2 ** 53,
  1e300,
  0.5,
  {},
  [[]],
  { nested: { deeper: ['x'] } },
];
/** Fields that take text of several lines (an inject's Markdown, a submission): a line break is no fault there, the other values are. */
const multiline: Record<string, string[]> = {
  CreateInject: ['text'],
  UpdateInject: ['text'],
  SubmitInject: ['text'],
  GradeSubmission: ['comment'],
  RequestRevision: ['comment'],
  FileIncident: ['description'],
  GradeIncident: ['comment'],
  PostAnnouncement: ['text'],
  FileFinding: ['description'],
  AddFindingEvidence: ['note'],
  ReviewFinding: ['reason'],
};
const hostileFor = (route: string, field: string) => HOSTILE_VALUES.filter((value) => value !== LINE_BREAK || !multiline[route]?.includes(field));

/** Anything JSON, for the other fields. */
const anyValue = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 20 }), fc.constantFrom('A', 'TXT', 'started', 1, 'x'));

function hostileBody(route: string, accepted: Record<string, unknown>, fields: string[]) {
  const withOneHostileField = fc
    .constantFrom(...fields)
    .chain((field) => fc.constantFrom(...hostileFor(route, field)).map((value) => ({ ...accepted, [field]: value })));
  const withUnknownField = fc
    .tuple(fc.constantFrom('unknown', 'constructor', '__proto__', 'pk', 'sk', 'created_by'), anyValue)
    .map(([field, value]) => JSON.parse(`{${JSON.stringify(field)}:${JSON.stringify(value)},${JSON.stringify(accepted).slice(1)}`) as unknown);
  const notAnObject = fc.constantFrom<unknown>([[]], [[accepted]], 'text', 42, null, true);
  return fc.oneof(withOneHostileField, withUnknownField, notAnObject);
}

async function tableSnapshot(): Promise<string> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return JSON.stringify(items.map((i) => JSON.stringify(i)).sort());
}

describe('hostile bodies on every write route', () => {
  it('covers every write route of the route table with its schema', () => {
    expect(writeRoutes.length).toBeGreaterThan(0);
    for (const route of writeRoutes) {
      expect(bodySchemas.get(route.name), route.name).toBeDefined();
      if (batchOf[route.name]) continue;
      expect(fieldsOf(bodySchemas.get(route.name) as v.GenericSchema).length, route.name).toBeGreaterThan(0);
      expect(v.safeParse(bodySchemas.get(route.name)!, acceptedBodies[route.name]).success, route.name).toBe(true);
    }
  });

  it.each(writeRoutes.map((r) => [r.name, r] as const))('%s: 4xx problem+json, the table unchanged', async (_name, route) => {
    const batch = batchOf[route.name];
    const accepted = batch ? { ...acceptedBodies[batch.single], ...batch.extra } : acceptedBodies[route.name]!;
    const fields = batch ? [...fieldsOf(bodySchemas.get(batch.single)), ...Object.keys(batch.extra)] : fieldsOf(bodySchemas.get(route.name));
    const path = pathOf(route);
    const before = await tableSnapshot();
    const expectRefused = async (body: unknown) => {
      const sent = batch && typeof body === 'object' && body !== null && !Array.isArray(body) ? [body] : body;
      const response = await invoke(route.method, path, { headers: admin, rawBody: JSON.stringify(sent) });
      const what = `${JSON.stringify(sent)} → ${response.text}`;
      if (batch && response.status === 200) {
        for (const item of response.json as { status: number; body: { status: number } }[]) {
          expect(item.status, what).toBeGreaterThanOrEqual(400);
          expect(item.status, what).toBeLessThan(500);
          expect(item.body.status, what).toBe(item.status);
        }
        return;
      }
      expect(response.status, what).toBeGreaterThanOrEqual(400);
      expect(response.status, what).toBeLessThan(500);
      expect(response.headers['content-type']).toBe('application/problem+json');
    };
    await fc.assert(
      fc.asyncProperty(hostileBody(route.name, accepted, fields), expectRefused),
      // Every field with every hostile value (the examples, each run), then random mixtures: 20 of them, as the
      // examples already put each hostile value in each field and the suite's time is shared (npm test under 10 min).
      { numRuns: 20, examples: fields.flatMap((field) => hostileFor(route.name, field).map((value) => [{ ...accepted, [field]: value }] as [unknown])) },
    );
    expect(await tableSnapshot()).toBe(before);
  });

  /**
   * A body is strict UTF-8 JSON: bytes that are not UTF-8, a charset other
   * than UTF-8, and a key named twice are each a 400 naming the fault, even
   * when the body would otherwise be accepted (JSON.parse would keep U+FFFD,
   * ignore the charset, keep the last of the keys).
   */
  it.each(writeRoutes.map((r) => [r.name, r] as const))('%s: not UTF-8, another charset, a repeated key: 400, the table unchanged', async (_name, route) => {
    const batch = batchOf[route.name];
    const accepted = batch ? [{ ...acceptedBodies[batch.single], ...batch.extra }] : acceptedBodies[route.name]!;
    const path = pathOf(route);
    const text = JSON.stringify(accepted);
    // The bad bytes go inside a string value, or after the opening brace of a body without one.
    const stringField = /"([a-z_]+)":"([^"]*)"/.exec(text);
    const at = stringField ? stringField.index + stringField[1]!.length + 4 : text.indexOf('{') + 1;
    const [before, tail] = [text.slice(0, at), text.slice(at)];
    const notUtf8 = Buffer.concat([Buffer.from(before), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(tail)]);
    const firstKey = /^\[?\{"([a-z_]+)":/.exec(text)![1]!;
    const repeated = text.replace(/\}(\]?)$/, `,${JSON.stringify(firstKey)}:${JSON.stringify(text.includes(`"${firstKey}":"`) ? 'other' : 2)}}$1`);
    const snapshot = await tableSnapshot();
    const cases: { body: string | Buffer; headers: Record<string, string>; code: string }[] = [
      { body: notUtf8, headers: {}, code: 'invalid_utf8' },
      { body: text, headers: { 'content-type': 'application/json; charset=utf-16' }, code: 'unsupported_charset' },
      { body: text, headers: { 'content-type': 'application/json; charset=iso-8859-1' }, code: 'unsupported_charset' },
      { body: repeated, headers: {}, code: 'duplicate_key' },
    ];
    for (const { body, headers, code } of cases) {
      const response = await invoke(route.method, path, { headers: { ...admin, ...headers }, rawBody: body });
      expect(response.status, `${code}: ${response.text}`).toBe(400);
      expect(response.json.code).toBe(code);
    }
    expect(await tableSnapshot()).toBe(snapshot);
    if (!batch) {
      // Finalised, the competition would refuse the accepted bodies of the routes tested after this one.
      if (route.name === 'FinaliseCompetition') onTestFinished(unfinalise);
      // The same body, spelled right, is accepted: the cases above failed for their one fault only.
      const fine = await invoke(route.method, path, { headers: { ...admin, 'content-type': 'application/json; charset=UTF-8' }, rawBody: text });
      expect(fine.status, fine.text).toBeLessThan(400);
    }
  });
});
