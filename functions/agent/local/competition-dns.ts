import { renderZone } from '#shared/domain/zone';
import type { ScoringApi } from '../api';
import { dnsServerResolver, type HostResolver } from '../resolve';
import { Named } from './dns/named';
import { ZoneDns } from './dns/server';
import type { ZoneServer, ZoneServerKind, ZoneServerOptions } from './dns/zone-server';

/** A zone server of the kind chosen: this process's own (`node`, the default) or BIND's. */
export function startZoneServer(kind: ZoneServerKind, options: ZoneServerOptions): Promise<ZoneServer> {
  return kind === 'named' ? Named.start(options) : ZoneDns.start(options);
}

/**
 * The competition's zones, rendered here exactly as the API's zone export
 * renders them, from what a service account may read: the teams, every DNS
 * record (GET /dns) and the settings (address template, TTL, name servers,
 * hostmaster). So the local agent needs no admin key. The serial only grows:
 * it moves to the current second whenever anything in a zone changed.
 */
export class CompetitionZones {
  private serial = 0;
  private lastInput = '';

  constructor(private readonly api: ScoringApi) {}

  async current(): Promise<Map<string, string>> {
    const [teams, records, settings] = await Promise.all([this.api.teams(), this.api.dnsRecords(), this.api.settings()]);
    const input = JSON.stringify([teams, records, settings]);
    if (input !== this.lastInput) {
      this.serial = Math.max(this.serial + 1, Math.floor(Date.now() / 1000));
      this.lastInput = input;
    }
    const zones = new Map<string, string>();
    for (const team of teams) {
      zones.set(team.team_url.toLowerCase(), renderZone({ team, records: records.filter((r) => r.team === team.id), serial: this.serial, settings }));
    }
    return zones;
  }
}

/**
 * The local agent's resolver: the competition's own zones served on
 * 127.0.0.1 by a zone server this agent starts (its own, in process, unless
 * told `named`). Refreshed at the start of every round, so a record created
 * through the API resolves from the next round on. The system resolver is
 * never asked.
 */
export class CompetitionDns {
  private server?: ZoneServer;
  private readonly zones: CompetitionZones;

  constructor(
    api: ScoringApi,
    private readonly kind: ZoneServerKind = 'node',
    /** Told of a team's zone that cannot be served (the others are): its names then do not resolve. */
    private readonly onProblem?: (message: string) => void,
  ) {
    this.zones = new CompetitionZones(api);
  }

  async refresh(): Promise<HostResolver> {
    const zones = await this.zones.current();
    if (!this.server)
      this.server = await startZoneServer(this.kind, { addresses: ['127.0.0.1'], zones, ...(this.onProblem ? { onProblem: this.onProblem } : {}) });
    else await this.server.update(zones);
    return dnsServerResolver(`127.0.0.1:${this.server.port}`);
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }
}
