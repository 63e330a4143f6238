/**
 * The pool rules (domain/pools.ts), pure: where a service is checked from,
 * and which sets of pools cannot stand.
 */
import { describe, expect, it } from 'vitest';
import { assignmentConflicts, isPoolName, poolIndex, poolOf, splitMailPairs, withCloud, type Pool } from '#shared/domain/pools';

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
    expect(splitMailPairs(mail, poolIndex([pool('a', { subtypes: [7] })]))).toEqual([
      'service 2 (a) reads the mail service 1 (cloud) sends',
      'service 4 (a) reads the mail service 3 (cloud) sends',
    ]);
  });

  it('takes names fit for a path and a token', () => {
    expect(['cloud', 'range-a', 'dc-east-2'].every(isPoolName)).toBe(true);
    expect(['Range', '1a', '', 'a'.repeat(33), 'a b', 'a/b'].some(isPoolName)).toBe(false);
  });
});
