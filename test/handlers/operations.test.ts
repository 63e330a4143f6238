import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeSettings } from '#shared/app/settings';
import { forgetFreshCopies } from '#shared/data/fresh';
import { handler as scoringWatch } from '../../functions/scheduled/scoring-watch';
import { handler as authorizer } from '../../functions/auth/authorizer';
import { invoke } from '../support/invoke';
import { TEST_AUDIT, useFreshTable } from '../support/database';

beforeAll(async () => {
  await useFreshTable('sample');
});

describe('the token API answers only through the CDN (ORIGIN_VERIFY_SECRET set)', () => {
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY_SECRET;
  });

  it('refuses a request without the secret, before the handler runs, and serves one with it', async () => {
    process.env.ORIGIN_VERIFY_SECRET = 's3cret-from-secrets-manager';
    const direct = await invoke('GET', '/api/v1/teams');
    expect(direct.status).toBe(403);
    expect(direct.headers['content-type']).toBe('application/problem+json');
    expect((await invoke('GET', '/api/v1/teams', { headers: { 'x-origin-verify': 'wrong' } })).status).toBe(403);
    expect((await invoke('GET', '/api/v1/teams', { headers: { 'x-origin-verify': 's3cret-from-secrets-manager' } })).status).toBe(200);
    const decision = await authorizer({ headers: { authorization: 'Bearer x' }, requestContext: { requestId: 'r' } } as never);
    expect(decision.isAuthorized).toBe(false);
  });

  it('checks nothing when the secret is not configured (the local server)', async () => {
    expect((await invoke('GET', '/api/v1/teams')).status).toBe(200);
  });
});

describe('the scoring watch', () => {
  it('says whether scoring is open, and how long since the last scan (from the window start before any)', async () => {
    const start = new Date(Date.now() - 600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const saved = await changeSettings((current) => ({ ok: true, value: { ...current, scoring_enabled: true, start_time: start, end_time: null } }), {
      ifMatch: 'any',
      audit: { ...TEST_AUDIT, action: 'settings.update' },
    });
    expect(saved.kind).toBe('saved');
    forgetFreshCopies(); // the watch reads the settings as fresh as every scoring path: at most 5 s old
    const state = await scoringWatch();
    expect(state.open).toBe(true);
    expect(state.secondsSinceLastScan).toBeGreaterThanOrEqual(599);
    expect(state.secondsSinceLastScan).toBeLessThan(3600);
    // Every service is cloud's, and no agent has said it is alive: the pools' metric counts cloud.
    expect(state.poolsWithoutLiveAgent).toEqual(['cloud']);
  });
});
