import type { ApiSchemas } from '#shared/api/client';

/**
 * The services view's rules, apart from the page (no DOM here: the unit
 * tests run them in Node): each service's state from the status view's
 * cells, the filter, and the filter as an address's query.
 */

type Team = ApiSchemas['Team'];
type ServiceEndpoint = ApiSchemas['ServiceEndpoint'];
type ServiceStatusView = ApiSchemas['ServiceStatusView'];
type Pool = Pick<ApiSchemas['Pool'], 'name' | 'checks'>;

export const SERVICES_PER_PAGE = 100;

export type ServiceState = 'up' | 'down' | 'unscanned' | 'disabled';

/** A service as the view lists it: where it is, whose, its state, and the pool that checks it. */
export interface ListedService {
  endpoint: ServiceEndpoint;
  team: Team;
  state: ServiceState;
  /** When down: the category of its newest failure. */
  failure?: string;
  pool?: string;
  /** What free text is looked for in, lower case. */
  text: string;
}

export interface ServiceFilter {
  team?: number;
  subtype?: number;
  state?: ServiceState;
  pool?: string;
  q?: string;
  page: number;
}

/**
 * Joins the endpoints with the status view's cells: a team's cells of one
 * subtype are its enabled services of that subtype in id order (a cell is
 * one service; a team with two of a subtype has two cells).
 */
export function listServices(endpoints: ServiceEndpoint[], status: ServiceStatusView, teams: Team[], pools: Pool[]): ListedService[] {
  const teamOf = new Map(teams.map((t) => [t.id, t]));
  const poolOf = new Map(pools.flatMap((p) => p.checks.map((id) => [id, p.name] as const)));
  const cells = new Map<string, ServiceStatusView['teams'][string]>();
  for (const [teamId, teamCells] of Object.entries(status.teams)) {
    for (const cell of teamCells) {
      const key = `${teamId}:${cell[0]}`;
      cells.set(key, [...(cells.get(key) ?? []), cell]);
    }
  }
  const taken = new Map<string, number>();
  return (
    [...endpoints]
      .sort((a, b) => a.id - b.id)
      .flatMap((endpoint) => {
        const team = teamOf.get(endpoint.team_id);
        if (!team) return [];
        const key = `${endpoint.team_id}:${endpoint.subtype_id}`;
        let state: ServiceState = 'disabled';
        let failure: string | undefined;
        if (endpoint.enabled) {
          const index = taken.get(key) ?? 0;
          taken.set(key, index + 1);
          const cell = cells.get(key)?.[index];
          state = (cell?.[1] as ServiceState | undefined) ?? 'unscanned';
          failure = cell?.[3];
        }
        const pool = poolOf.get(endpoint.id);
        return [{ endpoint, team, state, ...(failure ? { failure } : {}), ...(pool ? { pool } : {}), text: textOf(team, endpoint, state, pool) }];
      })
      // By team, check, id. Not localeCompare: over 5 000 services its calls were most of the view's main-thread time.
      .sort((a, b) => a.team.number - b.team.number || byText(a.endpoint.subtype, b.endpoint.subtype) || a.endpoint.id - b.endpoint.id)
  );
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What free text is looked for in: the team's number and name, the check, the address, the state and the pool. */
const textOf = (team: Team, endpoint: ServiceEndpoint, state: ServiceState, pool: string | undefined) =>
  `team ${team.number} ${team.name} ${endpoint.subtype} ${endpoint.url}:${endpoint.port} ${state} ${pool ?? ''}`.toLowerCase();

/** The same list with each service's pool, once the pools' placement has come (no second join nor sort). */
export function withPools(services: ListedService[], pools: Pool[]): ListedService[] {
  const poolOf = new Map(pools.flatMap((p) => p.checks.map((id) => [id, p.name] as const)));
  return services.map((s) => {
    const pool = poolOf.get(s.endpoint.id);
    const { pool: _before, ...rest } = s;
    return { ...rest, ...(pool ? { pool } : {}), text: textOf(s.team, s.endpoint, s.state, pool) };
  });
}

/** The services the filter keeps: every word of the free text somewhere in a service's names or address. */
export function filterServices(services: ListedService[], filter: ServiceFilter): ListedService[] {
  const words = (filter.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return services.filter(
    (s) =>
      (filter.team === undefined || s.team.number === filter.team) &&
      (filter.subtype === undefined || s.endpoint.subtype_id === filter.subtype) &&
      (filter.state === undefined || s.state === filter.state) &&
      (filter.pool === undefined || s.pool === filter.pool) &&
      words.every((word) => s.text.includes(word)),
  );
}

export const STATES: ServiceState[] = ['up', 'down', 'unscanned', 'disabled'];

/** The filter an address's query holds (anything unreadable is no filter). */
export function filterOf(params: URLSearchParams): ServiceFilter {
  const whole = (name: string) => (/^[1-9]\d{0,5}$/.test(params.get(name) ?? '') ? Number(params.get(name)) : undefined);
  const state = params.get('state') as ServiceState | null;
  return {
    ...(whole('team') !== undefined ? { team: whole('team') } : {}),
    ...(whole('subtype') !== undefined ? { subtype: whole('subtype') } : {}),
    ...(state && STATES.includes(state) ? { state } : {}),
    ...(params.get('pool') ? { pool: params.get('pool')! } : {}),
    ...(params.get('q') ? { q: params.get('q')! } : {}),
    page: whole('page') ?? 1,
  };
}

export function paramsOf(filter: ServiceFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['team', 'subtype', 'state', 'pool', 'q'] as const)
    if (filter[name] !== undefined && filter[name] !== '') params.set(name, String(filter[name]));
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}
