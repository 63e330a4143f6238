import { readStandingsInputs } from '#shared/data/standings';
import { scoringOpenAt } from '#shared/domain/settings';
import { createLogger } from '#shared/log';
import { failureFields } from '#shared/scheduled';
import { recordPoolsWithoutLiveAgent, recordScoringState } from '#shared/metrics';
import { poolViews } from '#shared/app/pools';

/**
 * Runs every minute (EventBridge schedule): publishes whether scoring is open
 * and how long ago the last scan result arrived. CloudWatch's missing-data
 * rule knows nothing of the scoring window, so the "no scan for 5 minutes
 * while scoring is open" alarm combines these two metrics. With no scan ever,
 * the clock runs from the window's start (none set: from 0, no alarm). And
 * how many pools with services to check have no live agent: their services
 * go unscored (CDK cannot make an alarm per pool; pools are made at run time).
 */
export async function handler(): Promise<{ open: boolean; secondsSinceLastScan: number; poolsWithoutLiveAgent: string[] }> {
  try {
    const [{ settings, teams }, pools] = await Promise.all([readStandingsInputs(), poolViews()]);
    const poolsWithoutLiveAgent = pools.filter((p) => p.checks.length > 0 && !p.agents.some((a) => a.alive)).map((p) => p.name);
    recordPoolsWithoutLiveAgent(poolsWithoutLiveAgent.length);
    const now = new Date();
    const open = scoringOpenAt(settings, now);
    const lastScan = Math.max(0, ...teams.map((team) => Date.parse(team.totals.last_scan_time ?? '') || 0));
    const since = lastScan || (settings.start_time ? Date.parse(settings.start_time) : now.getTime());
    const secondsSinceLastScan = Math.max(0, Math.round((now.getTime() - since) / 1000));
    recordScoringState(open, secondsSinceLastScan);
    return { open, secondsSinceLastScan, poolsWithoutLiveAgent };
  } catch (error) {
    createLogger({ route: 'ScoringWatch' }).error('scoring watch failed', failureFields(error));
    throw error;
  }
}
