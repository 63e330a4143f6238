/**
 * `npm run scoring -- verify`: every team's totals recomputed from its
 * history (results and adjustments) and compared with what the fold wrote;
 * with `repair`, the differences written back. Not a request path: it reads
 * every result of every service (one Query per service). With a scoreboard
 * freeze set, the after-freeze share the public's frozen figures leave out
 * is recomputed and compared too.
 *
 * Against a live fold: a team is compared only once every service's state
 * has folded as many results as its history holds (else the stream is still
 * carrying some: read again after a pause), and a repair ADDs the difference
 * on the condition that no watermark of the team moved since it was read, so
 * a fold landing meanwhile makes the repair read and compare again rather
 * than count twice.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Team } from '#shared/domain/model';
import { ADJUSTMENTS_SOURCE, serviceSource } from '#shared/domain/scoring/events';
import { emptyServiceState, judgedBy, publicFigures, type ServiceState, type SlaWrite } from '#shared/domain/scoring/fold';
import { sameCell, statusCell, type StatusCell } from '#shared/domain/scoring/status';
import { applyDelta } from '#shared/domain/scoring/figures';
import { standingsDiffer, writeStandings } from '#shared/data/standings';
import { freezeStamp } from '#shared/domain/scoring/freeze';
import type { SlaState } from '#shared/domain/scoring/sla';
import { compareFigures, figuresFromHistory, type FigureDifference } from '#shared/domain/scoring/verification';
import { teamAwards } from '#shared/data/adjustments';
import { auditPut, type AuditContext } from '#shared/data/audit';
import { db } from '#shared/data/client';
import { storedResults } from '#shared/data/results';
import { readServiceStates, slaUpdate } from '#shared/data/service-state';
import { listServiceRecords } from '#shared/data/services';
import { movePublicVersion } from '#shared/data/public-version';
import { readTeamStatusCells, repairStatusCell } from '#shared/data/status-cells';
import { getSettings } from '#shared/data/settings';
import { listTeamRecords } from '#shared/data/teams';
import { readTotalsItems, toTeamTotals, toTotalsState, totalsUpdate } from '#shared/data/totals';

export interface TeamVerification {
  team: Team;
  /** False: the fold was still behind the history after every attempt; the differences may be results in flight. */
  settled: boolean;
  differences: FigureDifference[];
  repaired: boolean;
}

export interface VerifyOptions {
  repair: boolean;
  /** Who repairs: each repair is written in one transaction with its audit entry. */
  audit?: AuditContext;
  /** Reads of one team before its differences are reported. */
  attempts?: number;
  pauseMs?: number;
}

export async function verifyTotals(options: VerifyOptions): Promise<TeamVerification[]> {
  const [teams, settings] = await Promise.all([listTeamRecords({ consistent: true, totals: false }), getSettings({ consistent: true })]);
  // With a freeze time, the after-freeze share (what the public does not see) is checked too.
  const freezeTime = settings?.settings.scoreboard_freeze_time ?? null;
  const out: TeamVerification[] = [];
  for (const record of teams) out.push(await verifyTeam(record.team, record.services_total, freezeTime, options));
  return out;
}

async function verifyTeam(team: Team, servicesTotal: number, freezeTime: string | null, options: VerifyOptions): Promise<TeamVerification> {
  const stamp = freezeTime === null ? undefined : freezeStamp(freezeTime);
  const attempts = options.attempts ?? 5;
  const services = await listServiceRecords({ teamNumber: team.number });
  let last: TeamVerification = { team, settled: false, differences: [], repaired: false };
  let confirmed = false;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await new Promise((r) => setTimeout(r, options.pauseMs ?? 1000));
    // Totals and states first, then the history: whatever the history holds beyond them shows as "not settled".
    const [totalsItems, states] = await Promise.all([
      readTotalsItems([team.id], { consistent: true }),
      readServiceStates(
        services.map((s) => s.service.id),
        { consistent: true },
      ),
    ]);
    const raw = totalsItems.get(team.id);
    const counted = toTotalsState(raw);
    const histories = await Promise.all(
      services.map(async (s) => ({ service_id: s.service.id, super_type_id: s.super_type_id, results: await storedResults(s.service.id) })),
    );
    const adjustments = await teamAwards(team.id);
    const settled = histories.every((h) => (states.get(h.service_id)?.checks ?? 0) === h.results.length);
    const figures = figuresFromHistory(histories, adjustments, freezeTime);
    const { differences, repair, afterFreezeRepair } = compareFigures(toTeamTotals(raw, servicesTotal), figures, stamp);
    const slaWrites: SlaWrite[] = [];
    const slaStates: { id: number; read: ServiceState; next: SlaState }[] = [];
    for (const h of histories) {
      const now = figures.sla.get(h.service_id)!;
      const countedLive = counted.sla[String(h.service_id)] ?? { violations: 0, penalty: 0 };
      if (countedLive.violations !== now.violations || countedLive.penalty !== now.penalty) {
        differences.push({ figure: `service ${h.service_id} sla_penalty`, stored: countedLive.penalty, recomputed: now.penalty });
        slaWrites.push({ serviceId: h.service_id, read: countedLive, next: { violations: now.violations, penalty: now.penalty } });
      }
      const after = figures.after_freeze?.sla.get(h.service_id);
      const countedAfter = (stamp !== undefined ? counted.share_sla[stamp]?.[String(h.service_id)] : undefined) ?? { violations: 0, penalty: 0 };
      if (after && stamp !== undefined && (countedAfter.violations !== after.violations || countedAfter.penalty !== after.penalty)) {
        differences.push({ figure: `service ${h.service_id} after_freeze.sla_penalty`, stored: countedAfter.penalty, recomputed: after.penalty });
        slaWrites.push({ serviceId: h.service_id, stamp, read: countedAfter, next: after });
      }
      const state = states.get(h.service_id);
      if (state && (state.sla.run !== now.run || state.sla.violations !== now.violations || state.sla.penalty !== now.penalty)) {
        differences.push({ figure: `service ${h.service_id} sla_run`, stored: state.sla.run, recomputed: now.run });
        slaStates.push({ id: h.service_id, read: state, next: now });
      }
    }
    // The standings projection shows what the totals hold, at their version.
    const projected = { version: counted.version, figures: publicFigures(toTeamTotals(raw, servicesTotal), stamp) };
    if (await standingsDiffer(team.id, projected))
      differences.push({ figure: 'standings projection (totals version)', stored: -1, recomputed: counted.version });
    // Each status cell shows what its service's state says.
    const cells = await readTeamStatusCells(team.id);
    const cellRepairs: { id: number; cell: StatusCell; seq: string }[] = [];
    for (const s of services) {
      const state = states.get(s.service.id) ?? emptyServiceState();
      const expected = statusCell(state, judgedBy(state, s.service.max_score));
      const stored = cells.get(s.service.id);
      if (stored && !sameCell(stored, expected)) {
        differences.push({ figure: `service ${s.service.id} status cell (${stored.status} → ${expected.status})`, stored: 0, recomputed: 1 });
        cellRepairs.push({ id: s.service.id, cell: expected, seq: state.folded_seq ?? '' });
      }
    }
    last = { team, settled, differences, repaired: false };
    if (differences.length === 0) return last;
    // Reported only when two settled reads in a row find it: never a result the stream is still carrying.
    if (!settled) continue;
    if (!confirmed) {
      confirmed = true;
      continue;
    }
    if (!options.repair) return last;
    // Every watermark stays where it was, as a condition: a fold landing meanwhile makes the repair read and compare again.
    const watermarks = [...services.map((s) => serviceSource(s.service.id)), ADJUSTMENTS_SOURCE].map((source) => {
      const read = counted.watermarks[source] ?? null;
      return { source, read, next: read };
    });
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: totalsUpdate(team.id, {
                delta: repair,
                ...(afterFreezeRepair && stamp !== undefined ? { share: { stamp, delta: afterFreezeRepair } } : {}),
                watermarks,
                sla: slaWrites,
                lastScanTimeRead: null,
                readVersion: counted.version,
              }),
            },
            ...slaStates.map((s) => ({ Update: slaUpdate(s.id, s.read, s.next) })),
            ...(options.audit
              ? [
                  auditPut(options.audit, {
                    action: 'totals.repair',
                    target: `teams/${team.id}`,
                    before: differencesAs(differences, 'stored'),
                    after: differencesAs(differences, 'recomputed'),
                  }),
                ]
              : []),
          ],
        }),
      );
      // The projection from the repaired totals (their version moved one up).
      const share = afterFreezeRepair && stamp !== undefined ? { stamp, delta: afterFreezeRepair } : undefined;
      await writeStandings(
        team.id,
        { version: counted.version + 1, figures: publicFigures(applyDelta(toTeamTotals(raw, servicesTotal), repair, share), stamp) },
        { repair: true },
      );
      for (const { id, cell, seq } of cellRepairs) await repairStatusCell(team.id, id, cell, seq);
      // The stream consumer moves the public version only for the items it does not write itself (data/fold-events.ts).
      await movePublicVersion();
      return { ...last, repaired: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      // A fold landed meanwhile: read and compare again.
      confirmed = false;
    }
  }
  return last;
}

const differencesAs = (differences: FigureDifference[], side: 'stored' | 'recomputed') => Object.fromEntries(differences.map((d) => [d.figure, d[side]]));
