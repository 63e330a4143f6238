/**
 * The fold: the stream consumer's work of turning score events into each
 * service's STATE and each team's TOTALS. Per team: read (its totals and its
 * services' states), decide (domain/scoring/fold.ts, pure), write (the
 * totals, then the states and changed status cells, each conditioned on what
 * was read). A decision
 * may first ask for services' histories (a late result re-evaluates an SLA
 * run): they are read and the decision taken again, so each attempt reads
 * at most twice. A lost condition (a concurrent fold, a `started` landing)
 * starts the attempt over from fresh reads.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { decideTeamFold, type TeamFoldRead } from '#shared/domain/scoring/fold';
import type { ScoreEvent } from '#shared/domain/scoring/events';
import type { SlaInput } from '#shared/domain/scoring/sla';
import { freshSettings } from '#shared/data/fresh';
import type { StreamEvent } from '#shared/data/fold-events';
import { storedResults } from '#shared/data/results';
import { batchGet } from '#shared/data/operations';
import { stateKey, toServiceState, writeServiceState } from '#shared/data/service-state';
import { standingsKey, standingsVersionOf, writeStandings } from '#shared/data/standings';
import { writeStatusCells } from '#shared/data/status-cells';
import { toTeamTotals, totalsKey, toTotalsState, writeTotals } from '#shared/data/totals';
import type { Logger } from '#shared/log';
import { mapBounded } from '#shared/bounded';

/** How many teams of one batch are folded at once. */
const TEAM_CONCURRENCY = 8;
/** Re-reads after a lost condition before the batch is retried. */
const FOLD_ATTEMPTS = 10;

/**
 * Folds a batch in stream order. Returns the sequence number of the first
 * record whose team could not be folded (the event source mapping retries
 * from there; everything after it is replayed, harmlessly), or undefined.
 */
export async function foldBatch(events: StreamEvent[], log?: Logger): Promise<string | undefined> {
  // The freeze time in force, as fresh as every scoring path sees it: results checked after it are also counted apart.
  const freezeTime = events.length === 0 ? null : (await freshSettings()).settings.scoreboard_freeze_time;
  const byTeam = new Map<number, StreamEvent[]>();
  for (const streamEvent of events) byTeam.set(streamEvent.event.team_id, [...(byTeam.get(streamEvent.event.team_id) ?? []), streamEvent]);
  const failed: string[] = [];
  // A team that cannot be folded is recorded and the others go on.
  await mapBounded([...byTeam], TEAM_CONCURRENCY, async ([teamId, teamEvents]) => {
    try {
      await foldTeam(
        teamId,
        teamEvents.map((e) => e.event),
        freezeTime,
      );
    } catch (error) {
      log?.error('fold failed', { team: teamId, error: error instanceof Error ? error.message : String(error) });
      failed.push(teamEvents[0]!.sequenceNumber);
    }
  });
  // The first failed record in stream order: every record after it is retried.
  return events.find((e) => failed.includes(e.sequenceNumber))?.sequenceNumber;
}

async function foldTeam(teamId: number, events: ScoreEvent[], freezeTime: string | null): Promise<void> {
  const serviceIds = [...new Set(events.flatMap((e) => (e.kind === 'award' ? [] : [e.service_id])))];
  for (let attempt = 0; attempt < FOLD_ATTEMPTS; attempt++) {
    const read = await readTeam(teamId, serviceIds);
    let decision = decideTeamFold(events, read, freezeTime);
    if (decision.kind === 'read-histories') {
      // Read after the states: the histories hold every result the states have folded.
      read.histories = new Map<number, SlaInput[]>(await Promise.all(decision.services.map(async (id) => [id, await storedResults(id)] as const)));
      decision = decideTeamFold(events, read, freezeTime);
      if (decision.kind !== 'write') throw new Error(`team ${teamId}: the fold asked for histories it was given`);
    }
    try {
      if (decision.totals) await writeTotals(teamId, decision.totals);
      // The projection after the totals: it names the totals version it shows, so a write that loses a race to a newer one changes nothing.
      // Changed status cells before the states: a retry after a stop between the two decides the same cells again (a no-op then).
      const cells = decision.services.flatMap((w) => (w.cell ? [{ serviceId: w.serviceId, cell: w.cell, seq: w.next.folded_seq! }] : []));
      await writeStatusCells(teamId, cells);
      await Promise.all([...decision.services.map(writeServiceState), decision.standings && writeStandings(teamId, decision.standings)]);
      return;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      // Someone else folded or started meanwhile: read again, fold only what is new.
    }
  }
  throw new Error(`team ${teamId}: the fold lost its conditions ${FOLD_ATTEMPTS} times in a row`);
}

/**
 * Brings a team's standings projection up to its totals: after an edit that
 * moved the totals outside a fold (enabling or disabling a service), as a
 * fold with nothing new to fold does.
 */
export async function catchUpStandings(teamId: number): Promise<void> {
  await foldTeam(teamId, [], (await freshSettings()).settings.scoreboard_freeze_time);
}

/** What a team's fold reads, in one consistent BatchGetItem: its TOTALS, its standings item and its services' STATE items. */
async function readTeam(teamId: number, serviceIds: number[]): Promise<TeamFoldRead> {
  const totalsAt = totalsKey(teamId);
  const standingsAt = standingsKey(teamId);
  const items = await batchGet([totalsAt, standingsAt, ...serviceIds.map(stateKey)], { consistent: true });
  const find = (key: { pk: string; sk: string }) => items.find((item) => item.pk === key.pk && item.sk === key.sk);
  const totals = find(totalsAt);
  const states = new Map(
    serviceIds.flatMap((id) => {
      const item = find(stateKey(id));
      return item ? [[id, toServiceState(item)] as const] : [];
    }),
  );
  return { totals: toTotalsState(totals), figures: toTeamTotals(totals, 0), projected: standingsVersionOf(find(standingsAt)), states };
}
