import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WORKERS } from '#shared/api/workers';
import { LOCAL_LAMBDA_CREDENTIALS } from '#shared/aws/invoke';
import { createLogger } from '#shared/log';
import { failureFields } from '#shared/scheduled';
import { readBodyUpTo } from './read-body';
import { verifyTwinRequest } from './sigv4';

const ROOT = resolve(import.meta.dirname, '../..');
/** Lambda takes an asynchronous event of at most 256 KB (1 MB since 2025); ours are a job's id. */
const MAX_EVENT_BYTES = 256 * 1024;

export interface LambdaTwin {
  /** AWS_ENDPOINT_URL_LAMBDA: where the functions invoke the workers. */
  endpoint: string;
  /** Waits until every invocation taken so far has run (tests, and a clean stop). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The local twin of Lambda's Invoke API for the workers of the workers'
 * table (api/workers.ts), on a free loopback port: an `Event` invocation,
 * signed for `lambda` with the local key (or the environment's), is taken
 * with 202 and its worker's handler file run in this process, as Lambda
 * would run it a moment later. Each worker is named as the stack names it
 * locally: its own name. Sets each worker's environment variable, and
 * AWS_ENDPOINT_URL_LAMBDA, for the functions of this process.
 */
export async function startLambdaTwin(): Promise<LambdaTwin> {
  const running = new Set<Promise<void>>();
  const log = createLogger({ route: 'lambda-twin' });
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBodyUpTo(req, MAX_EVENT_BYTES);
      const reply = (status: number, message: string) => {
        res.writeHead(status, { 'content-type': 'application/json', ...(body === 'too-large' ? { connection: 'close' } : {}) });
        res.end(JSON.stringify({ message }));
      };
      if (body === 'too-large') return reply(413, 'The event is larger than Lambda takes.');
      const target = req.url ?? '/';
      const [rawPath = ''] = target.split('?');
      const name = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(rawPath)?.[1];
      const verified = verifyTwinRequest(req, body, { service: 'lambda', key: LOCAL_LAMBDA_CREDENTIALS });
      if (!verified.ok) return reply(403, verified.reason);
      const worker = Object.values(WORKERS).find((w) => w.name === decodeURIComponent(name ?? ''));
      if (req.method !== 'POST' || !worker) return reply(404, `Function not found: ${name ?? rawPath}`);
      if (req.headers['x-amz-invocation-type'] !== 'Event') return reply(400, 'The local twin takes asynchronous (Event) invocations only.');
      let event: unknown;
      try {
        event = JSON.parse(body.toString('utf8'));
      } catch {
        return reply(400, 'The event is not JSON.');
      }
      reply(202, 'queued');
      const run = import(pathToFileURL(resolve(ROOT, worker.handler)).href)
        .then((m: { handler: (event: unknown, context: unknown) => Promise<unknown> }) => m.handler(event, { awsRequestId: randomUUID() }))
        .then(
          () => undefined,
          (error: unknown) => log.error(`${worker.name} failed`, failureFields(error)),
        )
        .finally(() => running.delete(run));
      running.add(run);
    })().catch((error: unknown) => {
      log.error('lambda twin failure', failureFields(error));
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((listening, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => listening());
  });
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  process.env.AWS_ENDPOINT_URL_LAMBDA = endpoint;
  for (const worker of Object.values(WORKERS)) process.env[worker.env] = worker.name;
  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };
  return {
    endpoint,
    idle,
    async stop() {
      await idle();
      await new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      });
    },
  };
}
