/**
 * API tokens through the API (issue #28), not only the command line: an
 * organiser mints one with a mandatory expiry (its secret answered once),
 * lists them without secrets, and revokes one by its public id; a revoked
 * token is refused from its next request on. No secret in any listing or
 * audit entry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mintTokens, useFreshTable } from '../support/database';
import { bearer, invoke } from '../support/invoke';

let admin: Record<string, string>;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

beforeAll(async () => {
  await useFreshTable();
  admin = bearer((await mintTokens()).admin);
});

describe('API tokens', () => {
  it('mints one that expires, answers its secret once, lists it without, and revokes it by public id', async () => {
    const minted = await invoke('POST', '/api/v1/tokens', { headers: admin, body: { role: 'service', name: 'agent-2', expires_at: inDays(3) } });
    expect(minted.status, minted.text).toBe(201);
    const { token, ...record } = minted.json as { token: string; token_id: string };
    expect(token).toMatch(new RegExp(`^ccdc_${record.token_id}_[A-Za-z0-9_-]{43}$`));
    expect(record).toMatchObject({ role: 'service', name: 'agent-2', revoked_at: null });
    expect(Math.abs(Date.parse((record as unknown as { expires_at: string }).expires_at) - Date.parse(inDays(3)))).toBeLessThan(60_000);
    // It works, as a service account.
    expect((await invoke('GET', '/api/v1/settings/1', { headers: bearer(token) })).status).toBe(200);
    expect((await invoke('GET', '/api/v1/tokens', { headers: bearer(token) })).status).toBe(403);

    const listed = await invoke('GET', '/api/v1/tokens', { headers: admin });
    expect(listed.json).toContainEqual(record);
    expect(listed.text).not.toContain(token.slice(14));

    expect((await invoke('DELETE', `/api/v1/tokens/${record.token_id}`, { headers: admin })).status).toBe(204);
    expect((await invoke('GET', '/api/v1/settings/1', { headers: bearer(token) })).status).toBe(401);
    expect((await invoke('DELETE', `/api/v1/tokens/${record.token_id}`, { headers: admin })).status).toBe(404);
    expect(
      ((await invoke('GET', '/api/v1/tokens', { headers: admin })).json as { token_id: string; revoked_at: string | null }[]).find(
        (t) => t.token_id === record.token_id,
      )!.revoked_at,
    ).not.toBeNull();

    const audit = await invoke('GET', '/api/v1/audit?limit=100', { headers: admin });
    const actions = (audit.json.items as { action: string; target: string }[]).filter((e) => e.target === `tokens/${record.token_id}`).map((e) => e.action);
    expect(actions.sort()).toEqual(['token.create', 'token.revoke']);
    expect(audit.text).not.toContain(token.slice(14));
  });

  it('refuses a token without an expiry, one in the past or too far ahead, and an id that is not one (nothing minted)', async () => {
    const before = (await invoke('GET', '/api/v1/tokens', { headers: admin })).json;
    for (const body of [
      { role: 'admin', name: 'forever' },
      { role: 'admin', name: 'past', expires_at: inDays(-1) },
      { role: 'admin', name: 'far', expires_at: inDays(91) },
      { role: 'team', name: 'member', expires_at: inDays(1) },
    ]) {
      const refused = await invoke('POST', '/api/v1/tokens', { headers: admin, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await invoke('GET', '/api/v1/tokens', { headers: admin })).json).toEqual(before);
    for (const id of ['12345678', 'ABCDEF12', 'abc', '../tokens']) {
      const answer = await invoke('DELETE', `/api/v1/tokens/${encodeURIComponent(id)}`, { headers: admin });
      expect(answer.status, id).toBe(404);
    }
  });
});
