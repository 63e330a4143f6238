/**
 * Finalising through the API (issue #28): what `scoring finalise` does, from
 * the console or a script. Refused while results may still arrive, unless
 * forced; then every write that would change a score is 409; asking again
 * answers the same mark.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetFreshCopies } from '#shared/data/fresh';
import { mintTokens, useFreshTable } from '../support/database';
import { bearer, invoke } from '../support/invoke';

let tokens: { admin: string; service: string };
beforeAll(async () => {
  await useFreshTable();
  tokens = await mintTokens();
});

describe('POST /competition/finalise', () => {
  it('refuses before the end unless forced, then locks the results; asking again answers the mark', async () => {
    const admin = bearer(tokens.admin);
    const early = await invoke('POST', '/api/v1/competition/finalise', { headers: admin, body: {} });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe('not_ended');
    expect((await invoke('GET', '/api/v1/settings/1', { headers: admin })).status).toBe(200);
    expect(
      (await invoke('POST', '/api/v1/services/1/scans', { headers: bearer(tokens.service), body: { scan_id: 'before', score: 1, error: null } })).status,
    ).toBe(201);

    const forced = await invoke('POST', '/api/v1/competition/finalise', { headers: admin, body: { force: true } });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.json).toMatchObject({ already: false, final: { by: expect.any(String) } });
    forgetFreshCopies();
    const report = await invoke('POST', '/api/v1/services/1/scans', { headers: bearer(tokens.service), body: { scan_id: 'after', score: 1, error: null } });
    expect(report.status).toBe(409);
    expect(report.json.code).toBe('competition_final');

    const again = await invoke('POST', '/api/v1/competition/finalise', { headers: admin, body: {} });
    expect(again.json).toEqual({ final: forced.json.final, already: true, debriefs_export: null });
    const audit = (await invoke('GET', '/api/v1/audit?limit=100', { headers: admin })).json.items as { action: string; after: { forced?: boolean } }[];
    expect(audit.filter((e) => e.action === 'competition.finalise').map((e) => e.after.forced)).toEqual([true]);
  });
});
