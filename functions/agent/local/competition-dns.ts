import type { ScoringApi } from '../api';
import { dnsServerResolver, type HostResolver } from '../resolve';
import { Named } from './named';

/**
 * The local agent's resolver: the competition's own zones, exported by the
 * API (GET /teams/{id}/dns.zone, an admin route) and served by a `named` on
 * 127.0.0.1 that this agent starts. Refreshed at the start of every round,
 * so a record created through the API resolves from the next round on. The
 * system resolver is never asked.
 */
export class CompetitionDns {
  private named?: Named;

  constructor(private readonly api: ScoringApi) {}

  async refresh(): Promise<HostResolver> {
    const teams = await this.api.teams();
    const zones = new Map<string, string>();
    for (const team of teams) zones.set(team.team_url.toLowerCase(), await this.api.teamZone(team.id));
    if (!this.named) this.named = await Named.start({ addresses: ['127.0.0.1'], zones });
    else this.named.update(zones);
    return dnsServerResolver(`127.0.0.1:${this.named.port}`);
  }

  stop(): void {
    this.named?.stop();
  }
}
