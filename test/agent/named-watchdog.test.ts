/**
 * The agent's `named` never outlives the agent: killed outright (SIGKILL,
 * which runs no exit handler), the agent leaves a watchdog that kills named
 * and removes its directory (functions/shared/watchdog.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'named-watchdog-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('is killed, and its directory removed, when the process that started it is killed outright', async () => {
  const script = join(dir, 'owner.mts');
  writeFileSync(
    script,
    `import { Named } from ${JSON.stringify(resolve(import.meta.dirname, '../../functions/agent/local/dns/named.ts'))};
const named = await Named.start({ addresses: ['127.0.0.1'], zones: new Map([['one.example', '$TTL 60\\n@ IN SOA ns hostmaster 1 60 60 60 60\\n@ IN NS ns\\nns IN A 127.0.0.1\\n']]) });
console.log(JSON.stringify({ pid: (named as unknown as { child: { pid: number } }).child.pid, directory: (named as unknown as { directory: string }).directory }));
setInterval(() => {}, 1000);
`,
  );
  const owner = spawn(process.execPath, ['--import', 'tsx', script], { cwd: resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] });
  const started = await new Promise<{ pid: number; directory: string }>((done, failed) => {
    owner.stdout.once('data', (chunk: Buffer) => done(JSON.parse(chunk.toString())));
    owner.once('exit', (code) => failed(new Error(`the owner exited with ${code}`)));
  });
  expect(alive(started.pid)).toBe(true);
  owner.kill('SIGKILL');
  await expect.poll(() => alive(started.pid), { timeout: 10_000, interval: 200 }).toBe(false);
  await expect.poll(() => existsSync(started.directory), { timeout: 10_000, interval: 200 }).toBe(false);
}, 30_000);
