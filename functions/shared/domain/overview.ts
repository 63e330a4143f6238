/**
 * The event at a glance (GET /overview): whether the scoring window is open,
 * which round runs, services by state per check. Pure: the app layer
 * (app/overview.ts) reads the items and passes them in.
 */
import type { Settings } from '#shared/domain/settings';
import { roundStartAt } from '#shared/domain/rounds';
import type { ServiceStatus } from '#shared/domain/scoring/status';

/** The scoring window as organisers name it. */
export const WINDOW_STATES = ['before', 'running', 'paused', 'frozen', 'ended'] as const;
export type WindowState = (typeof WINDOW_STATES)[number];

/** The scoring window's state at `now`: the end first, then the start, then whether scoring is on, then the freeze. */
export function windowStateAt(settings: Pick<Settings, 'start_time' | 'end_time' | 'scoring_enabled' | 'scoreboard_freeze_time'>, now: number): WindowState {
  const at = (time: string | null) => (time === null ? undefined : Date.parse(time));
  const end = at(settings.end_time);
  const start = at(settings.start_time);
  const freeze = at(settings.scoreboard_freeze_time);
  if (end !== undefined && now >= end) return 'ended';
  if (start !== undefined && now < start) return 'before';
  if (!settings.scoring_enabled) return 'paused';
  return freeze !== undefined && now >= freeze ? 'frozen' : 'running';
}

/** The round under way at `now` and when the next begins, as the agents run them (domain/rounds.ts). */
export function roundAt(now: number, roundSeconds: number): { started_at: string; next_at: string } {
  const start = roundStartAt(now, roundSeconds);
  return { started_at: new Date(start).toISOString(), next_at: new Date(start + roundSeconds * 1000).toISOString() };
}

export interface ChecksState {
  subtype_id: number;
  name: string;
  up: number;
  down: number;
  unscanned: number;
}

/** Each check's services by state, from the status view's cells (disabled services have none), in the checks' order. */
export function statesByCheck(cells: { subtype_id: number; status: ServiceStatus }[], subtypes: { id: number; name: string }[]): ChecksState[] {
  const counts = new Map<number, ChecksState>(subtypes.map((s) => [s.id, { subtype_id: s.id, name: s.name, up: 0, down: 0, unscanned: 0 }]));
  for (const cell of cells) {
    const count = counts.get(cell.subtype_id);
    if (count) count[cell.status] += 1;
  }
  return [...counts.values()].filter((c) => c.up + c.down + c.unscanned > 0);
}
