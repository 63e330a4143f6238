import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '#shared/api/routes';
import { db, tableName } from '#shared/data/client';
import { exportResults } from '../../lib/local/results-export';
import type { Invocation } from './invoke';

/**
 * Everything a leak scan searches for secrets: every GET of the route table
 * but the secrets route, as each of `callers`; the results export; the
 * table's items as stored; and what the test kept of the rest (its other
 * answers, the log lines written meanwhile).
 */
export async function everythingSeen(options: {
  get: (path: string, headers: Record<string, string>) => Promise<Invocation>;
  /** `{id}` of a route: the team's for the team routes, else the service's. */
  ids: { team: number; service: number };
  callers: Record<string, string>[];
  also: string[];
}): Promise<string> {
  const seen: string[] = [];
  for (const route of routes.filter((r) => r.method === 'GET' && r.name !== 'GetCheckAccounts')) {
    const teamPath = route.path.startsWith('/api/v1/teams') || route.path.startsWith('/api/v1/team/');
    const id = route.tag === 'pools' ? 'cloud' : String(teamPath ? options.ids.team : options.ids.service);
    const path = route.path.replace('{id}', id);
    for (const headers of options.callers) {
      const answer = await options.get(path, headers);
      seen.push(`${route.name} ${answer.status} ${JSON.stringify(answer.headers)} ${answer.text}`);
    }
  }
  const exported = await exportResults({ includeHidden: true });
  seen.push(JSON.stringify(exported.json), exported.csv.standings, exported.csv.services, exported.csv.grades, exported.csv.beacons);
  const { Items = [] } = await db().send(new ScanCommand({ TableName: tableName() }));
  seen.push(JSON.stringify(Items), ...options.also);
  return seen.join('\n');
}

/** A secret as written, and as JSON escapes it (a quote, a backslash): either in the text is a leak. */
export const spellings = (secret: string) => [secret, JSON.stringify(secret).slice(1, -1)];
