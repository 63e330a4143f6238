/** A heartbeat body of an agent before its first round (POST /pools/{id}/heartbeats, or putHeartbeat in a test). */
export const idleHeartbeat = (agent: string) => ({
  agent,
  version: 'test',
  host: 'loopback',
  round: null,
  round_started_at: null,
  round_finished_at: null,
  checks: 0,
  failed_team: 0,
  failed_agent: 0,
});
