import { describe, expect, it } from 'vitest';
import { expectedAwards, lateShare, type Ruling } from '../../bench/rehearsal/awards';

/** The oracle's rules for the paperwork (bench/rehearsal/awards.ts): findings, inject grades, incident report grades. */
const rules = { findingsSuperType: 3, repeatWindowMs: 3_600_000, incidentsSuperType: 3, incidentMaxPoints: 50 };
const ruling = (t: number, findingId: number, decision: Ruling['decision'], over: Partial<Ruling> = {}): Ruling => ({
  t,
  findingId,
  team: 1,
  service: 7,
  kind: 'user-access',
  points: 10,
  doneAt: 1_000_000,
  decision,
  ...over,
});
const moves = (awards: ReturnType<typeof expectedAwards>) => awards.map((a) => [a.team, a.superType, a.points, a.max]);

describe("the oracle's awards", () => {
  it('takes an approved finding off its team once, counts a repeat within the window as nothing, and gives back a rejection', () => {
    const awards = expectedAwards(
      [
        ruling(1, 1, 'approve'),
        // The same team, service and kind 30 minutes apart: a repeat. Two hours apart, or another service: counted.
        ruling(2, 2, 'approve', { doneAt: 1_000_000 + 1_800_000 }),
        ruling(3, 3, 'approve', { doneAt: 1_000_000 + 7_200_000 }),
        ruling(4, 4, 'approve', { service: 8 }),
        ruling(5, 5, 'more_evidence', { team: 2, kind: 'admin-access', points: 20 }),
        ruling(6, 5, 'approve', { team: 2, kind: 'admin-access', points: 20 }),
        ruling(7, 4, 'reject', { service: 8 }),
      ],
      [],
      [],
      [],
      [],
      rules,
      0,
    );
    expect(moves(awards)).toEqual([
      [1, 3, -10, 0],
      [1, 3, -10, 0],
      [1, 3, -10, 0],
      [2, 3, -20, 0],
      [1, 3, 10, 0],
    ]);
  });

  it("takes an organiser's own points, and counts a finding only while its latest ruling is an approval that is no repeat", () => {
    const awards = expectedAwards(
      [
        ruling(1, 1, 'approve', { points: 4 }),
        // A repeat of 1, approved: nothing. Then 1 rejected: 2 approved again is no repeat now.
        ruling(2, 2, 'approve', { doneAt: 1_000_000 + 60_000 }),
        ruling(3, 1, 'reject'),
        ruling(4, 2, 'approve', { doneAt: 1_000_000 + 60_000 }),
        // 0 points approved still counts: a later one of the same kind is its repeat.
        ruling(5, 3, 'approve', { service: 9, points: 0 }),
        ruling(6, 4, 'approve', { service: 9 }),
      ],
      [],
      [],
      [],
      [],
      rules,
      0,
    );
    expect(moves(awards)).toEqual([
      [1, 3, -4, 0],
      [1, 3, 4, 0],
      [1, 3, -10, 0],
    ]);
  });

  it('awards a grade times its late share, a regrade the difference, and grows every team’s maximum by a published inject', () => {
    expect(lateShare(100, 100, 50)).toBe(1);
    expect(lateShare(101, 100, 50)).toBe(0.5);
    expect(lateShare(100 + 3_600_001, 100, 50)).toBe(0);
    expect(lateShare(100 + 5_400_000, 100, 25)).toBe(0.5);
    const awards = expectedAwards(
      [],
      [
        { t: 1, team: 1, inject: 9, superType: 2, points: 18, lateShare: 1 },
        { t: 2, team: 2, inject: 9, superType: 2, points: 15, lateShare: 0.5 },
        { t: 3, team: 1, inject: 9, superType: 2, points: 15, lateShare: 1 },
      ],
      [],
      // Published: one due by the board's reading, one not yet.
      [
        { superType: 2, points: 20, dueAt: 50 },
        { superType: 2, points: 30, dueAt: 500 },
      ],
      [1, 2, 3],
      rules,
      100,
    );
    // 15 × 0.5 = 7.5, rounded to 8.
    expect(moves(awards)).toEqual([
      [1, 2, 18, 0],
      [2, 2, 8, 0],
      [1, 2, -3, 0],
      [1, 2, 0, 20],
      [2, 2, 0, 20],
      [3, 2, 0, 20],
    ]);
  });

  it("opens an incident report's maximum at its first grade, and moves the score by a regrade's difference", () => {
    const awards = expectedAwards(
      [],
      [],
      [
        { t: 1, team: 1, report: 4, points: 30 },
        { t: 2, team: 1, report: 4, points: 20 },
        { t: 3, team: 2, report: 5, points: 0 },
      ],
      [],
      [],
      rules,
      0,
    );
    expect(moves(awards)).toEqual([
      [1, 3, 30, 50],
      [1, 3, -10, 0],
      [2, 3, 0, 50],
    ]);
  });
});
