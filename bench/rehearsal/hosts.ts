#!/usr/bin/env -S node --import tsx
/**
 * A rehearsal's blue-team hosts, in a process of their own (forked by
 * run.ts, a few processes sharing the hosts): each service's server on its
 * host's loopback address, following its script (up, down, broken, slower
 * than the check's timeout), and a log of every probe it served and what it
 * answered, and of every moment it went down or came back (JSON Lines): the
 * oracle's evidence. Told its hosts by its parent; ends with it.
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createWriteStream } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import ssh2 from 'ssh2';
import { Authority } from '../../functions/agent/local/dns/authority';
import { encodeAnswer, MalformedMessage, parseQuery, UDP_ANSWER_LIMIT } from '../../functions/agent/local/dns/message';
import { parsableHostKey } from '../../lib/local/demo/ssh';
import type { Outcome } from './oracle';
import type { HostPlan, Mode } from './plan';

export interface HostsTask {
  /** The first round's start (epoch ms): scripts count from it. */
  startsAt: number;
  hosts: HostPlan[];
  /** Each team's zone as its name server answers when up, and when broken (www elsewhere). */
  zones: Record<number, { good: string; broken: string }>;
  account: { username: string; password: string };
  log: string;
}

/** How long a `slow` host holds a connection without a word: past any check's timeout. */
const SILENT_HOLD_MS = 15_000;

/** The SSH password each host takes (its service's URL → password): the rehearsal's, until a change request is applied. */
const passwords = new Map<string, string>();
/** What a host once took, before its team changed it: a check that still sends it is refused for it. */
const oldPasswords = new Map<string, string>();

process.on('message', (message: HostsTask | { password: { url: string; password: string } }) => {
  if ('hosts' in message) return void serve(message);
  // A password change request was applied: from now on the host takes the new password only.
  const { url, password } = message.password;
  oldPasswords.set(url, passwords.get(url)!);
  passwords.set(url, password);
  logLine?.({ service: url, event: 'password' });
});
process.once('disconnect', () => process.exit(0));

let logLine: ((entry: Record<string, unknown>) => void) | undefined;

async function serve(task: HostsTask): Promise<void> {
  const out = createWriteStream(task.log, { flags: 'a' });
  const log = (entry: Record<string, unknown>) => out.write(`${JSON.stringify({ t: Date.now(), ...entry })}\n`);
  logLine = log;
  for (const host of task.hosts) if (host.kind === 'ssh') passwords.set(host.url, task.account.password);
  const hostKey = parsableHostKey();
  await Promise.all(task.hosts.map((host) => startHost(host, task, hostKey, log)));
  process.send!('ready');
}

interface Listener {
  open(): Promise<void>;
  close(): void;
}

async function startHost(host: HostPlan, task: HostsTask, hostKey: string, log: (entry: Record<string, unknown>) => void): Promise<void> {
  const service = host.url;
  let mode: Mode = 'up';
  const probe = (outcome: Outcome, why?: string, path?: string) => log({ service, outcome, ...(why ? { why } : {}), ...(path ? { path } : {}) });
  const listener = host.kind === 'dns' ? dnsListener(host, task.zones[host.team]!, () => mode, probe) : tcpListener(host, task, hostKey, () => mode, probe);
  await listener.open();
  for (const step of host.script) {
    setTimeout(
      () => {
        const was = mode;
        mode = step.mode;
        if (mode === 'down' && was !== 'down') {
          listener.close();
          log({ service, event: 'down' });
        } else if (mode !== 'down' && was === 'down') {
          void listener.open().then(() => log({ service, event: 'up' }));
        }
      },
      Math.max(0, task.startsAt + step.at - Date.now()),
    );
  }
}

/** HTTP, SSH, SMTP and TCP: one listener; each connection answered as the mode says when it comes. */
function tcpListener(
  host: HostPlan,
  task: HostsTask,
  hostKey: string,
  mode: () => Mode,
  probe: (outcome: Outcome, why?: string, path?: string) => void,
): Listener {
  const hold = (socket: Socket) => socket.setTimeout(SILENT_HOLD_MS, () => socket.destroy());
  const http = createHttpServer((req, res) => {
    if (mode() === 'slow') return void (probe('silent'), hold(req.socket));
    // The path asked for: an organiser's check edit changes it (./live-edits.ts).
    probe(mode() === 'up' ? 'good' : 'bad', undefined, req.url);
    if (mode() === 'up') res.end(`<h1>Welcome to ${host.url}</h1>`);
    else res.writeHead(500).end('Internal Server Error');
  });
  const sshd = new ssh2.Server({ hostKeys: [hostKey], ident: 'OpenSSH_9.2p1 Rehearsal' }, (client) => {
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      if (ctx.method !== 'password') return ctx.reject(['password']);
      const ok = mode() === 'up' && ctx.username === task.account.username && ctx.password === passwords.get(host.url);
      const stale = mode() === 'up' && ctx.password === oldPasswords.get(host.url);
      probe(ok ? 'good' : 'bad', stale ? 'the password before its change' : undefined);
      if (ok) ctx.accept();
      else ctx.reject(['password']);
    });
    client.on('session', (accept) => accept().on('exec', (acceptExec) => acceptExec().exit(0)));
  });
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  return {
    open: () =>
      new Promise<void>((resolve, reject) => {
        server = createServer((socket) => {
          socket.on('error', () => undefined);
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          if (mode() === 'slow') return void (probe('silent'), hold(socket));
          switch (host.kind) {
            case 'http':
              return void http.emit('connection', socket);
            case 'ssh':
              return void sshd.injectSocket(socket);
            case 'smtp':
              probe(mode() === 'up' ? 'good' : 'bad');
              return void socket.end(mode() === 'up' ? `220 ${host.url} ESMTP Rehearsal\r\n` : '554 5.3.2 Not accepting mail\r\n');
            default:
              probe('good');
              return void socket.end();
          }
        });
        server.once('error', reject);
        server.listen({ port: host.port, host: host.address, backlog: 1024 }, () => resolve());
      }),
    close: () => {
      server?.close();
      // A host that goes down drops what it held, as a stopped daemon does.
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** DNS over UDP: the team's zone when up, www elsewhere when broken, no answer when slow; closed when down. */
function dnsListener(host: HostPlan, zones: { good: string; broken: string }, mode: () => Mode, probe: (outcome: Outcome) => void): Listener {
  const origin = `team${host.team}.rehearsal.example`;
  const good = Authority.fromTexts(new Map([[origin, zones.good]]));
  const broken = Authority.fromTexts(new Map([[origin, zones.broken]]));
  let socket: UdpSocket | undefined;
  return {
    open: () =>
      new Promise<void>((resolve, reject) => {
        const udp = createSocket('udp4');
        socket = udp;
        udp.on('message', (packet, client) => {
          if (client.port === 0) return;
          let parsed;
          try {
            parsed = parseQuery(packet);
          } catch (error) {
            if (error instanceof MalformedMessage) return;
            throw error;
          }
          if (mode() === 'slow') return probe('silent');
          probe(mode() === 'up' ? 'good' : 'bad');
          const answer = (mode() === 'up' ? good : broken).answer(parsed);
          if (answer) udp.send(encodeAnswer(parsed, answer, UDP_ANSWER_LIMIT), client.port, client.address);
        });
        udp.once('error', reject);
        udp.bind(host.port, host.address, () => resolve());
      }),
    close: () => socket?.close(),
  };
}
