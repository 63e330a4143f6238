import { describe, expect, it } from 'vitest';
import type { ApiSchemas } from '#shared/api/client';
import { filterOf, filterServices, listServices, paramsOf, withPools } from '../../web/src/console/service-list';
import { roundAt, statesByCheck, windowStateAt } from '#shared/domain/overview';
import { parseAddress } from '../../web/src/console/views';

type Team = ApiSchemas['Team'];
type ServiceEndpoint = ApiSchemas['ServiceEndpoint'];
type ServiceStatusView = ApiSchemas['ServiceStatusView'];

const team = (id: number, number: number, name = `Team ${number}`): Team => ({
  id,
  number,
  name,
  logo: '',
  team_url: `t${number}.example`,
  guest_division: false,
});
const endpoint = (id: number, teamId: number, subtypeId: number, enabled = true): ServiceEndpoint => ({
  id,
  team_id: teamId,
  subtype_id: subtypeId,
  subtype: subtypeId === 1 ? 'HTTP' : 'SSH',
  url: `host${id}.example`,
  port: 1000 + id,
  max_score: 10,
  enabled,
  version: 1,
});
const pool = (name: string, checks: number[]) => ({ name, checks });

describe("the console's services view", () => {
  const teams = [team(1, 11), team(2, 187, '<img src=x>')];
  // Team 2 has two HTTP services (ids 4 and 6, its cells in id order) and a disabled SSH one (no cell).
  const endpoints = [endpoint(6, 2, 1), endpoint(1, 1, 1), endpoint(2, 1, 2), endpoint(4, 2, 1), endpoint(5, 2, 2, false)];
  const status: ServiceStatusView = {
    as_of: '2026-11-28T10:00:00Z',
    full: true,
    teams: {
      '1': [
        [1, 'up', 30],
        [2, 'unscanned'],
      ],
      '2': [
        [1, 'up', 10],
        [1, 'down', 5, 'timeout'],
      ],
    },
  };
  const listed = listServices(endpoints, status, teams, [pool('cloud', [1, 2, 4]), pool('range-a', [6])]);

  it('gives each service its state from the cells, a team’s cells of one check in service id order', () => {
    expect(listed.map((s) => [s.endpoint.id, s.state, s.failure ?? null, s.pool ?? null])).toEqual([
      [1, 'up', null, 'cloud'],
      [2, 'unscanned', null, 'cloud'],
      [4, 'up', null, 'cloud'],
      [6, 'down', 'timeout', 'range-a'],
      [5, 'disabled', null, null],
    ]);
  });

  it('takes the pools when they come after the rows, as a join with them would have', () => {
    const later = withPools(listServices(endpoints, status, teams, []), [pool('cloud', [1, 2, 4]), pool('range-a', [6])]);
    expect(later).toEqual(listed);
    expect(filterServices(later, { q: 'range-a', page: 1 }).map((s) => s.endpoint.id)).toEqual([6]);
  });

  it('keeps what every filter and every typed word matches', () => {
    const ids = (filter: Parameters<typeof filterServices>[1]) => filterServices(listed, filter).map((s) => s.endpoint.id);
    expect(ids({ q: 'team 187 http', page: 1 })).toEqual([4, 6]);
    expect(ids({ q: 'TEAM 187 SSH', page: 1 })).toEqual([5]);
    expect(ids({ q: '<img', page: 1 })).toEqual([4, 6, 5]);
    expect(ids({ team: 11, page: 1 })).toEqual([1, 2]);
    expect(ids({ state: 'down', page: 1 })).toEqual([6]);
    expect(ids({ pool: 'cloud', subtype: 1, page: 1 })).toEqual([1, 4]);
    expect(ids({ q: 'host6.example:1006', page: 1 })).toEqual([6]);
  });

  it('reads its filter from the address and writes it back the same; anything unreadable is no filter', () => {
    const filter = filterOf(new URLSearchParams('team=187&subtype=2&state=down&pool=range-a&q=ssh+box&page=3'));
    expect(filter).toEqual({ team: 187, subtype: 2, state: 'down', pool: 'range-a', q: 'ssh box', page: 3 });
    expect(filterOf(paramsOf(filter))).toEqual(filter);
    expect(filterOf(new URLSearchParams('team=x&state=sideways&page=-1'))).toEqual({ page: 1 });
  });
});

describe("the console's addresses", () => {
  it('names a view, one team, and a view’s query; an unknown one is the overview', () => {
    const read = (hash: string) => {
      const { path, id, params } = parseAddress(hash);
      return [path, id, params.toString()];
    };
    expect(read('#/services?team=187&q=ssh')).toEqual(['services', undefined, 'team=187&q=ssh']);
    expect(read('#/teams/12')).toEqual(['teams', 12, '']);
    expect(read('#/teams/0')).toEqual(['teams', undefined, '']);
    expect(read('')).toEqual(['overview', undefined, '']);
    expect(read('#/nowhere')).toEqual(['overview', undefined, '']);
  });
});

describe("the overview's rules (domain/overview.ts)", () => {
  const settings = (fields: Record<string, unknown>) =>
    ({ start_time: null, end_time: null, scoring_enabled: true, scoreboard_freeze_time: null, ...fields }) as Parameters<typeof windowStateAt>[0];
  const now = Date.parse('2026-11-28T12:00:00Z');

  it('say where the scoring window stands: the end first, then the start, then scoring on, then the freeze', () => {
    expect(windowStateAt(settings({ start_time: '2026-11-28T13:00:00Z' }), now)).toBe('before');
    expect(windowStateAt(settings({ start_time: '2026-11-28T09:00:00Z' }), now)).toBe('running');
    expect(windowStateAt(settings({ scoring_enabled: false }), now)).toBe('paused');
    expect(windowStateAt(settings({ start_time: '2026-11-28T13:00:00Z', scoring_enabled: false }), now)).toBe('before');
    expect(windowStateAt(settings({ scoreboard_freeze_time: '2026-11-28T11:00:00Z' }), now)).toBe('frozen');
    expect(windowStateAt(settings({ scoreboard_freeze_time: '2026-11-28T12:00:01Z' }), now)).toBe('running');
    expect(windowStateAt(settings({ end_time: '2026-11-28T12:00:00Z', scoring_enabled: false }), now)).toBe('ended');
  });

  it('place the round on multiples of its length, as the agents run them', () => {
    expect(roundAt(Date.parse('2026-11-28T12:00:59.999Z'), 60)).toEqual({ started_at: '2026-11-28T12:00:00.000Z', next_at: '2026-11-28T12:01:00.000Z' });
    expect(roundAt(Date.parse('2026-11-28T12:01:00Z'), 30)).toEqual({ started_at: '2026-11-28T12:01:00.000Z', next_at: '2026-11-28T12:01:30.000Z' });
  });

  it("count each check's cells by state, in the checks' order, leaving out checks with none", () => {
    const cells = [
      { subtype_id: 2, status: 'down' },
      { subtype_id: 1, status: 'up' },
      { subtype_id: 1, status: 'unscanned' },
      { subtype_id: 1, status: 'up' },
      { subtype_id: 9, status: 'up' },
    ] as const;
    const checks = [
      { id: 1, name: 'HTTP' },
      { id: 2, name: 'SSH' },
      { id: 3, name: 'FTP' },
    ];
    expect(statesByCheck([...cells], checks)).toEqual([
      { subtype_id: 1, name: 'HTTP', up: 2, down: 0, unscanned: 1 },
      { subtype_id: 2, name: 'SSH', up: 0, down: 1, unscanned: 0 },
    ]);
  });
});
