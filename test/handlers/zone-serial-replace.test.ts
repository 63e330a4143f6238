import { beforeAll, describe, expect, it } from 'vitest';
import { loadCompetition } from '#shared/data/competition';
import { bearer, invoke } from '../support/invoke';
import { mintTokens, sampleCompetition, TEST_AUDIT, useFreshTable } from '../support/database';

let admin: Record<string, string>;
beforeAll(async () => {
  await useFreshTable();
  admin = bearer((await mintTokens()).admin);
});

const serialOf = (zone: string) => Number(/SOA\s+\S+\s+\S+\s+(\d+)/.exec(zone)![1]);
const teamNumbered = async (n: number) => (await invoke('GET', '/api/v1/teams', { headers: admin })).json.find((t: { number: number }) => t.number === n);

describe('the zone serial across a competition replace', () => {
  it('never goes down for a team URL that stays', async () => {
    const before = await teamNumbered(11);
    for (const name of ['www', 'mail', 'vpn']) {
      const created = await invoke('POST', '/api/v1/dns', { headers: admin, body: { name, type: 'A', value: '7', team: before.id } });
      expect(created.status).toBe(201);
    }
    const oldSerial = serialOf((await invoke('GET', `/api/v1/teams/${before.id}/dns.zone`, { headers: admin })).text);

    await loadCompetition(sampleCompetition(), { replace: true, loadedBy: 'test', audit: TEST_AUDIT });
    const after = await teamNumbered(11);
    expect(after.id).not.toBe(before.id);
    const zone = await invoke('GET', `/api/v1/teams/${after.id}/dns.zone`, { headers: admin });
    expect(zone.status).toBe(200);
    expect(serialOf(zone.text)).toBeGreaterThan(oldSerial);
    expect(zone.text).not.toMatch(/\bwww\b/);

    const created = await invoke('POST', '/api/v1/dns', { headers: admin, body: { name: 'www', type: 'A', value: '8', team: after.id } });
    expect(created.status).toBe(201);
    expect(serialOf((await invoke('GET', `/api/v1/teams/${after.id}/dns.zone`, { headers: admin })).text)).toBeGreaterThan(serialOf(zone.text));
  });
});
