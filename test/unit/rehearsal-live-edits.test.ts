import { describe, expect, it } from 'vitest';
import { checkLiveEdits, type LiveEditsRecord } from '../../bench/rehearsal/live-edits';
import type { LedgerEntry } from '../../bench/rehearsal/ledger';
import type { HostEvent } from '../../bench/rehearsal/oracle';

/** The proof of the organisers' live edits (bench/rehearsal/live-edits.ts): what the hosts were asked, who reported. */
const ROUND = 10_000;
const T = 1_000_000_000_000;
const probe = (t: number, path: string): HostEvent => ({ t: T + t, service: 'web', outcome: 'good', path });
/** A report of the round starting `round` ms after T, sent `late` ms into it. */
const report = (round: number, actor: string, service = 5, late = 2_000): LedgerEntry => ({
  actor,
  method: 'POST',
  path: '/api/v1/scans',
  sent: T + round + late,
  answered: T + round + late + 50,
  status: 200,
  body: [{ service_id: service, scan_id: `r${new Date(T + round).toISOString().replace(/[-:]/g, '').replace('.000', '')}-10s-svc${service}`, score: 10 }],
});
const quiet = () => false;
const record = (): LiveEditsRecord => ({
  checkEdit: { url: 'web', path: '/status', sent: T + 15_000, answered: T + 15_100, status: 200 },
  poolMove: { team: 4, services: [5], sent: T + 15_000, answered: T + 15_100, status: 200 },
});

describe("the live edits' proof", () => {
  it('holds when the old check ran before the edit and the new one from the round after, and the range reported after the move', () => {
    const log = [probe(1_000, '/'), probe(11_000, '/'), probe(21_000, '/'), probe(31_000, '/status'), probe(41_000, '/status')];
    // The cloud's report of the round before the move, sent again after it (a fault): of its round, still the cloud's.
    const ledger = [
      report(0, 'agent (cloud)'),
      report(10_000, 'agent (cloud)', 5, 12_000),
      report(30_000, 'agent (range-a) range-a-1'),
      report(30_000, 'agent (cloud)', 6),
    ];
    expect(checkLiveEdits(record(), log, ledger, ROUND, quiet)).toEqual([]);
  });

  it('names an old path after the edit, no new path at all, and a cloud report after the move', () => {
    const log = [probe(1_000, '/'), probe(31_000, '/')];
    const ledger = [report(0, 'agent (range-a) range-a-1'), report(30_000, 'agent (cloud)')];
    expect(checkLiveEdits(record(), log, ledger, ROUND, quiet)).toEqual([
      'web: probes after its check changed still asked for another path than /status',
      'web: no probe asked for /status after its check changed',
      'team 4: 1 results reported by agent (range-a) range-a-1 before its move',
      "team 4: results reported by the cloud's agent after its move",
    ]);
    expect(checkLiveEdits({ ...record(), poolMove: undefined }, [probe(1_000, '/status'), probe(31_000, '/status')], [], ROUND, quiet)).toEqual([
      'web: 1 probes before its check changed asked for /status',
    ]);
    // An old path while a fault had an agent paused is the fault's, not the edit's.
    const paused = (t: number) => t < T + 35_000;
    expect(checkLiveEdits({ ...record(), poolMove: undefined }, [probe(1_000, '/'), probe(31_000, '/'), probe(41_000, '/status')], [], ROUND, paused)).toEqual(
      [],
    );
  });
});
