import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server, type Socket } from 'node:net';
import { isLoopback } from '../../resolve';
import { Authority } from './authority';
import { encodeAnswer, MalformedMessage, parseQuery, QUERY_LIMIT, UDP_ANSWER_LIMIT } from './message';
import { parseZone, ZoneFileError, type Zone } from './zone-file';
import { freeDnsPort, type ZoneServer, type ZoneServerOptions } from './zone-server';

/** A TCP message's length is two bytes. */
const TCP_ANSWER_LIMIT = 0xffff;
/** A TCP client gets this long between queries before its connection is closed. */
const TCP_IDLE_MS = 10_000;
/** Open TCP connections per listening address (all clients together); past it, a new one is closed at once. */
const TCP_CONNECTIONS = 64;
/** Answers a TCP client has not read yet: past this, it is not reading, and its connection is closed. */
const TCP_UNREAD_BYTES = 64 * 1024;

/**
 * The competition's zones served by this process over UDP and TCP, on
 * loopback addresses only: what BIND's `named` served before, with nothing
 * to install (Debian's servers are not on a newcomer's machine). Answers come
 * from `Authority`; this file only moves bytes, each read and write bounded,
 * and never lets a packet end the process. Zones change with `update`, at
 * once: a zone that cannot be read keeps its last good copy, the others go on.
 */
export class ZoneDns implements ZoneServer {
  private readonly udp: UdpSocket[] = [];
  private readonly tcp: Server[] = [];
  private readonly connections = new Set<Socket>();
  /** Each zone served, as read from its text: a zone whose new text cannot be read keeps its last good copy. */
  private served = new Map<string, { text: string; zone: Zone }>();
  private authority = new Authority([]);

  private constructor(
    readonly port: number,
    private readonly onProblem: (message: string) => void,
  ) {}

  static async start(options: ZoneServerOptions): Promise<ZoneDns> {
    const outside = options.addresses.find((address) => !isLoopback(address));
    if (outside) throw new Error(`the zone server answers on loopback addresses only, not ${outside}`);
    const port = options.port || (await freeDnsPort(options.addresses[0] ?? '127.0.0.1'));
    const server = new ZoneDns(port, options.onProblem ?? (() => undefined));
    server.take(options.zones);
    try {
      for (const address of options.addresses) await server.listen(address);
    } catch (error) {
      server.stopNow();
      throw error;
    }
    return server;
  }

  /**
   * Serves these zones from now on; false when none changed. A zone whose
   * text cannot be read is said (`onProblem`) and keeps its last good copy,
   * or stays unserved: one bad zone never takes the others down.
   */
  async update(zones: ReadonlyMap<string, string>): Promise<boolean> {
    const same = zones.size === this.served.size && [...zones].every(([origin, text]) => this.served.get(origin)?.text === text);
    if (same) return false;
    this.take(zones);
    return true;
  }

  private take(zones: ReadonlyMap<string, string>): void {
    const next = new Map<string, { text: string; zone: Zone }>();
    for (const [origin, text] of zones) {
      const kept = this.served.get(origin);
      if (kept?.text === text) {
        next.set(origin, kept);
        continue;
      }
      try {
        next.set(origin, { text, zone: parseZone(origin, text) });
      } catch (error) {
        if (!(error instanceof ZoneFileError)) throw error;
        this.onProblem(`${error.message}${kept ? ' (its last good copy is served)' : ' (not served)'}`);
        if (kept) next.set(origin, kept);
      }
    }
    this.served = next;
    this.authority = new Authority([...next.values()].map((z) => z.zone));
  }

  async stop(): Promise<void> {
    this.stopNow();
    await Promise.all(this.tcp.map((server) => new Promise((resolve) => server.close(resolve))));
  }

  stopNow(): void {
    for (const socket of this.udp) {
      try {
        socket.close();
      } catch {
        // Closed already.
      }
    }
    this.udp.length = 0;
    for (const connection of this.connections) connection.destroy();
    for (const server of this.tcp) server.close();
  }

  /** The answer's bytes for a query's, or nothing (a response, or not even a header). */
  private respond(packet: Buffer, limit: number): Buffer | undefined {
    if (packet.length > QUERY_LIMIT) return undefined;
    try {
      const query = parseQuery(packet);
      const answer = this.authority.answer(query);
      return answer && encodeAnswer(query, answer, limit);
    } catch (error) {
      if (error instanceof MalformedMessage) return undefined;
      throw error;
    }
  }

  private async listen(address: string): Promise<void> {
    const udp = createSocket({ type: 'udp4' });
    this.udp.push(udp);
    udp.on('message', (packet, client) => {
      // Port 0 is no client's (a forged source): Node would throw sending to it.
      if (client.port === 0) return;
      const answer = this.respond(packet, UDP_ANSWER_LIMIT);
      if (!answer) return;
      try {
        udp.send(answer, client.port, client.address);
      } catch {
        // A client address Node will not send to: the query goes unanswered, as a lost datagram would.
      }
    });
    udp.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      udp.once('error', reject);
      udp.bind(this.port, address, () => (udp.off('error', reject), resolve()));
    });

    const tcp = createServer((connection) => this.serveConnection(connection));
    tcp.maxConnections = TCP_CONNECTIONS;
    this.tcp.push(tcp);
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(this.port, address, () => (tcp.off('error', reject), resolve()));
    });
  }

  /** RFC 1035 §4.2.2 (and RFC 7766): each message after its two-byte length; several may follow on one connection. */
  private serveConnection(connection: Socket): void {
    this.connections.add(connection);
    connection.on('close', () => this.connections.delete(connection));
    connection.on('error', () => undefined);
    connection.setTimeout(TCP_IDLE_MS, () => connection.destroy());
    let pending = Buffer.alloc(0);
    connection.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2) {
        const length = pending.readUInt16BE(0);
        if (length === 0 || length > QUERY_LIMIT) return void connection.destroy();
        if (pending.length < 2 + length) break;
        const answer = this.respond(pending.subarray(2, 2 + length), TCP_ANSWER_LIMIT);
        pending = pending.subarray(2 + length);
        if (!answer) continue;
        const prefix = Buffer.alloc(2);
        prefix.writeUInt16BE(answer.length);
        connection.write(Buffer.concat([prefix, answer]));
        if (connection.writableLength > TCP_UNREAD_BYTES) return void connection.destroy();
      }
    });
  }
}
