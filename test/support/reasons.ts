/** A service as its team's own route shows it: the public fields and the full reason of its newest failure. */
export interface ServiceWithReason {
  id: number;
  url: string;
  subtype: string;
  team: number;
  last_scan: number;
  last_scan_time: string | null;
  last_scan_error: string | null;
  last_scan_reason: string | null;
  in_progress: boolean;
}

/**
 * Every service with its full failure reason, read as an organiser through
 * the teams' own routes (the public reads show only a failure's category):
 * what the agent's tests compare their reasons with.
 */
export async function servicesWithReasons(baseUrl: string, adminToken: string): Promise<ServiceWithReason[]> {
  const headers = { authorization: `Bearer ${adminToken}` };
  const teams = (await (await fetch(`${baseUrl}/api/v1/teams`, { headers })).json()) as { id: number; number: number }[];
  const perTeam = await Promise.all(
    teams.map(async (team) => {
      const answer = (await (await fetch(`${baseUrl}/api/v1/team/${team.id}/services`, { headers })).json()) as { services: Omit<ServiceWithReason, 'team'>[] };
      return answer.services.map((s) => ({ ...s, team: team.number }));
    }),
  );
  return perTeam.flat().sort((a, b) => a.id - b.id);
}
