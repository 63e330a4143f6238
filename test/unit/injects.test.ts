import { describe, expect, it } from 'vitest';
import { injectMaxima, injectProblems, lateShare, scheduled, seenByTeams, stateMayFollow, withInjectMaxima, type InjectFields } from '#shared/domain/injects';

const fields: InjectFields = {
  title: 'Memo',
  text: 'Write it.',
  super_type_id: 2,
  open_at: '2026-11-22T10:00:00Z',
  due_at: '2026-11-22T12:00:00Z',
  close_at: '2026-11-22T15:00:00Z',
  late_penalty_percent_per_hour: 25,
  points: 10,
  rubric: [],
  attachments: [],
};

describe("an inject's rules", () => {
  it('loses its late penalty for each hour or part of one after due, never below nothing', () => {
    expect(lateShare(fields, '2026-11-22T12:00:00Z')).toBe(1);
    expect(lateShare(fields, '2026-11-22T12:00:01Z')).toBe(0.75);
    expect(lateShare(fields, '2026-11-22T13:00:00Z')).toBe(0.75);
    expect(lateShare(fields, '2026-11-22T14:30:00Z')).toBe(0.25);
    expect(lateShare({ ...fields, late_penalty_percent_per_hour: 60 }, '2026-11-22T14:00:00Z')).toBe(0);
  });

  it('moves its state forward only', () => {
    expect([stateMayFollow('draft', 'published'), stateMayFollow('published', 'retired'), stateMayFollow('draft', 'retired')]).toEqual([true, true, true]);
    expect([stateMayFollow('published', 'draft'), stateMayFollow('retired', 'published')]).toEqual([false, false]);
  });

  it('is seen by teams when published and open', () => {
    const open = Date.parse(fields.open_at);
    expect([
      seenByTeams({ state: 'published', open_at: fields.open_at }, open),
      seenByTeams({ state: 'published', open_at: fields.open_at }, open - 1),
    ]).toEqual([true, false]);
    expect(seenByTeams({ state: 'draft', open_at: fields.open_at }, open)).toBe(false);
  });

  it('names each field that disagrees', () => {
    expect(injectProblems(fields)).toEqual([]);
    expect(
      injectProblems({
        ...fields,
        rubric: [
          { name: 'A', points: 4 },
          { name: 'a', points: 6 },
        ],
      }).map((p) => p.path),
    ).toEqual(['rubric']);
    expect(injectProblems({ ...fields, rubric: [{ name: 'A', points: 4 }] })).toEqual([
      { path: 'rubric', message: "its points add up to 4, not the inject's 10" },
    ]);
  });

  it("adds to its super type's maximum once published and due, and never before", () => {
    expect(scheduled({ ...fields, state: 'draft' })).toBeUndefined();
    expect(scheduled({ ...fields, state: 'retired' })).toEqual({ due_at: fields.due_at, points: 10, super_type_id: 2 });
    const schedule = [
      { due_at: '2026-11-22T12:00:00Z', points: 10, super_type_id: 2 },
      { due_at: '2026-11-22T13:00:00Z', points: 30, super_type_id: 2 },
      { due_at: '2026-11-22T12:30:00Z', points: 5, super_type_id: 3 },
    ];
    expect(injectMaxima(schedule, '2026-11-22T11:59:59Z')).toEqual({});
    expect(injectMaxima(schedule, '2026-11-22T12:00:00Z')).toEqual({ 2: 10 });
    expect(injectMaxima(schedule, '2026-11-22T13:00:00Z')).toEqual({ 2: 40, 3: 5 });
    const teams = [{ id: 1, totals: { max_points: { 1: 120, 2: 0 } } }];
    expect(withInjectMaxima(teams, { 2: 40, 3: 5 })).toEqual([{ id: 1, totals: { max_points: { 1: 120, 2: 40, 3: 5 } } }]);
    // The teams' totals as read are not changed (a function's fresh copies are shared).
    expect(teams[0]!.totals.max_points).toEqual({ 1: 120, 2: 0 });
  });
});
