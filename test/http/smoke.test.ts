import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../lib/local/local-stack';
import { ENV_TOKENS, IAM_KEYS, startTestServer } from '../support/server';
import { runTool } from '../support/processes';

let stack: LocalStack;
beforeAll(async () => {
  stack = await startTestServer();
});
afterAll(async () => {
  await stack?.stop();
});

describe('npm run smoke', () => {
  const env = { AWS_ACCESS_KEY_ID: IAM_KEYS.service.accessKeyId, AWS_SECRET_ACCESS_KEY: IAM_KEYS.service.secretAccessKey, AWS_SESSION_TOKEN: '' };

  it('passes against the local server (sample competition, hidden team 99)', async () => {
    const result = await runTool('bin/smoke.ts', ['--url', stack.url, '--token', ENV_TOKENS.service, '--test-team', '99'], env);
    expect(result.stdout).toMatch(/smoke test passed/);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout.match(/^ok /gm)).toHaveLength(6);
  });

  it('says what failed', async () => {
    const result = await runTool('bin/smoke.ts', ['--url', stack.url, '--token', `ccdc_00000000_${'z'.repeat(43)}`, '--test-team', '11'], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAIL +token call.*team 11 is not hidden/);
    expect(result.stdout).toMatch(/FAIL +scan report/);
    expect(result.stdout).toMatch(/^ok +signed call/m);
  });
});
