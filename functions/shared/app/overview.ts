/**
 * The event at a glance (GET /overview): the console polls it. Each part is
 * one small read, all at once: the settings and subtypes (kept copies), the
 * status view's cells, the pools' agents, the markers of what waits
 * (data/waiting.ts) and the fold's lag on the public versions' item. No list
 * of requests, reports, findings or answers is read.
 */
import type * as v from 'valibot';
import type { OverviewSchema } from '#shared/api/schemas/responses/pools';
import { poolViews } from '#shared/app/pools';
import { freshSettings, freshSubtypeNames } from '#shared/data/fresh';
import { readFoldLag } from '#shared/data/public-version';
import { readStatusCells } from '#shared/data/status-cells';
import { countWaiting } from '#shared/data/waiting';
import { roundAt, statesByCheck, windowStateAt } from '#shared/domain/overview';

export type Overview = v.InferOutput<typeof OverviewSchema>;

export async function eventOverview(now = Date.now()): Promise<Overview> {
  const [{ settings }, names, { cells }, pools, waiting, fold] = await Promise.all([
    freshSettings(),
    freshSubtypeNames(),
    readStatusCells(),
    poolViews(),
    countWaiting(),
    readFoldLag(),
  ]);
  return {
    window: windowStateAt(settings, now),
    round: { seconds: settings.round_seconds, ...roundAt(now, settings.round_seconds) },
    checks: statesByCheck(
      cells,
      [...names].map(([id, name]) => ({ id, name })),
    ),
    pools: pools.map((pool) => ({
      name: pool.name,
      services: pool.checks.length,
      agents: pool.agents.map(({ agent, alive, last_seen }) => ({ agent, alive, last_seen })),
    })),
    waiting: { password_changes: waiting.PCR, answers: waiting.ANSWER, incident_reports: waiting.INCIDENT, findings: waiting.FINDING },
    fold: fold ? { lag_seconds: Math.round(fold.lagMs / 100) / 10, measured_at: new Date(fold.at).toISOString() } : null,
  };
}
