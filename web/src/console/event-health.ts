import type { ApiSchemas } from '#shared/api/client';

/** The overview's rules, apart from the page (no DOM here: the unit tests run them in Node). */

type Settings = Pick<ApiSchemas['Settings'], 'start_time' | 'end_time' | 'scoring_enabled' | 'scoreboard_freeze_time'>;
type ServiceStatusView = ApiSchemas['ServiceStatusView'];

/** The scoring window as organisers name it, at `now`. */
export function windowState(settings: Settings, now: number): string {
  const at = (time: string | null | undefined) => (time ? Date.parse(time) : undefined);
  const start = at(settings.start_time);
  const end = at(settings.end_time);
  if (end !== undefined && now >= end) return 'ended';
  if (start !== undefined && now < start) return `before the start (${settings.start_time})`;
  if (!settings.scoring_enabled) return 'paused: scoring is off';
  const freeze = at(settings.scoreboard_freeze_time);
  return freeze !== undefined && now >= freeze ? 'running, the public board frozen' : 'running';
}

/** Each check's services by state, from the status view's cells. */
export function statesBySubtype(view: ServiceStatusView, names: Map<number, string>): { subtype: string; up: number; down: number; unscanned: number }[] {
  const counts = new Map<number, { up: number; down: number; unscanned: number }>();
  for (const cells of Object.values(view.teams)) {
    for (const [subtype, state] of cells) {
      const count = counts.get(subtype) ?? { up: 0, down: 0, unscanned: 0 };
      count[state] += 1;
      counts.set(subtype, count);
    }
  }
  return [...counts].map(([id, count]) => ({ subtype: names.get(id) ?? `#${id}`, ...count })).sort((a, b) => a.subtype.localeCompare(b.subtype));
}
