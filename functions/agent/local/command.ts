/**
 * The agent outside AWS, as a command: `npm run agent` here, and the
 * installed agent (`npm run build:agent`, one file run by `node` on a box on
 * the range) everywhere else. Every round_seconds it checks its pool's
 * services, sharing each round with the pool's other agents, and reports the
 * results; between rounds it takes its pool's "check now" jobs.
 *
 * Options come from the command line, over a configuration file's
 * (`--config`). The credential never comes from argv (every user of the box
 * can read a process's): a file (`credential_file`), or the environment.
 */
import { readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { AGENT_NAME_PATTERN } from '#shared/domain/agents';
import { CLOUD_POOL, isPoolName } from '#shared/domain/pools';
import { createLogger } from '#shared/log';
import { givenMailKey, hmacMailToken } from '#shared/mail-token';
import { runAgent } from '../agent';
import { ApiError, scoringApi, type ApiAuth } from '../api';
import { poolMailToken } from '../pool-mail-token';
import { RecipesSchema } from '../kinds/command';
import { allowedRanges, hostsFileResolver, LOOPBACK_RANGES, systemResolver, withinRanges, withLiterals, type HostResolver } from '../resolve';
import { CompetitionDns } from './competition-dns';
import { ZONE_SERVERS, type ZoneServerKind } from './dns/zone-server';
import { authFromEnvironment } from './credentials';

export const USAGE = `usage: scoring-agent (--once | --rounds N | --forever) [--config FILE] [options]

  --once             run one round, then exit
  --rounds N         run N rounds, then exit (the first one at once)
  --forever          run until Ctrl-C (SIGINT: after the current round) or SIGTERM (at once)
  --config FILE      a JSON file of the options below (snake_case); the command line wins
  --api URL          the API (default $SCORING_API_URL or http://127.0.0.1:3000/api/v1)
  --credential-file FILE
                     the agent's token (ccdc_…), or KEYID:SECRET of an IAM key, alone in a file
                     (else $SCORING_AGENT_TOKEN or $SCORING_AGENT_KEY); never on the command line
  --region REGION    the IAM API's region, for a key (default: from the API's host name, else us-east-1)
  --pool NAME        check this pool's services (default cloud; an agent credential's must be its own pool),
                     sharing each round with the pool's other agents
  --name NAME        this agent's name in its pool, on the console (default: host name and process id)
  --resolver WHICH   how host names become addresses: competition (the competition's zones, built from
                     GET /dns and the settings, served on 127.0.0.1 by a zone server of its own), system
                     (this box's resolver: the range's DNS), or hosts (--hosts FILE); default competition
  --zone-server WHICH
                     what serves the competition's zones: node (in this process; the default) or
                     named (BIND's, Debian's bind9)
  --hosts FILE       resolve from this file (address name… per line); implies --resolver hosts
  --allow RANGES     the only addresses checks may reach: CIDR blocks separated by commas
                     (default 127.0.0.0/8; for instance 10.20.0.0/16,10.21.0.0/16 on a range)
  --concurrency N    checks in flight at once (default 256)

The configuration file alone lists the command checks' recipes ("recipes": {"name": {"program": "/usr/bin/…",
"args": ["-I", "{host}", …], "env": {…}, "password": {"env": "PASSWD"} | "stdin"}}): docs/agent.md.`;

/** The configuration file: the command line's long options, in snake_case. */
const ConfigFile = v.strictObject({
  api: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  credential_file: v.optional(v.string()),
  region: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region'))),
  pool: v.optional(v.string()),
  name: v.optional(v.string()),
  resolver: v.optional(v.picklist(['competition', 'system', 'hosts'])),
  zone_server: v.optional(v.picklist(ZONE_SERVERS)),
  hosts: v.optional(v.string()),
  allow: v.optional(v.string()),
  concurrency: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(900))),
  /** The programs command checks may run, by name (checks/command.ts): the file's alone, never the command line's. */
  recipes: v.optional(RecipesSchema),
});
type Config = v.InferOutput<typeof ConfigFile>;

class UsageError extends Error {}

const defaultName = () =>
  `${hostname()
    .split('.')[0]!
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .slice(0, 50)}-${process.pid}`.replace(/^[^A-Za-z0-9]+/, '');

function readConfig(path: string): Config {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--config ${path}: ${(error as Error).message}`);
  }
  const result = v.safeParse(ConfigFile, parsed);
  if (!result.success) {
    const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(the file)'}: ${issue.message}`);
    throw new UsageError(`--config ${path}: ${problems.join('; ')}`);
  }
  return result.output;
}

/** The region of an IAM API URL (`https://abc.execute-api.eu-west-1.amazonaws.com/…`), if it names one. */
const regionOf = (api: string) => /\.execute-api\.([a-z0-9-]+)\.amazonaws\.com/.exec(new URL(api).hostname)?.[1];

/** The credential a file holds: a token, or KEYID:SECRET. Says so when others than its owner may read it. */
function credentialFromFile(path: string, region: string, warn: (message: string) => void): ApiAuth {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
    if ((statSync(path).mode & 0o077) !== 0) warn(`${path} may be read by others than its owner: chmod 600 it`);
  } catch (error) {
    throw new UsageError(`credential file: ${(error as Error).message}`);
  }
  if (/^ccdc_/.test(text)) return { kind: 'bearer', token: text };
  const [accessKeyId, secretAccessKey, ...rest] = text.split(':');
  if (!accessKeyId || !secretAccessKey || rest.length > 0 || /\s/.test(text)) {
    throw new UsageError(`${path} holds neither a token (ccdc_…) nor KEYID:SECRET`);
  }
  return { kind: 'sigv4', credentials: () => ({ accessKeyId, secretAccessKey }), region };
}

/** Where the command speaks to the person who ran it (bin/agent.ts: the terminal); its log goes through the Logger. */
export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

/** Runs the agent as `argv` says; resolves to the process's exit code (2: a usage error). */
export async function agentCommand(argv: string[], io: CommandOutput): Promise<number> {
  const log = createLogger({ component: 'agent' });
  let zones: CompetitionDns | undefined;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        once: { type: 'boolean', default: false },
        rounds: { type: 'string' },
        forever: { type: 'boolean', default: false },
        config: { type: 'string' },
        api: { type: 'string' },
        'credential-file': { type: 'string' },
        region: { type: 'string' },
        pool: { type: 'string' },
        name: { type: 'string' },
        resolver: { type: 'string' },
        'zone-server': { type: 'string' },
        hosts: { type: 'string' },
        allow: { type: 'string' },
        concurrency: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const config = values.config ? readConfig(values.config) : {};
    const modes = [values.once, values.forever, values.rounds !== undefined].filter(Boolean).length;
    if (modes !== 1) throw new UsageError('Give one of --once, --rounds N and --forever.');
    const rounds = values.forever ? 'forever' : values.once ? 1 : /^[1-9]\d*$/.test(values.rounds!) ? Number(values.rounds) : undefined;
    if (rounds === undefined) throw new UsageError('--rounds takes a whole number of rounds.');
    const pool = values.pool ?? config.pool ?? CLOUD_POOL;
    if (!isPoolName(pool)) throw new UsageError('--pool takes a pool name (lower-case letters, digits and hyphens).');
    const name = values.name ?? config.name ?? defaultName();
    if (!new RegExp(AGENT_NAME_PATTERN).test(name)) throw new UsageError('--name takes 1–64 letters, digits, dots, hyphens and underscores.');
    const concurrencyText = values.concurrency ?? String(config.concurrency ?? 256);
    if (!/^[1-9]\d*$/.test(concurrencyText) || Number(concurrencyText) > 900)
      throw new UsageError('--concurrency must be 1–900 (open files stay under 1 024).');
    const hostsFile = values.hosts ?? config.hosts;
    const resolver = values.resolver ?? config.resolver ?? (hostsFile ? 'hosts' : 'competition');
    if (resolver !== 'competition' && resolver !== 'system' && resolver !== 'hosts') throw new UsageError('--resolver is competition, system or hosts.');
    if ((resolver === 'hosts') !== (hostsFile !== undefined)) throw new UsageError('--hosts FILE goes with --resolver hosts, and only with it.');
    const zoneServer = values['zone-server'] ?? config.zone_server ?? 'node';
    if (!(ZONE_SERVERS as readonly string[]).includes(zoneServer)) throw new UsageError(`--zone-server is ${ZONE_SERVERS.join(' or ')}.`);
    if (resolver !== 'competition' && (values['zone-server'] ?? config.zone_server)) throw new UsageError('--zone-server goes with --resolver competition.');
    const ranges = allowedRanges(values.allow ?? config.allow ?? LOOPBACK_RANGES);
    if ('error' in ranges) throw new UsageError(`--allow: ${ranges.error}.`);

    const apiUrl = values.api ?? config.api ?? process.env.SCORING_API_URL ?? 'http://127.0.0.1:3000/api/v1';
    const region = values.region ?? config.region ?? regionOf(apiUrl) ?? process.env.AWS_REGION ?? 'us-east-1';
    const credentialFile = values['credential-file'] ?? config.credential_file;
    const warn = (message: string) => log.warn(message);
    const credential = credentialFile ? credentialFromFile(credentialFile, region, warn) : authFromEnvironment(['SCORING_AGENT']);
    if ('error' in credential) throw new UsageError(`${credential.error} Or name a file with --credential-file.`);
    const api = scoringApi(apiUrl, credential);

    // The API makes the tokens (every agent of every pool agrees on them, none holds the key), unless the agent is given a key.
    const givenKey = process.env.SCORING_AGENT_MAIL_KEY;
    const mailToken = givenKey ? hmacMailToken(givenMailKey(givenKey)) : poolMailToken(api, pool);
    // Literals too: the allow-list is checked last, on whatever address a check would connect to.
    const guard = (resolve: HostResolver) => withinRanges(ranges, withLiterals(resolve));
    zones =
      resolver === 'competition'
        ? new CompetitionDns(api, zoneServer as ZoneServerKind, (problem) => log.warn('a zone is not served', { problem }))
        : undefined;
    const fixed = resolver === 'hosts' ? guard(hostsFileResolver(hostsFile!)) : resolver === 'system' ? guard(systemResolver) : undefined;

    const stop = new AbortController();
    process.once('SIGINT', () => {
      log.info('stopping after the rounds under way');
      stop.abort();
    });
    // SIGTERM (systemd's stop; and, when npm start runs this beside itself, its end) stops at once: exit handlers still stop a named.
    process.once('SIGTERM', () => process.exit(143));
    if (process.send) process.once('disconnect', () => process.exit(0));

    await zones?.refresh(); // fails early when the credential may not read the records or the zone server cannot start
    await api.pool(pool); // and when the credential is not one of the pool's
    const summaries = await runAgent({
      api,
      rounds,
      pool,
      share: { agent: name, version: AGENT_VERSION, host: hostname() },
      concurrency: Number(concurrencyText),
      log,
      mailToken,
      signal: stop.signal,
      pollCheckJobsMs: CHECK_JOB_POLL_MS,
      ...(config.recipes ? { recipes: config.recipes } : {}),
      resolverForRound: async () => fixed ?? guard(await zones!.refresh()),
    });
    const checks = summaries.reduce((n, s) => n + s.checks, 0);
    const passed = summaries.reduce((n, s) => n + s.passed, 0);
    io.err(`${summaries.length} round(s), ${checks} checks, ${passed} passed, ${checks - passed} failed`);
    return summaries.length === (rounds === 'forever' ? summaries.length : rounds) ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      io.err(`agent: ${error.message}: the agent needs an agent credential of its pool, or a service account's (or an admin's).`);
    } else {
      io.err(`agent: ${(error as Error).message}`);
    }
    return 1;
  } finally {
    await zones?.stop();
  }
}

/** How often the agent looks for "check now" jobs (in AWS the API invokes the agent for each). */
const CHECK_JOB_POLL_MS = 2000;

/** The installed agent's version (the bundle defines it), else npm's, else dev. */
declare const SCORING_AGENT_VERSION: string | undefined;
const AGENT_VERSION = typeof SCORING_AGENT_VERSION === 'string' ? SCORING_AGENT_VERSION : (process.env.npm_package_version ?? 'dev');
