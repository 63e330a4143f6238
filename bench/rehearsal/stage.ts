import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startDynamoDbLocal } from '../../lib/local/dynamodb-local';
import { freePort } from '../../test/support/daemons/daemon';
import { startCapacityMeter } from './capacity';
import { entryPoint, Managed, ROOT } from './processes';

/**
 * Where a rehearsal plays: the local twin it runs itself (DynamoDB Local,
 * the API server attached to it, the stream consumer apart, the capacity
 * meter between them, the gateway's fault hook), or a deployed stage of the
 * organiser's own (`--api URL --table NAME`), whose server side it cannot
 * touch: the faults that need it are not played there, and nothing counts
 * its database's units.
 */
export interface Stage {
  /** The API's base URL (no CDN): the agents, organisers, blue and red teams call it. */
  origin: string;
  /** What spectators poll through: the CDN stand-in, or the stage's own address. */
  cdn: string;
  adminToken: string;
  /** How `scoring` reaches the stage's table (load, verify). */
  tableArgs: string[];
  /** What only the local twin has: the processes and files its faults act on. */
  local?: LocalSide;
  describe(): string;
  /** The meter's lines are all in their file (nothing when it has no meter). */
  flushed(): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalSide {
  dynamodbPid: number;
  server: Managed;
  consumer: Managed;
  faultFile: string;
  checkpointFile: string;
  consumerLog: string;
}

const TABLE = 'rehearsal';
/**
 * The processes' environment: warnings off, and the product's own database
 * call budget (3 s) whatever the caller's (the test suite stretches it for
 * its own concurrency tests): a stalled database must answer 503 after it,
 * as in AWS.
 */
export const QUIET = { LOG_LEVEL: 'warn', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', SCORING_DATABASE_CALL_BUDGET_MS: '' };

/** The local twin, its competition loaded by the server on its first start. */
export async function localStage(out: string, logs: string, competitionFile: string): Promise<Stage> {
  // Never killed: stalled at most, as a SIGKILL can lose an acknowledged transaction, which AWS would not.
  const dynamodb = await startDynamoDbLocal();
  // The API server and the stream consumer reach it through the capacity meter (the units each command consumed).
  const meter = await startCapacityMeter(dynamodb.endpoint, join(out, 'capacity.jsonl'));
  const [cdnPort, originPort] = [await freePort(), await freePort()];
  const adminToken = `ccdc_rehearsal_${randomBytes(24).toString('hex')}`;
  const faultFile = join(out, 'fault.json');
  const checkpointFile = join(out, 'stream-checkpoint.json');
  const metered = { ...QUIET, DYNAMODB_RETURN_CAPACITY: '1' };
  const server = new Managed(
    'api-server',
    entryPoint(
      'bin/local-server.ts',
      [
        ...['--port', String(cdnPort), '--origin-port', String(originPort), '--dynamodb-endpoint', meter.endpoint],
        ...['--no-stream-consumer', '--fault-file', faultFile, '--data-dir', join(out, 'server-data'), '--competition', competitionFile, '--no-live'],
      ],
      { ...metered, TABLE_NAME: TABLE, SCORING_ADMIN_TOKEN: adminToken, SCORING_STATE_FILE: join(out, 'server.json') },
    ),
    logs,
    /Scoring API listening/,
  );
  const consumer = new Managed(
    'stream-consumer',
    entryPoint('bin/stream-consumer.ts', ['--dynamodb-endpoint', meter.endpoint, '--table', TABLE, '--checkpoint', checkpointFile], metered),
    logs,
    /Stream consumer following/,
  );
  await server.run();
  await consumer.run();
  const origin = `http://127.0.0.1:${originPort}`;
  const cdn = `http://127.0.0.1:${cdnPort}`;
  return {
    origin,
    cdn,
    adminToken,
    tableArgs: ['--table', TABLE, '--endpoint', dynamodb.endpoint],
    local: { dynamodbPid: dynamodb.pid!, server, consumer, faultFile, checkpointFile, consumerLog: join(logs, 'stream-consumer.log') },
    describe: () => `API on ${origin} (CDN stand-in ${cdn}), DynamoDB Local ${dynamodb.endpoint}, the stream consumer apart`,
    flushed: () => meter.flushed(),
    stop: async () => {
      await consumer.stop();
      await server.stop();
      await meter.close();
      await dynamodb.stop();
    },
  };
}

/**
 * A deployed stage of its own: an admin token (SCORING_ADMIN_TOKEN) and the
 * table `scoring load` and `scoring verify` reach with the organiser's AWS
 * credentials (or an `--endpoint`). It must hold no competition: the
 * rehearsal finalises, freezes and fills it, and teams cannot be deleted.
 */
export async function remoteStage(options: {
  api: string;
  /** Its CDN's address, which spectators poll through (the API's when none is given). */
  cdn?: string;
  table: string;
  endpoint?: string;
  region?: string;
  /** The KMS key the stage seals check accounts with (its AccountsKeyArn output); none for the local twin. */
  accountsKey?: string;
  competitionFile: string;
}): Promise<Stage> {
  const adminToken = process.env.SCORING_ADMIN_TOKEN;
  if (!adminToken) throw new Error('--api needs SCORING_ADMIN_TOKEN: an admin token of the stage (npm run scoring -- token create --role admin)');
  const origin = options.api.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const teams = await fetch(`${origin}/api/v1/teams`, { headers: { authorization: `Bearer ${adminToken}` } });
  if (!teams.ok) throw new Error(`${origin}/api/v1/teams answered ${teams.status}: is --api the stage's address, and the token an admin's?`);
  const held = (await teams.json()) as unknown[];
  if (held.length > 0) {
    const settings = (await (await fetch(`${origin}/api/v1/settings/1`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
      competition_name?: string;
    };
    throw new Error(
      `${origin} holds a competition ("${settings.competition_name ?? '?'}", ${held.length} teams): a rehearsal plays only on a stage of its own, with an empty table (docs/operating.md, "A rehearsal stage")`,
    );
  }
  const tableArgs = [
    '--table',
    options.table,
    ...(options.endpoint ? ['--endpoint', options.endpoint] : []),
    ...(options.region ? ['--region', options.region] : []),
  ];
  const sealing = options.accountsKey ? ['--accounts-key', options.accountsKey] : [];
  execFileSync(process.execPath, ['--import', 'tsx', 'bin/scoring.ts', 'load', options.competitionFile, ...tableArgs, ...sealing], {
    cwd: ROOT,
    stdio: 'pipe',
    env: { ...process.env, ...QUIET },
  });
  return {
    origin,
    cdn: options.cdn?.replace(/\/+$/, '') ?? origin,
    adminToken,
    tableArgs,
    describe: () => `the stage at ${origin} (table ${options.table}); its server side is not the rehearsal's to fault`,
    flushed: async () => undefined,
    stop: async () => undefined,
  };
}
