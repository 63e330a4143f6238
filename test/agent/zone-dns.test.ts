/**
 * The zone server on its sockets (functions/agent/local/dns/server.ts): it
 * answers as BIND's named does for the same zone file, over UDP and TCP, and
 * holds up against clients that lie, flood or never read.
 */
import { createSocket } from 'node:dgram';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '#shared/domain/settings';
import { renderZone } from '#shared/domain/zone';
import { Named } from '../../functions/agent/local/dns/named';
import { ZoneDns } from '../../functions/agent/local/dns/server';
import { decode, query, type DecodedAnswer } from '../support/dns-wire';

const settings = {
  ...DEFAULT_SETTINGS,
  dns_ttl: 120,
  dns_nameservers: ['ns1.ccdc.example'],
  dns_hostmaster: 'hostmaster@ccdc.example',
  dns_address_template: '127.0.{team_number}',
};
const zone = renderZone({
  team: { number: 11, team_url: 'team11.ccdc.example' },
  serial: 9,
  settings,
  records: [
    { id: 1, team: 1, name: 'www', type: 'A', value: '10' },
    { id: 2, team: 1, name: 'web', type: 'CNAME', value: 'www' },
    { id: 3, team: 1, name: '@', type: 'MX', value: '10 mail' },
    { id: 4, team: 1, name: 'mail', type: 'A', value: '25' },
    { id: 5, team: 1, name: '@', type: 'TXT', value: 'v=spf1 "x" \\ -all' },
    { id: 6, team: 1, name: 'a.deep', type: 'A', value: '40' },
    { id: 7, team: 1, name: 'ext', type: 'CNAME', value: 'elsewhere.example.' },
    { id: 8, team: 1, name: 'gone', type: 'CNAME', value: 'nothing' },
    // 4 KB of answer to a 40-byte question: what a client that never reads would pile up fastest.
    ...Array.from({ length: 16 }, (_, i) => ({ id: 9 + i, team: 1, name: 'big', type: 'TXT' as const, value: String(i % 10).repeat(250) })),
  ],
});
/** A second team's zone beside it, as the agent's resolver holds every team's: a CNAME from one into the other stops at the zone's edge. */
const team12 = renderZone({
  team: { number: 12, team_url: 'team12.ccdc.example' },
  serial: 3,
  settings,
  records: [
    { id: 1, team: 2, name: 'www', type: 'A', value: '10' },
    { id: 2, team: 2, name: 'away', type: 'CNAME', value: 'www.team11.ccdc.example.' },
  ],
});
const zones = new Map([
  ['team11.ccdc.example', zone],
  ['team12.ccdc.example', team12],
]);

/** The big name's answer: 16 strings of 250 bytes and their records' overhead, at least. */
const zoneAnswerBytes = 16 * 251;

let ours: ZoneDns;
let bind: Named;
beforeAll(async () => {
  [ours, bind] = await Promise.all([ZoneDns.start({ addresses: ['127.0.0.1'], zones }), Named.start({ addresses: ['127.0.0.1'], zones })]);
}, 30_000);
afterAll(async () => {
  await Promise.all([ours?.stop(), bind?.stop()]);
});

function overUdp(port: number, packet: Buffer, waitMs = 2000): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const timer = setTimeout(() => (socket.close(), resolve(undefined)), waitMs);
    socket.once('message', (answer) => (clearTimeout(timer), socket.close(), resolve(answer)));
    socket.send(packet, port, '127.0.0.1');
  });
}

function overTcp(port: number, packets: Buffer[]): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let pending = Buffer.alloc(0);
    const answers: Buffer[] = [];
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        answers.push(pending.subarray(2, 2 + pending.readUInt16BE(0)));
        pending = pending.subarray(2 + pending.readUInt16BE(0));
      }
      if (answers.length === packets.length) socket.end();
    });
    socket.on('close', () => resolve(answers));
    socket.on('error', reject);
    socket.write(Buffer.concat(packets.map((p) => Buffer.concat([Buffer.from([p.length >> 8, p.length & 0xff]), p]))));
  });
}

/** What both servers must agree on: the code, authority, the answer's records, and the SOA's presence in a negative answer. */
const comparable = (a: DecodedAnswer) => ({
  rcode: a.rcode,
  aa: a.aa,
  question: a.question,
  answers: a.answers.map((r) => `${r.name} ${r.ttl} ${r.type} ${r.data}`).sort(),
  soa: a.answers.length === 0 ? a.authority.filter((r) => r.type === 6).map((r) => `${r.name} ${r.ttl} ${r.data}`) : [],
});

const QUESTIONS: [string, number][] = [
  ['www.team11.ccdc.example', 1],
  ['WwW.TEAM11.ccdc.example', 1],
  ['web.team11.ccdc.example', 1],
  ['web.team11.ccdc.example', 5],
  ['team11.ccdc.example', 15],
  ['team11.ccdc.example', 16],
  ['team11.ccdc.example', 2],
  ['team11.ccdc.example', 6],
  ['www.team11.ccdc.example', 28],
  ['www.team11.ccdc.example', 33],
  ['ftp.team11.ccdc.example', 1],
  ['deep.team11.ccdc.example', 1],
  ['a.deep.team11.ccdc.example', 1],
  ['ext.team11.ccdc.example', 1],
  ['gone.team11.ccdc.example', 1],
  ['www.example.org', 1],
  ['away.team12.ccdc.example', 1],
  ['www.team12.ccdc.example', 1],
  ['team12.ccdc.example', 6],
  ['ccdc.example', 1],
];

describe('the zone server', () => {
  it.each(QUESTIONS)('answers %s (type %i) as named does, over UDP and over TCP', async (name, type) => {
    const packet = query({ name, type });
    const [ourUdp, bindUdp] = await Promise.all([overUdp(ours.port, packet), overUdp(bind.port, packet)]);
    expect(comparable(decode(ourUdp!))).toEqual(comparable(decode(bindUdp!)));
    const [[ourTcp], [bindTcp]] = await Promise.all([overTcp(ours.port, [packet]), overTcp(bind.port, [packet])]);
    expect(comparable(decode(ourTcp!))).toEqual(comparable(decode(bindTcp!)));
  });

  it('answers several queries on one TCP connection, in order', async () => {
    const answers = await overTcp(ours.port, [
      query({ id: 1, name: 'www.team11.ccdc.example', type: 1 }),
      query({ id: 2, name: 'mail.team11.ccdc.example', type: 1 }),
    ]);
    expect(answers.map((a) => [decode(a).id, decode(a).answers[0]!.data])).toEqual([
      [1, '127.0.11.10'],
      [2, '127.0.11.25'],
    ]);
  });

  it('takes new zones at once; a zone that cannot be read keeps its last good copy, said, and the others go on', async () => {
    const problems: string[] = [];
    const own = await ZoneDns.start({ addresses: ['127.0.0.1'], zones, onProblem: (p) => problems.push(p) });
    try {
      const ask = async (name: string) => decode((await overUdp(own.port, query({ name, type: 1 })))!).answers.map((r) => r.data);
      expect(await own.update(zones)).toBe(false);
      const moved = zone.replace('127.0.11.10', '127.0.11.99');
      expect(await own.update(new Map([...zones, ['team12.ccdc.example', `${team12}www IN SRV 0 0 80 x\n`], ['team11.ccdc.example', moved]]))).toBe(true);
      expect(problems).toEqual([expect.stringMatching(/^zone team12\.ccdc\.example: line \d+: type SRV .*\(its last good copy is served\)$/)]);
      expect(await ask('www.team11.ccdc.example')).toEqual(['127.0.11.99']);
      expect(await ask('www.team12.ccdc.example')).toEqual(['127.0.12.10']);
      // A new zone that cannot be read is not served at all.
      await own.update(new Map([...zones, ['team13.ccdc.example', 'www IN A 127.0.13.10\n']]));
      expect(problems[1]).toMatch(/^zone team13\.ccdc\.example: .*\(not served\)$/);
      expect(decode((await overUdp(own.port, query({ name: 'www.team13.ccdc.example', type: 1 })))!).rcode).toBe(5);
    } finally {
      await own.stop();
    }
  });

  it('holds up against garbage, lies and clients that never read, and still answers', async () => {
    // Datagrams that are no query: silence, not a crash.
    for (const junk of [Buffer.alloc(0), Buffer.from([1, 2, 3]), Buffer.alloc(12, 0xff), Buffer.alloc(5000, 0x41)]) {
      expect(await overUdp(ours.port, junk, 300)).toBeUndefined();
    }
    // A TCP length of zero, or over the largest query: the connection is closed.
    for (const length of [0, 0xffff]) {
      const socket = connect(ours.port, '127.0.0.1');
      const closed = new Promise((resolve) => socket.on('close', resolve));
      socket.on('error', () => undefined);
      socket.write(Buffer.from([length >> 8, length & 0xff, 0, 0]));
      await closed;
    }
    // A client that asks a lot and reads nothing is closed once its unread answers pile up: when it reads at last, it
    // finds a fraction of them and the end, long before its idle time (10 s) is out.
    const greedy = connect(ours.port, '127.0.0.1');
    greedy.pause();
    greedy.on('error', () => undefined);
    const ask = query({ name: 'big.team11.ccdc.example', type: 16 });
    const one = Buffer.concat([Buffer.from([0, ask.length]), ask]);
    const asked = 4000;
    for (let i = 0; i < asked / 100; i++) greedy.write(Buffer.concat(Array<Buffer>(100).fill(one)));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    let read = 0;
    greedy.on('data', (chunk: Buffer) => (read += chunk.length));
    const greedyClosed = new Promise((resolve) => greedy.on('close', () => resolve('closed')));
    greedy.resume();
    expect(await Promise.race([greedyClosed, new Promise((resolve) => setTimeout(resolve, 5000, 'still open'))])).toBe('closed');
    expect(read).toBeLessThan((asked * zoneAnswerBytes) / 2);
    // A flood of connections that never send: the ones past the limit (64) are closed at once, the server carries on.
    const idle: Socket[] = [];
    let closedAtOnce = 0;
    for (let i = 0; i < 100; i++) {
      const socket = connect(ours.port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.on('close', () => closedAtOnce++);
      idle.push(socket);
    }
    await expect.poll(() => closedAtOnce, { timeout: 5000 }).toBe(36);
    expect(decode((await overUdp(ours.port, query({ name: 'www.team11.ccdc.example', type: 1 })))!).answers[0]!.data).toBe('127.0.11.10');
    // Once they go, TCP answers again (as soon as the server has seen them close).
    idle.forEach((s) => s.destroy());
    const tcpAnswer = async () => (await overTcp(ours.port, [query({ name: 'www.team11.ccdc.example', type: 1 })]))[0];
    await expect.poll(async () => (await tcpAnswer()) !== undefined, { timeout: 5000 }).toBe(true);
    expect(decode((await tcpAnswer())!).answers[0]!.data).toBe('127.0.11.10');
  }, 30_000);

  it('answers on loopback only', async () => {
    await expect(ZoneDns.start({ addresses: ['10.0.0.1'], zones })).rejects.toThrow(/loopback addresses only/);
  });
});
