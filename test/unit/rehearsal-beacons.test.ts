/**
 * What the rehearsal holds the red team's beacons to (bench/rehearsal/beacons-report.ts): each case
 * a ledger and a read-back that break one rule, and the report naming it.
 */
import { describe, expect, it } from 'vitest';
import { checkBeacons, type BeaconRules } from '../../bench/rehearsal/beacons-report';
import type { BeaconsRecord, CollectedBeacons } from '../../bench/rehearsal/beacons';
import type { LedgerEntry } from '../../bench/rehearsal/ledger';

const rules: BeaconRules = { superType: 3, pointsPerRound: 10, maxPerRound: 30, roundMs: 10_000, expiryRounds: 4 };
const t0 = Date.parse('2026-11-29T12:00:00Z');
const round = (n: number) => new Date(t0 + n * 10_000).toISOString().replace('.000Z', 'Z');
const call = (beacon: number, at: number, status: number, answer: unknown, actor = `implant ${beacon} (team 1)`): LedgerEntry => ({
  actor,
  method: 'POST',
  path: `/api/v1/beacons/${beacon}/check-in`,
  sent: t0 + at,
  answered: t0 + at + 50,
  status,
  body: {},
  answer,
});
const counted = (beacon: number, n: number) => call(beacon, n * 10_000 + 1000, 200, { beacon_id: beacon, round_start: round(n), deducted: 10, capped: false });
const deduction = (beacon: number, n: number, deducted = 10) => ({
  beacon_id: beacon,
  team_id: 11,
  round_start: round(n),
  called_at: round(n),
  deducted,
  capped: false,
  voided: false,
});
const record: BeaconsRecord = { beacons: [{ id: 1, team: 1, host: 'host1', address: '127.1.0.1', stoppedAt: null }], problems: [] };
const collected = (deductions: CollectedBeacons['deductions'][string]): CollectedBeacons => ({
  beacons: [{ id: 1, team_id: 11, host: 'host1', state: 'open', closed_reason: null, rounds_counted: deductions.length, points_taken: 0 }],
  deductions: { '1': deductions },
});
const check = (ledger: LedgerEntry[], read: CollectedBeacons, played: BeaconsRecord = record) =>
  checkBeacons(ledger, played, read, () => 1, rules, t0 + 600_000);

describe("the rehearsal's beacons", () => {
  it('passes what the rules give: each answered deduction there once, an unanswered call that landed explained, the drops as awards', () => {
    const result = check([counted(1, 0), counted(1, 1), call(1, 20_500, 0, undefined)], collected([deduction(1, 0), deduction(1, 1), deduction(1, 2)]));
    expect([result.lost, result.problems]).toEqual([[], []]);
    expect(result.awards.map((a) => a.points)).toEqual([-10, -10, -10]);
  });

  it('names a deduction answered but not there, and one that no call-back explains', () => {
    expect(check([counted(1, 0), counted(1, 1)], collected([deduction(1, 0)])).lost).toEqual([`beacon 1, round ${round(1)}: answered 10 off, none there`]);
    expect(check([counted(1, 0)], collected([deduction(1, 0), deduction(1, 5)])).problems).toEqual([
      `beacon 1, round ${round(5)}: 10 off that no call-back explains`,
    ]);
  });

  it("names a team's round past the cap, a call-back from elsewhere counted, and a quiet beacon still open or counting", () => {
    const many = [1, 2, 3, 4].map((b) => ({ ...deduction(b, 0), beacon_id: b }));
    const read: CollectedBeacons = { beacons: [], deductions: Object.fromEntries(many.map((d) => [String(d.beacon_id), [d]])) };
    const calls = [1, 2, 3, 4].map((b) => counted(b, 0));
    expect(check(calls, read, { beacons: [], problems: [] }).problems).toEqual([`team id 11, round ${round(0)}: 40 off, past the cap of 30`]);
    expect(check([counted(1, 0), call(1, 3000, 200, { deducted: 0 }, 'implant 1 (team 1) from elsewhere')], collected([deduction(1, 0)])).problems).toEqual([
      "implant 1 (team 1) from elsewhere: a call-back from another team's address was counted",
    ]);
    const quiet = { beacons: [{ ...record.beacons[0]!, stoppedAt: t0 + 15_000 }], problems: [] };
    const late = call(1, 200_000, 200, { deducted: 0 }, 'implant 1 (team 1) after going quiet');
    expect(check([counted(1, 0), counted(1, 1), late], collected([deduction(1, 0), { ...deduction(1, 1), called_at: round(9) }]), quiet).problems).toEqual([
      'implant 1 (team 1) after going quiet: answered 200, not 410',
      `beacon 1: quiet since ${new Date(t0 + 15_000).toISOString()}, still open`,
      `beacon 1: a deduction at ${round(9)}, after its implant stopped`,
    ]);
  });
});
