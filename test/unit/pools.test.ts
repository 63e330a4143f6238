/**
 * The pool rules (domain/pools.ts, domain/agents.ts), pure: where a service
 * is checked from, which sets of pools cannot stand, how a pool's agents
 * share a round and when one counts as alive; and an agent's allow-list.
 */
import { describe, expect, it } from 'vitest';
import { assignmentConflicts, isPoolName, poolIndex, poolOf, splitMailPairs, withCloud, type Pool } from '#shared/domain/pools';
import { claimable, isAlive, sliceOf, slicesOfRound } from '#shared/domain/agents';
import { allowedRanges, withinRanges, withLiterals } from '../../functions/agent/resolve';

const pool = (name: string, names: Partial<Pick<Pool, 'subtypes' | 'teams' | 'services'>>): Pool => ({
  name,
  description: '',
  subtypes: [],
  teams: [],
  services: [],
  ...names,
});
const service = (id: number, team: number, subtype: number) => ({ id, team: { id: team }, subtype_id: subtype });

describe('pools', () => {
  it("places a service by its own pool, then its team's, then its subtype's, else cloud", () => {
    const index = poolIndex([pool('bySubtype', { subtypes: [1] }), pool('byTeam', { teams: [7] }), pool('byService', { services: [70] })]);
    expect(poolOf(service(70, 7, 1), index)).toBe('byService');
    expect(poolOf(service(71, 7, 1), index)).toBe('byTeam');
    expect(poolOf(service(80, 8, 1), index)).toBe('bySubtype');
    expect(poolOf(service(81, 8, 2), index)).toBe('cloud');
  });

  it('keeps cloud first, whether or not it was ever written', () => {
    expect(withCloud([pool('a', {})]).map((p) => p.name)).toEqual(['cloud', 'a']);
    expect(withCloud([pool('a', {}), pool('cloud', { teams: [1] })])).toEqual([pool('cloud', { teams: [1] }), pool('a', {})]);
  });

  it('finds a thing named by two pools, or twice by one', () => {
    expect(assignmentConflicts([pool('a', { teams: [1] }), pool('b', { teams: [2], subtypes: [1] })])).toEqual([]);
    expect(assignmentConflicts([pool('a', { teams: [1] }), pool('b', { teams: [1] })])).toEqual(['team 1 is in both a and b']);
    expect(assignmentConflicts([pool('a', { services: [3, 3] })])).toEqual(['a names service 3 twice']);
  });

  it("finds a team's mailbox check placed apart from the SMTP check whose mail it reads", () => {
    const mail = [
      { ...service(1, 7, 4), subtype: 'SMTP' },
      { ...service(2, 7, 7), subtype: 'IMAP', sentBy: 'smtp' },
      { ...service(3, 8, 4), subtype: 'SMTP' },
      { ...service(4, 8, 7), subtype: 'IMAP', sentBy: 'SMTP' },
    ];
    expect(splitMailPairs(mail, poolIndex([pool('a', { teams: [7] })]))).toEqual([]);
    const split = splitMailPairs(mail, poolIndex([pool('a', { subtypes: [7] })]));
    expect(split.map(({ reader, sender, readerPool, senderPool }) => [reader.id, readerPool, sender.id, senderPool])).toEqual([
      [2, 'a', 1, 'cloud'],
      [4, 'a', 3, 'cloud'],
    ]);
  });

  it('takes names fit for a path and a token', () => {
    expect(['cloud', 'range-a', 'dc-east-2'].every(isPoolName)).toBe(true);
    expect(['Range', '1a', '', 'a'.repeat(33), 'a b', 'a/b'].some(isPoolName)).toBe(false);
  });
});

describe("a pool's agents", () => {
  it('split a round into at least 8 slices of at most 100 services, never more slices than services', () => {
    expect([0, 1, 7, 8, 500, 801, 5000].map(slicesOfRound)).toEqual([0, 1, 7, 8, 8, 9, 50]);
  });

  it('put every service in exactly one slice, evenly, also when a pool holds every eighth id (one subtype of each team)', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => i + 1);
    const sizes = (of: number, pick: number[]) => Array.from({ length: of }, (_, slice) => pick.filter((id) => sliceOf(id, of) === slice).length);
    expect(ids.every((id) => [...Array(50).keys()].filter((slice) => sliceOf(id, 50) === slice).length === 1)).toBe(true);
    expect(Math.max(...sizes(50, ids)) - Math.min(...sizes(50, ids))).toBeLessThanOrEqual(5);
    // One subtype of 50 teams of 8: ids 3, 11, 19… Modulo 8 would put all 50 in one slice.
    const oneSubtype = Array.from({ length: 50 }, (_, team) => team * 8 + 3);
    expect(Math.max(...sizes(8, oneSubtype))).toBeLessThanOrEqual(9);
  });

  it('take slices never claimed first, then those whose lease ran out unfinished; else wait for the first live lease, or stop when all are done', () => {
    const now = Date.parse('2026-11-28T10:00:30Z');
    const states = [
      { slice: 0, lease_until: '2026-11-28T10:00:20Z', done_at: '2026-11-28T10:00:10Z' },
      { slice: 1, lease_until: '2026-11-28T10:00:20Z' },
      { slice: 2, lease_until: '2026-11-28T10:00:50Z' },
      { slice: 3, lease_until: '2026-11-28T10:00:40Z' },
    ];
    expect(claimable(5, states, now)).toEqual({ slices: [4, 1], retryAt: Date.parse('2026-11-28T10:00:40Z') });
    expect(claimable(4, states.slice(2), now)).toEqual({ slices: [0, 1], retryAt: Date.parse('2026-11-28T10:00:40Z') });
    expect(claimable(1, states.slice(0, 1), now)).toEqual({ slices: [], retryAt: null });
  });

  it('count as alive while the last heartbeat is younger than two rounds and 30 s', () => {
    const now = Date.parse('2026-11-28T10:02:00Z');
    expect(isAlive('2026-11-28T10:00:31Z', 30, now)).toBe(true);
    expect(isAlive('2026-11-28T10:00:30Z', 30, now)).toBe(false);
  });

  it('reach only the addresses on their allow-list, literals too, and say which list refused', async () => {
    const ranges = allowedRanges('10.20.0.0/16, 127.0.0.0/8,fd00::/8');
    if ('error' in ranges) throw new Error(ranges.error);
    expect(['10.20.3.4', '127.0.0.1', 'fd00::1'].every((a) => ranges.has(a))).toBe(true);
    expect(['10.21.0.1', '8.8.8.8', '::1'].some((a) => ranges.has(a))).toBe(false);
    const resolve = withinRanges(
      ranges,
      withLiterals(async () => ({ address: '192.0.2.7' })),
    );
    expect(await resolve('10.20.0.9')).toEqual({ address: '10.20.0.9' });
    expect(await resolve('www.team1.example')).toEqual({
      error: "target 192.0.2.7 outside the agent's allowed ranges (10.20.0.0/16, 127.0.0.0/8, fd00::/8)",
      category: 'agent error',
    });
    expect(
      await withinRanges(
        ranges,
        withLiterals(async () => ({ address: 'x' })),
      )('8.8.8.8'),
    ).toMatchObject({ category: 'agent error' });
    for (const bad of ['10.20.0.0', '10.20.0.0/33', 'ten/8', '', '::/129']) expect(allowedRanges(bad)).toHaveProperty('error');
  });
});
