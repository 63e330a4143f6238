#!/usr/bin/env -S node --import tsx
/**
 * Smoke test of a deployed stage (or the local server):
 *
 *   npm run smoke -- --url <CdnUrl> --iam-url <IamApiUrl> --token <service token> --test-team 99 [--region eu-west-1]
 *
 * Public reads through the CDN, a token call, a SigV4-signed call (AWS
 * credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY /
 * AWS_SESSION_TOKEN) and one scan report (score 0) against a service of a
 * hidden test team, so no visible score moves. Prints each check and what
 * failed; exits 1 if anything did.
 */
import '../lib/local/node-20';
import { parseArgs } from 'node:util';
// The same SDK signer the tests use (a dev dependency, installed by npm ci).
import { signedHeaders } from '../test/support/sigv4';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    'iam-url': { type: 'string' },
    token: { type: 'string' },
    'test-team': { type: 'string' },
    region: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help || !values.url) {
  console.log('Usage: npm run smoke -- --url <CdnUrl> [--iam-url <IamApiUrl>] --token <service token> --test-team <hidden team number> [--region <region>]');
  process.exit(values.help ? 0 : 2);
}

const base = values.url.replace(/\/+$/, '');
const iamBase = (values['iam-url'] ?? values.url).replace(/\/+$/, '');
const token = values.token ?? process.env.SCORING_SMOKE_TOKEN;
const testTeam = Number(values['test-team'] ?? NaN);
const failures: string[] = [];

async function check(name: string, run: () => Promise<string | void>): Promise<void> {
  try {
    const note = await run();
    console.log(`ok    ${name}${note ? ` (${note})` : ''}`);
  } catch (error) {
    failures.push(name);
    console.log(`FAIL  ${name}: ${(error as Error).message}`);
  }
}

async function expectJson(response: Response, status: number): Promise<unknown> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${response.status} instead of ${status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

const bearer = () => {
  if (!token) throw new Error('no --token (or SCORING_SMOKE_TOKEN) given');
  return { authorization: `Bearer ${token}` };
};

for (const path of ['/api/v1/teams', '/api/v1/teams/scoreboard', '/api/v1/services']) {
  await check(`public read ${path}`, async () => {
    const response = await fetch(`${base}${path}`);
    await expectJson(response, 200);
    const cache = response.headers.get('cache-control') ?? '';
    if (!cache.startsWith('public')) throw new Error(`Cache-Control is "${cache}", not public`);
    return response.headers.get('x-cache') ?? cache;
  });
}

let serviceId: number | undefined;
await check(`token call: the hidden test team ${values['test-team'] ?? '(none)'}'s services`, async () => {
  if (!Number.isInteger(testTeam)) throw new Error('no --test-team <number> given');
  const anonymous = (await expectJson(await fetch(`${base}/api/v1/services?team=${testTeam}`), 200)) as unknown[];
  if (anonymous.length > 0) throw new Error(`team ${testTeam} is not hidden: anonymous callers see its services`);
  const services = (await expectJson(await fetch(`${base}/api/v1/services?team=${testTeam}`, { headers: bearer() }), 200)) as { id: number }[];
  if (services.length === 0) throw new Error(`team ${testTeam} has no services`);
  serviceId = services[0]!.id;
  return `${services.length} services`;
});

await check('signed call: GET /api/v1/settings on the IAM API', async () => {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('no AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY in the environment');
  const url = `${iamBase}/api/v1/settings`;
  const headers = await signedHeaders(url, { method: 'GET', accessKeyId, secretAccessKey, region: values.region ?? process.env.AWS_REGION ?? 'us-east-1' });
  if (process.env.AWS_SESSION_TOKEN) headers['x-amz-security-token'] = process.env.AWS_SESSION_TOKEN;
  await expectJson(await fetch(url, { headers }), 200);
});

await check('scan report against the hidden test team', async () => {
  if (serviceId === undefined) throw new Error('no service of the test team (see above)');
  const body = JSON.stringify({ scan_id: `smoke-${Date.now()}`, score: 0, error: 'smoke test' });
  const response = await fetch(`${base}/api/v1/services/${serviceId}/scans`, {
    method: 'POST',
    headers: { ...bearer(), 'content-type': 'application/json' },
    body,
  });
  await expectJson(response, 201);
  return `service ${serviceId}`;
});

console.log(failures.length === 0 ? 'smoke test passed' : `smoke test FAILED: ${failures.join('; ')}`);
process.exit(failures.length === 0 ? 0 : 1);
