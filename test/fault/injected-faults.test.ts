/**
 * The rehearsal's refusals (lib/local/faults.ts): while the fault file says
 * so, the local gateway answers a share of requests 503 or 429 before any
 * handler runs, marked as injected, and stops as soon as the file goes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../lib/local/local-stack';
import { parseFault } from '../../lib/local/faults';
import { startTestServer } from '../support/server';

const dir = mkdtempSync(join(tmpdir(), 'faults-'));
const faultFile = join(dir, 'fault.json');
let stack: LocalStack;
beforeAll(async () => {
  stack = await startTestServer({ faultFile });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The statuses of n reads, once the file's change has been seen (the gateway looks at it every 200 ms). */
async function statuses(n: number): Promise<{ status: number; injected: string | null; retryAfter: string | null; code?: string }[]> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return Promise.all(
    Array.from({ length: n }, async () => {
      const response = await fetch(`${stack.url}/api/v1/teams`);
      const body = (await response.json()) as { code?: string };
      return { status: response.status, injected: response.headers.get('x-local-fault'), retryAfter: response.headers.get('retry-after'), code: body.code };
    }),
  );
}

describe('injected faults', () => {
  it('refuses every request while the file says share 1, a share of them at 0.5, none once the file is gone', async () => {
    expect((await statuses(3)).map((s) => s.status)).toEqual([200, 200, 200]);
    writeFileSync(faultFile, JSON.stringify({ status: 503, share: 1 }));
    expect(await statuses(3)).toEqual(Array(3).fill({ status: 503, injected: 'injected', retryAfter: '1', code: 'service_unavailable' }));
    writeFileSync(faultFile, JSON.stringify({ status: 429, share: 0.5 }));
    const half = await statuses(60);
    expect(half.every((s) => s.status === 200 || (s.status === 429 && s.injected === 'injected' && s.code === 'throttled'))).toBe(true);
    // 60 draws at one half: all of one kind has odds of 2 in 10^18.
    expect(half.some((s) => s.status === 429) && half.some((s) => s.status === 200)).toBe(true);
    rmSync(faultFile);
    expect((await statuses(3)).map((s) => s.status)).toEqual([200, 200, 200]);
  });

  it('reads a file that says nothing a gateway can play as no fault', () => {
    expect(parseFault('{"status": 500, "share": 1}')).toBeUndefined();
    expect(parseFault('{"status": 503, "share": 2}')).toBeUndefined();
    expect(parseFault('{"status": 503')).toBeUndefined();
    expect(parseFault('{"status": 429, "share": 0.25}')).toEqual({ status: 429, share: 0.25 });
  });
});
