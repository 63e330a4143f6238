import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server, type Socket } from 'node:net';
import { isLoopback } from '../../resolve';
import { Authority } from './authority';
import { encodeAnswer, MalformedMessage, parseQuery, QUERY_LIMIT, UDP_ANSWER_LIMIT } from './message';
import { freeDnsPort, sameZones, type ZoneServer, type ZoneServerOptions } from './zone-server';

/** A TCP message's length is two bytes. */
const TCP_ANSWER_LIMIT = 0xffff;
/** A TCP client gets this long between queries before its connection is closed. */
const TCP_IDLE_MS = 10_000;
/** Open TCP connections per address; the next is refused until one closes. */
const TCP_CONNECTIONS = 64;
/** Answers a TCP client has not read yet: past this, it is not reading, and its connection is closed. */
const TCP_UNREAD_BYTES = 64 * 1024;

/**
 * The competition's zones served by this process over UDP and TCP, on
 * loopback addresses only: what BIND's `named` served before, with nothing
 * to install (Debian's servers are not on a newcomer's machine). Answers come
 * from `Authority`; this file only moves bytes, each read and write bounded,
 * and never lets a packet end the process. Zones change with `update`, at
 * once and whole: a zone that cannot be read leaves the old ones served.
 */
export class ZoneDns implements ZoneServer {
  private readonly udp: UdpSocket[] = [];
  private readonly tcp: Server[] = [];
  private readonly connections = new Set<Socket>();
  private zones: Map<string, string>;

  private constructor(
    readonly port: number,
    private authority: Authority,
    zones: ReadonlyMap<string, string>,
  ) {
    this.zones = new Map(zones);
  }

  static async start(options: ZoneServerOptions): Promise<ZoneDns> {
    const outside = options.addresses.find((address) => !isLoopback(address));
    if (outside) throw new Error(`the zone server answers on loopback addresses only, not ${outside}`);
    const port = options.port || (await freeDnsPort(options.addresses[0] ?? '127.0.0.1'));
    const server = new ZoneDns(port, new Authority(options.zones), options.zones);
    try {
      for (const address of options.addresses) await server.listen(address);
    } catch (error) {
      server.stopNow();
      throw error;
    }
    return server;
  }

  /** Serves these zones from now on; false when none changed. Rejects (and keeps serving the old ones) when one cannot be read. */
  async update(zones: ReadonlyMap<string, string>): Promise<boolean> {
    if (sameZones(zones, this.zones)) return false;
    this.authority = new Authority(zones);
    this.zones = new Map(zones);
    return true;
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
      const answer = this.respond(packet, UDP_ANSWER_LIMIT);
      if (answer) udp.send(answer, client.port, client.address);
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
