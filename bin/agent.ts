#!/usr/bin/env -S node --import tsx
/**
 * The scoring agent, locally: every round_seconds it checks every service of
 * the competition the API holds and reports the results.
 *
 *   npm run agent -- --rounds 3            (or --forever; Ctrl-C stops after the current round)
 *
 * Environment: SCORING_API_URL (default http://127.0.0.1:3000/api/v1) and the
 * agent's credentials, SCORING_AGENT_KEY=KEYID:SECRET (an IAM key the local
 * server accepts, SCORING_LOCAL_IAM_KEYS; requests are SigV4-signed) or
 * SCORING_AGENT_TOKEN (a Bearer token).
 */
import '../lib/local/node-20';
import { parseArgs } from 'node:util';
import { createLogger } from '#shared/log';
import { hostname } from 'node:os';
import { CLOUD_POOL, isPoolName } from '#shared/domain/pools';
import { AGENT_NAME_PATTERN } from '#shared/domain/agents';
import { runAgent } from '../functions/agent/agent';
import { ApiError, scoringApi, type ApiAuth } from '../functions/agent/api';
import { givenMailKey, hmacMailToken } from '#shared/mail-token';
import { poolMailToken } from '../functions/agent/pool-mail-token';
import { authFromEnvironment } from '../functions/agent/local/credentials';
import { CompetitionDns } from '../functions/agent/local/competition-dns';
import { allowedRanges, hostsFileResolver, LOOPBACK_RANGES, withinRanges, withLiterals, type HostResolver } from '../functions/agent/resolve';

const USAGE = `usage: npm run agent -- (--rounds N | --forever) [--pool NAME] [--hosts FILE] [--allow RANGES] [--concurrency N] [--api URL]

  --rounds N       run N rounds, then exit (the first one at once)
  --forever        run until Ctrl-C
  --pool NAME      check this pool's services (default cloud; an agent token's must be its own pool),
                   sharing each round with the pool's other agents
  --name NAME      this agent's name in its pool, on the console (default: host name and process id)
  --hosts FILE     resolve host names from this file (address name… per line) instead of
                   the competition's zones (built from GET /dns and the settings, served by named)
  --allow RANGES   the only addresses checks may reach: CIDR blocks separated by commas
                   (default 127.0.0.0/8; for instance 10.20.0.0/16,10.21.0.0/16 on a range)
  --concurrency N  checks in flight at once (default 256)
  --api URL        the API (default $SCORING_API_URL or http://127.0.0.1:3000/api/v1)`;

const { values } = parseArgs({
  options: {
    rounds: { type: 'string' },
    forever: { type: 'boolean', default: false },
    pool: { type: 'string', default: CLOUD_POOL },
    name: {
      type: 'string',
      default: `${hostname()
        .split('.')[0]!
        .replace(/[^A-Za-z0-9._-]/g, '-')
        .slice(0, 50)}-${process.pid}`.replace(/^[^A-Za-z0-9]+/, ''),
    },
    hosts: { type: 'string' },
    allow: { type: 'string', default: LOOPBACK_RANGES },
    concurrency: { type: 'string', default: '256' },
    api: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const rounds = values.forever ? 'forever' : /^[1-9]\d*$/.test(values.rounds ?? '') ? Number(values.rounds) : fail('Give --rounds N or --forever.');
const pool = isPoolName(values.pool) ? values.pool : fail('--pool takes a pool name (lower-case letters, digits and hyphens).');
const name = new RegExp(AGENT_NAME_PATTERN).test(values.name) ? values.name : fail('--name takes 1–64 letters, digits, dots, hyphens and underscores.');
const concurrency =
  /^[1-9]\d*$/.test(values.concurrency) && Number(values.concurrency) <= 900
    ? Number(values.concurrency)
    : fail('--concurrency must be 1–900 (open files stay under 1 024).');

function auth(): ApiAuth {
  const found = authFromEnvironment(['SCORING_AGENT']);
  return 'error' in found ? fail(found.error) : found;
}

const log = createLogger({ component: 'agent' });
/** How often the local agent looks for "check now" jobs (in AWS the API invokes the agent for each). */
const CHECK_JOB_POLL_MS = 2000;
const credential = auth();
const api = scoringApi(values.api ?? process.env.SCORING_API_URL ?? 'http://127.0.0.1:3000/api/v1', credential);
// The API makes the tokens (every agent of every pool agrees on them, none holds the key), unless the agent is given a key.
const givenKey = process.env.SCORING_AGENT_MAIL_KEY;
const mailToken = givenKey ? hmacMailToken(givenMailKey(givenKey)) : poolMailToken(api, pool);
const ranges = allowedRanges(values.allow);
if ('error' in ranges) fail(`--allow: ${ranges.error}.`);
// Literals too: the allow-list is checked last, on whatever address a check would connect to.
const guard = (resolver: HostResolver) => withinRanges(ranges, withLiterals(resolver));

const zones = values.hosts ? undefined : new CompetitionDns(api);
const hosts = values.hosts ? guard(hostsFileResolver(values.hosts)) : undefined;

const stop = new AbortController();
process.once('SIGINT', () => {
  log.info('stopping after the rounds under way');
  stop.abort();
});
// SIGTERM (and, when npm start runs this beside itself, its end) stops at once: exit handlers still stop named.
process.once('SIGTERM', () => process.exit(143));
if (process.send) process.once('disconnect', () => process.exit(0));

try {
  await zones?.refresh(); // fails early when the key may not read the records or named cannot start
  await api.pool(pool); // and when the credential is not one of the pool's
  const summaries = await runAgent({
    api,
    rounds,
    pool,
    share: { agent: name, version: process.env.npm_package_version ?? 'dev', host: hostname() },
    concurrency,
    log,
    mailToken,
    signal: stop.signal,
    pollCheckJobsMs: CHECK_JOB_POLL_MS,
    resolverForRound: async () => hosts ?? guard(await zones!.refresh()),
  });
  const checks = summaries.reduce((n, s) => n + s.checks, 0);
  const passed = summaries.reduce((n, s) => n + s.passed, 0);
  console.error(`${summaries.length} round(s), ${checks} checks, ${passed} passed, ${checks - passed} failed`);
  process.exitCode = summaries.length === (rounds === 'forever' ? summaries.length : rounds) ? 0 : 1;
} catch (error) {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    console.error(`agent: ${error.message}: the agent needs an agent token of pool ${pool}, or a service account's (or an admin's) key or token.`);
  } else {
    console.error(`agent: ${(error as Error).message}`);
  }
  process.exitCode = 1;
} finally {
  await zones?.stop();
}
