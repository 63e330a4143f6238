import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '#shared/api/route-matching';
import { API_PREFIX, fallbackHandler, routes, type Route } from '#shared/api/routes';
import { DEBRIEF_PREFIX, keys } from '#shared/data/keys';

const ROOT = resolve(import.meta.dirname, '../..');
const built = routes.filter((r) => !r.planned);

describe('the route table', () => {
  it('has each method and path once, and each name once', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const names = routes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('puts every route under /api/v1', () => {
    for (const route of routes) expect(route.path.startsWith(`${API_PREFIX}/`)).toBe(true);
  });

  it('names handler files that exist and export a handler', () => {
    for (const file of [...built.map((r) => r.handler), fallbackHandler]) {
      const path = resolve(ROOT, file);
      expect(existsSync(path), file).toBe(true);
      expect(readFileSync(path, 'utf8'), file).toMatch(/export (const|async function) handler\b/);
    }
  });

  it('gives every handler file the route that names it', () => {
    for (const route of built) {
      const source = readFileSync(resolve(ROOT, route.handler), 'utf8');
      // Its area is its folder (functions/<area>/…), whose routes module it imports.
      const area = route.handler.split('/')[1]!.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
      expect(source, route.handler).toMatch(new RegExp(`endpoint\\(\\s*${area}Routes\\.${route.name},`));
    }
  });

  it('lets only read-write routes use write methods (or those that may write only to the files bucket, or only make mail tokens), and GET routes only read', () => {
    // A read that keeps what it built writes its own partitions only (`keeps`): the debriefs', as their keys say.
    for (const route of routes.filter((r) => (r as Route).keeps)) {
      expect(route.method).toBe('GET');
      expect((route as Route).keeps).toEqual([DEBRIEF_PREFIX]);
      expect(keys.debrief(7, 'live').pk.startsWith(DEBRIEF_PREFIX) && keys.debriefPart(7, 'frozen', 'b1', 1).pk.startsWith(DEBRIEF_PREFIX)).toBe(true);
    }
    for (const route of routes) {
      const writesElsewhere = route.method !== 'GET' && ((route.bucket as Route['bucket'])?.write !== undefined || (route as Route).mailKey === true);
      const allowed = route.method === 'GET' ? ['read'] : writesElsewhere ? ['read', 'read-write'] : ['read-write'];
      expect(allowed, `${route.method} ${route.path}`).toContain(route.table);
    }
  });
});

describe('route matching', () => {
  it('prefers literal segments over parameters', () => {
    const match = matchRoute('GET', '/api/v1/teams/scoreboard');
    expect(match.kind === 'route' && match.route.name).toBe('GetScoreboard');
    const team = matchRoute('GET', '/api/v1/teams/7');
    expect(team.kind === 'route' && team.route.name).toBe('GetTeam');
    expect(team.kind === 'route' && team.pathParameters).toEqual({ id: '7' });
  });

  it('tells the zone export from the JSON export', () => {
    const zone = matchRoute('GET', '/api/v1/teams/3/dns.zone');
    expect(zone.kind === 'route' && zone.route.name).toBe('ExportTeamZone');
    const json = matchRoute('GET', '/api/v1/teams/3/dns');
    expect(json.kind === 'route' && json.route.name).toBe('ExportTeamDns');
  });

  it('answers a known path with the wrong method with the allowed methods', () => {
    expect(matchRoute('DELETE', '/api/v1/settings/1')).toEqual({ kind: 'wrong-method', allow: ['GET', 'HEAD', 'PATCH', 'PUT'] });
    expect(matchRoute('POST', '/api/v1/teams/scoreboard')).toEqual({ kind: 'wrong-method', allow: ['GET', 'HEAD'] });
  });

  it('matches nothing for unknown paths, including prefixes of known ones', () => {
    expect(matchRoute('GET', '/api/v1')).toEqual({ kind: 'none' });
    expect(matchRoute('GET', '/api/v2/teams')).toEqual({ kind: 'none' });
    expect(matchRoute('GET', '/api/v1/teams/1/scorecard/extra')).toEqual({ kind: 'none' });
  });
});
