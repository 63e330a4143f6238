#!/usr/bin/env -S node --import tsx
/**
 * The local dev server: `npm start`. DynamoDB Local embedded, the sample
 * competition loaded on first start, the page and the API through the CDN
 * stand-in on http://127.0.0.1:$PORT (as spectators reach them in AWS), and
 * the bare origin (the local API Gateway, no cache, no compression) on the
 * next port.
 *
 *   npm start -- [--port 3000] [--origin-port 3001] [--data-dir .local/data] [--competition file.yaml]
 *
 * Environment (local only; the deployed stack never reads these):
 *   PORT, SCORING_DATA_DIR, SCORING_ADMIN_TOKEN, SCORING_SERVICE_TOKEN,
 *   SCORING_LOCAL_IAM_KEYS=KEYID:SECRET:admin|service,...
 *   LOG_FORMAT=json (the lines as Lambda writes them; default: readable), LOG_LEVEL=silent
 */
import { parseArgs } from 'node:util';
import { startLocalStack } from '../lib/local/local-stack';
import { logSink, readableLine } from '#shared/log';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'origin-port': { type: 'string' },
    'data-dir': { type: 'string' },
    competition: { type: 'string' },
  },
});

// The same log lines the functions write in AWS, one readable line each at a terminal.
if (process.env.LOG_FORMAT !== 'json') logSink.write = (line: string) => process.stdout.write(`${readableLine(line)}\n`);

const port = Number(values.port ?? process.env.PORT ?? 3000);
const stack = await startLocalStack({
  // Port 0 (any free port) for one means any free port for the other too.
  port: values['origin-port'] !== undefined ? Number(values['origin-port']) : port === 0 ? 0 : port + 1,
  cdn: { port },
  dataDir: values['data-dir'] ?? process.env.SCORING_DATA_DIR,
  competitionFile: values.competition,
  adminToken: process.env.SCORING_ADMIN_TOKEN,
  serviceToken: process.env.SCORING_SERVICE_TOKEN,
  iamKeys: process.env.SCORING_LOCAL_IAM_KEYS,
  announce: true,
  scoreHistory: true,
}).catch((error: Error) => {
  console.error(`Could not start: ${error.message}`);
  process.exit(1);
});

// Stop accepting, let requests in flight finish (bounded), then stop DynamoDB
// Local. A second Ctrl-C does not wait.
let stopping = false;
const shutdown = async () => {
  if (stopping) process.exit(130);
  stopping = true;
  console.error('Stopping: finishing the requests in flight…');
  await stack.stop();
  process.exit(0);
};
// Registered after DynamoDB Local's own handlers, which stop Java and exit.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

console.error(
  [
    `Scoring API listening on ${stack.cdnUrl}/api/v1 through the CDN stand-in  (try: curl --compressed -i ${stack.cdnUrl}/api/v1/teams)`,
    `The scoreboard page: ${stack.cdnUrl}/  (the score history is recorded every minute)`,
    `The bare origin (no CDN cache, no compression): ${stack.url}/api/v1`,
    `DynamoDB Local at ${stack.dynamodb.endpoint}, table ${process.env.TABLE_NAME}, ${
      stack.loaded === 'sample' ? 'sample competition loaded' : 'existing competition kept'
    }${(values['data-dir'] ?? process.env.SCORING_DATA_DIR) ? '' : ' (in memory: gone when the server stops)'}`,
    'Ctrl-C stops the server and DynamoDB Local.',
  ].join('\n'),
);
