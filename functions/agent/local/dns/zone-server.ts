import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/**
 * A server of the competition's zones on loopback: the local agent's
 * resolver (`--resolver competition`) and the demo's blue-team name servers.
 * Two implementations answer alike: `ZoneDns` (server.ts, in this process,
 * nothing to install; the default) and BIND's `named` (named.ts, Debian's
 * bind9, where an operator prefers it: `--zone-server named`).
 */
export interface ZoneServer {
  readonly port: number;
  /** Serves these zones (zone name → zone file text), resolving once it does; false when none changed. */
  update(zones: ReadonlyMap<string, string>): Promise<boolean>;
  stop(): Promise<void>;
  /** For an `exit` handler, which cannot wait. */
  stopNow(): void;
}

export interface ZoneServerOptions {
  /** Loopback addresses to answer on. */
  addresses: string[];
  /** 0 or absent: a port free for both UDP and TCP. */
  port?: number;
  /** Zone name (without the trailing dot) → zone file text, as `renderZone` writes it. */
  zones: ReadonlyMap<string, string>;
  /** Told of a zone that cannot be served (named's own log says so for BIND). */
  onProblem?: (message: string) => void;
}

export const ZONE_SERVERS = ['node', 'named'] as const;
export type ZoneServerKind = (typeof ZONE_SERVERS)[number];

/** A port free on the address for both UDP and TCP (DNS uses both). */
export async function freeDnsPort(address: string): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer().listen(0, address, () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
      server.once('error', reject);
    });
    const udpFree = await new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, address, () => socket.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
  throw new Error(`no free port on ${address}`);
}
