/** The debriefs' figures (bench/debriefs.ts measures them), as the bench prints them. */

export interface DebriefCost {
  teams: number;
  servicesPerTeam: number;
  resultsPerService: number;
  /** The field (standings, injects, history), read once for every debrief built together. */
  field: { ms: number; awsRcu: number };
  /** One team's build: median time, AWS read units, and the stored document (gzipped). */
  perTeam: { medianMs: number; runs: number[]; awsRcu: number; storedBytes: number; resultBytes: number };
  /** A team's build at 72 h of 60 s rounds (4 320 results a service), from the bytes per result. */
  perTeamAt72h: { results: number; awsRcu: number; ms: number };
  summary: { ms: number; awsRcu: number; jsonBytes: number; csvBytes: number };
}

export function formatDebriefCost(c: DebriefCost): string {
  return [
    `Debriefs at ${c.teams} teams × ${c.servicesPerTeam} services (${c.resultsPerService} results a service): the field read once ${c.field.ms} ms, ${c.field.awsRcu} AWS RCU`,
    `  a team's build: median ${c.perTeam.medianMs} ms (runs ${c.perTeam.runs.join(', ')} ms), ${c.perTeam.awsRcu} AWS RCU, kept gzipped in ${c.perTeam.storedBytes} bytes; a result read is ${c.perTeam.resultBytes} bytes`,
    `  at 72 h of 60 s rounds (${c.perTeamAt72h.results} results a service): about ${c.perTeamAt72h.awsRcu} AWS RCU and ${(c.perTeamAt72h.ms / 1000).toFixed(1)} s a team; ` +
      `every team ${c.perTeamAt72h.awsRcu * c.teams} AWS RCU, the export worker (4 teams at once) about ${((c.perTeamAt72h.ms * c.teams) / 4 / 60_000).toFixed(1)} min of its 15`,
    `  the table of ranks over ${c.teams} teams: ${c.summary.ms} ms, ${c.summary.awsRcu} AWS RCU, ${c.summary.jsonBytes} bytes of JSON, ${c.summary.csvBytes} of CSV`,
  ].join('\n');
}
