import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emptyTotals } from '#shared/domain/scoring/figures';
import { FREEZE_LEAD_SECONDS, freezeStamp, freezeTimeProblem, freezeView, frozenTotals, lastSampleBefore, shareFor } from '#shared/domain/scoring/freeze';
import { emptyServiceState, foldServiceEvents } from '#shared/domain/scoring/fold';
import { serviceSource, type CheckEvent } from '#shared/domain/scoring/events';
import { slaAfterFreeze, slaOfHistory } from '#shared/domain/scoring/sla';
import { type FoldedResult } from '#shared/domain/scoring/result';
import { publicMaxAge } from '#shared/http/endpoint';

const now = new Date('2026-11-22T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('a new freeze time', () => {
  it('is accepted null, unchanged, or at least 3 minutes ahead; refused sooner or in the past', () => {
    expect(freezeTimeProblem('2026-11-22T11:00:00Z', null, now)).toBeUndefined();
    expect(freezeTimeProblem('2026-11-22T11:00:00Z', '2026-11-22T11:00:00Z', now)).toBeUndefined();
    expect(freezeTimeProblem(null, iso(now.getTime() + FREEZE_LEAD_SECONDS * 1000), now)).toBeUndefined();
    expect(freezeTimeProblem(null, iso(now.getTime() + FREEZE_LEAD_SECONDS * 1000 - 1000), now)).toMatchObject({ path: 'scoreboard_freeze_time' });
    expect(freezeTimeProblem('2026-11-22T13:00:00Z', '2026-11-22T11:00:00Z', now)?.message).toMatch(/at least 3 minutes ahead/);
  });
});

describe('the freeze as a caller sees it', () => {
  it('applies to anonymous callers from the freeze time on, tells everyone, and caps freshness before it', () => {
    expect(freezeView(null, true, now)).toEqual({ frozen: false, frozen_since: null, applies: false });
    expect(freezeView('2026-11-22T12:00:03Z', true, now)).toEqual({ frozen: false, frozen_since: null, applies: false, freshUntil: now.getTime() + 3000 });
    expect(freezeView('2026-11-22T12:00:00Z', true, now)).toEqual({ frozen: true, frozen_since: '2026-11-22T12:00:00Z', applies: true });
    expect(freezeView('2026-11-22T11:00:00Z', false, now)).toEqual({ frozen: true, frozen_since: '2026-11-22T11:00:00Z', applies: false });
  });

  it('gives a max-age of 5 s, or less when the answer changes sooner, never negative', () => {
    expect(publicMaxAge(undefined, 0)).toBe(5);
    expect(publicMaxAge(3_500, 0)).toBe(3);
    expect(publicMaxAge(60_000, 0)).toBe(5);
    expect(publicMaxAge(-1_000, 0)).toBe(0);
  });

  it('ends the public history at the last whole minute strictly before the freeze', () => {
    expect(lastSampleBefore('2026-11-22T10:10:00Z')).toBe('2026-11-22T10:09:00Z');
    expect(lastSampleBefore('2026-11-22T10:10:30Z')).toBe('2026-11-22T10:10:00Z');
  });
});

describe('frozen totals', () => {
  it('take the after-freeze share off the scoring figures and leave status live', () => {
    const live = {
      ...emptyTotals([1, 2], 4),
      points: { '1': 50, '2': 20 },
      max_points: { '1': 60 },
      checks_total: 6,
      checks_passed: 5,
      services_up: 3,
      services_down: 1,
    };
    const share = { points: { '1': 10 }, max_points: { '1': 10 }, checks_total: 1, checks_passed: 1, adjustments_total: 0, sla_penalty: {}, sla_violations: 0 };
    expect(frozenTotals(live, share)).toMatchObject({
      points: { '1': 40, '2': 20 },
      max_points: { '1': 50 },
      checks_total: 5,
      checks_passed: 4,
      services_up: 3,
      services_down: 1,
    });
    expect(frozenTotals(live, undefined)).toBe(live);
  });

  it("name a freeze time's share by a short stamp, and start a service's share at zero under a new freeze time", () => {
    expect(freezeStamp('2026-11-22T10:10:00Z')).toMatch(/^[0-9a-z]{6,7}$/);
    expect(freezeStamp('2026-11-22T10:10:00Z')).not.toBe(freezeStamp('2026-11-22T10:11:00Z'));
    const share = { at: '2026-11-22T10:10:00Z', points: 5, violations: 1, penalty: 3 };
    expect(shareFor(share, '2026-11-22T10:10:00Z')).toBe(share);
    expect(shareFor(share, '2026-11-22T11:00:00Z')).toEqual({ at: '2026-11-22T11:00:00Z', points: 0, violations: 0, penalty: 0 });
    expect(shareFor(share, null)).toBeNull();
  });
});

describe('the fold with a freeze', () => {
  const FREEZE = '2026-11-22T10:10:00Z';
  const result = (n: number, minute: number, score: number): FoldedResult => ({
    scan_id: `s${String(n).padStart(3, '0')}`,
    time: iso(Date.parse('2026-11-22T10:00:00Z') + minute * 60_000),
    score,
    error: null,
    category: null,
    points: score,
    scored: true,
    max_score: 10,
    super_type_id: 1,
    sla_threshold: 2,
    sla_penalty: 3,
  });

  const checkOf = (n: number, item: FoldedResult): CheckEvent => ({
    kind: 'check',
    seq: String(n).padStart(4, '0'),
    source: serviceSource(1),
    team_id: 1,
    service_id: 1,
    result: item,
  });

  it('counts apart exactly what checks at or after the freeze earn and cost, whatever the order of arrival', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom(0, 10)), { minLength: 1, maxLength: 30 }), (checks) => {
        const results = checks.map(([minute, score], n) => result(n, minute, score));
        const events = results.map((item, n) => checkOf(n + 1, item));
        const folded = foldServiceEvents(emptyServiceState(), events, null, FREEZE);
        const sla = folded.slaNeedsHistory
          ? { ...slaAfterFreeze(results, FREEZE) }
          : { violations: folded.state.after_freeze!.violations, penalty: folded.state.after_freeze!.penalty };
        const late = results.filter((r) => r.time >= FREEZE);
        expect(folded.state.after_freeze!.points).toBe(late.reduce((sum, r) => sum + r.points, 0));
        expect(folded.afterFreeze.checks_total).toBe(late.length);
        expect(folded.afterFreeze.points['1'] ?? 0).toBe(late.reduce((sum, r) => sum + r.points, 0));
        // The SLA share: what the whole history costs minus what the checks before the freeze cost.
        const before = slaOfHistory(results.filter((r) => r.time < FREEZE));
        expect(sla).toEqual({ violations: slaOfHistory(results).violations - before.violations, penalty: slaOfHistory(results).penalty - before.penalty });
      }),
    );
  });

  it('counts nothing apart without a freeze', () => {
    const folded = foldServiceEvents(emptyServiceState(), [checkOf(1, result(1, 15, 10))], null, null);
    expect(folded.state.after_freeze).toBeNull();
    expect(folded.afterFreeze.checks_total).toBe(0);
  });
});
