import { writeSnapshot } from '#shared/data/history';
import { readStandingsInputs } from '#shared/data/standings';
import { resolutionsOf, sampleTimeOf } from '#shared/domain/history';
import { buildScoreboard } from '#shared/domain/scoring/standings';
import { createLogger } from '#shared/log';
import type { ScheduledEvent } from '#shared/scheduled';

/**
 * Runs once a minute (EventBridge in AWS, a timer in the local server): records
 * the public standings at that minute in every resolution the minute belongs
 * to. It reads what the scoreboard reads and never touches the scan path.
 */
export async function handler(event: ScheduledEvent = {}): Promise<{ time: string; teams: number; resolutions: number[] }> {
  const time = sampleTimeOf(event.time ?? new Date());
  const { teams, superTypes, segregate } = await readStandingsInputs();
  const board = buildScoreboard(
    teams.filter((t) => !t.hidden),
    superTypes,
    segregate,
  );
  const totals = Object.fromEntries(board.map((row) => [String(row.team.id), row.total_score]));
  const resolutions = resolutionsOf(time);
  await writeSnapshot({ time, totals }, resolutions);
  createLogger({ requestId: event.id ?? 'schedule', route: 'RecordScoreSnapshot' }).info('score snapshot recorded', {
    time,
    teams: board.length,
    resolutions,
  });
  return { time, teams: board.length, resolutions };
}
