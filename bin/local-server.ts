#!/usr/bin/env -S node --import tsx
/**
 * The local dev server: `npm start`. DynamoDB Local embedded, the sample
 * competition loaded on first start, the page and the API through the CDN
 * stand-in on http://127.0.0.1:$PORT (as spectators reach them in AWS), and
 * the bare origin (the local API Gateway, no cache, no compression) on the
 * next port.
 *
 *   npm start -- [--port 3000] [--origin-port 3001] [--data-dir .local/data] [--competition file.yaml] [--no-live]
 *                [--dynamodb-endpoint URL] [--no-stream-consumer] [--fault-file FILE]
 *
 * --dynamodb-endpoint attaches to a DynamoDB Local already running (its data
 * outlives this server: a crash of the server is a Lambda's, not the
 * database's); --no-stream-consumer leaves the stream consumer to its own
 * process (npm run stream-consumer); --fault-file lets the rehearsal inject
 * refusals (lib/local/faults.ts). The rehearsal (npm run rehearse) uses all three.
 *
 * With the bundled sample (no --competition, first start) it also plays the
 * sample's blue teams (bin/demo-targets.ts) and runs the scoring agent
 * (bin/agent.ts --forever) beside it, so the first page a newcomer opens is a
 * live event; --no-live (or SCORING_LIVE=0) leaves them out. Your own
 * competition file never starts them.
 *
 * Environment (local only; the deployed stack never reads these):
 *   PORT, ORIGIN_PORT (the options' defaults), SCORING_DATA_DIR, SCORING_ADMIN_TOKEN, SCORING_SERVICE_TOKEN,
 *   SCORING_STATE_FILE (where it says how the command-line tool reaches it; default .local/server.json),
 *   SCORING_DEMO_NODE_ONLY=1 (the live demo plays only what Node plays, as with none of Debian's servers installed),
 *   SCORING_LOCAL_IAM_KEYS=KEYID:SECRET:admin|service,...
 *   LOG_FORMAT=json (the lines as Lambda writes them; default: readable), LOG_LEVEL=silent
 */
import '../lib/local/node-20';
import { parseArgs } from 'node:util';
import { spawn, type ChildProcess } from 'node:child_process';
import { startLocalStack } from '../lib/local/local-stack';
import { createToken } from '#shared/data/tokens';
import { logSink, readableLine } from '#shared/log';
import { CLOUD_POOL } from '#shared/domain/pools';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'origin-port': { type: 'string' },
    'data-dir': { type: 'string' },
    competition: { type: 'string' },
    // An empty table, as a newly deployed stage has: `npm run scoring -- load` fills it (the rehearsal's --api test).
    empty: { type: 'boolean', default: false },
    live: { type: 'boolean', default: process.env.SCORING_LIVE !== '0' },
    'dynamodb-endpoint': { type: 'string' },
    'stream-consumer': { type: 'boolean', default: true },
    'fault-file': { type: 'string' },
  },
  allowNegative: true,
});

// The same log lines the functions write in AWS, one readable line each at a terminal.
if (process.env.LOG_FORMAT !== 'json') logSink.write = (line: string) => process.stdout.write(`${readableLine(line)}\n`);

const port = Number(values.port ?? process.env.PORT ?? 3000);
const stack = await startLocalStack({
  // Port 0 (any free port) for one means any free port for the other too.
  port: Number(values['origin-port'] ?? process.env.ORIGIN_PORT ?? (port === 0 ? 0 : port + 1)),
  cdn: { port },
  dataDir: values['data-dir'] ?? process.env.SCORING_DATA_DIR,
  competitionFile: values.empty ? null : values.competition,
  adminToken: process.env.SCORING_ADMIN_TOKEN,
  serviceToken: process.env.SCORING_SERVICE_TOKEN,
  iamKeys: process.env.SCORING_LOCAL_IAM_KEYS,
  announce: true,
  minuteJobs: true,
  ...(values['dynamodb-endpoint'] ? { dynamodbEndpoint: values['dynamodb-endpoint'] } : {}),
  streamConsumer: values['stream-consumer'],
  // The pages are nudged by the stream consumer, so only where it runs in this process (else they poll).
  push: values['stream-consumer'],
  ...(values['fault-file'] ? { faultFile: values['fault-file'] } : {}),
}).catch((error: Error) => {
  console.error(`Could not start: ${error.message}`);
  process.exit(1);
});

// Stop accepting, let requests in flight finish (bounded), then stop DynamoDB
// Local. A second Ctrl-C does not wait.
// The live demo: the sample's blue teams and the agent, as child processes that end with this one.
const children: ChildProcess[] = [];
process.once('exit', () => children.forEach((child) => child.kill('SIGTERM')));
async function startLive(): Promise<void> {
  const audit = { actor: { type: 'system' as const, name: 'local server (live demo)' }, route: 'npm start' };
  const admin = await createToken({ role: 'admin', name: 'live demo: blue teams', expiresAt: null, audit });
  // The demo's agent is the cloud pool's: an agent token, which reads and reports that pool's services only.
  const agent = await createToken({ role: 'agent', pool: CLOUD_POOL, name: 'live demo: scoring agent', expiresAt: null, audit });
  const run = (name: string, script: string, args: string[], env: Record<string, string>) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      // Node's warnings (the AWS SDK's about Node 20) would fill the server's output twice over.
      env: { ...process.env, NODE_NO_WARNINGS: '1', SCORING_API_URL: `${stack.url}/api/v1`, ...env },
      // An IPC channel only so that the child sees this process end, even killed outright.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const prefix = (chunk: Buffer) =>
      chunk
        .toString()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .forEach((line) => process.stderr.write(`${name} | ${line}\n`));
    child.stdout!.on('data', prefix);
    child.stderr!.on('data', prefix);
    children.push(child);
    return child;
  };
  const targets = run('blue teams', 'bin/demo-targets.ts', [], { SCORING_ADMIN_TOKEN: admin.token });
  // The agent's first round must find every target listening and its DNS records made: the targets say
  // when (a busy machine may take many seconds), or exit having said why. A round before that would
  // only fail every service, so the agent waits as long as they take, and this says that it waits.
  await new Promise<void>((resolve) => {
    const note = setTimeout(() => console.error('Still waiting for the blue teams to listen before the agent starts…'), 30_000);
    const done = () => (clearTimeout(note), resolve());
    // Their one line: what plays each subtype, and what is not played (and the Debian package that would play it).
    targets.once('message', (message: { played?: string }) => {
      if (message.played) console.error(`${message.played} --no-live leaves them out.`);
      done();
    });
    targets.once('exit', done);
  });
  // An agent that dies (a bug a hostile server found, a crash) would leave the live page stale: start it again,
  // after 5 s, doubling up to a minute while it keeps dying young.
  let delay = 5_000;
  const startAgent = () => {
    const started = Date.now();
    run('agent', 'bin/agent.ts', ['--forever'], { SCORING_AGENT_TOKEN: agent.token }).once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - started > 5 * 60_000) delay = 5_000;
      console.error(`The scoring agent stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay / 1000} s.`);
      setTimeout(startAgent, delay).unref();
      delay = Math.min(delay * 2, 60_000);
    });
  };
  startAgent();
}

let stopping = false;
const shutdown = async () => {
  if (stopping) process.exit(130);
  stopping = true;
  console.error('Stopping: finishing the requests in flight…');
  children.forEach((child) => child.kill('SIGTERM'));
  await stack.stop();
  process.exit(0);
};
// Registered after DynamoDB Local's own handlers, which stop Java and exit.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
// Started by a process that ends (the rehearsal): gone with it, however it ended (its IPC channel closes).
if (process.send) process.once('disconnect', () => void shutdown());

console.error(
  [
    `Scoring API listening on ${stack.cdnUrl}/api/v1 through the CDN stand-in  (try: curl --compressed -i ${stack.cdnUrl}/api/v1/teams)`,
    `The scoreboard page: ${stack.cdnUrl}/  (the score history is recorded every minute)`,
    `The bare origin (no CDN cache, no compression): ${stack.url}/api/v1`,
    `DynamoDB Local at ${stack.dynamodb.endpoint}, table ${process.env.TABLE_NAME}, ${
      stack.loaded === 'sample' ? 'sample competition loaded' : stack.loaded === 'none' ? 'empty (--empty)' : 'existing competition kept'
    }${(values['data-dir'] ?? process.env.SCORING_DATA_DIR) ? '' : ' (in memory: gone when the server stops)'}`,
    'Ctrl-C stops the server and DynamoDB Local.',
  ].join('\n'),
);
// The sample's blue teams (npm run demo-targets) and the scoring agent (npm run agent), beside it: Node and Java are all they need.
if (values.live && !values.competition && stack.loaded === 'sample') await startLive();
