/**
 * The RDP check against a real FreeRDP shadow server with NLA on Xvfb
 * (test/support/daemons/freerdp-shadow.ts), the same server without NLA, and
 * hostile servers: each ends in a pass or a failure with its reason and
 * category, never a crash; no reason holds a password, and no byte of one
 * leaves the agent but inside the NTLMv2 response.
 */
import { randomBytes } from 'node:crypto';
import { createServer, Socket, type Server } from 'node:net';
import { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckAccount } from '#shared/domain/accounts';
import type { RdpCheck } from '#shared/domain/check-definitions';
import { runCheck, type CheckOutcome } from '../../functions/agent/kinds';
import { ByteStream } from '../../functions/agent/kinds/byte-stream';
import { encodeTsRequest, readTsRequest } from '../../functions/agent/kinds/credssp';
import { der, derElements, derInteger, derOnly } from '../../functions/agent/kinds/der';
import { ntHash } from '../../functions/agent/kinds/legacy-crypto';
import { selfSignedCertificate } from '../../functions/agent/local/certificate';
import { freePort, startTogether } from '../support/daemons/daemon';
import { startFreerdpShadow, type FreerdpShadowInfo } from '../support/daemons/freerdp-shadow';

const PASSWORD = `Desk-${randomBytes(4).toString('hex')}`;
const ACCOUNT: CheckAccount = { username: 'desk', password: PASSWORD };
const outcomes: CheckOutcome[] = [];
const secrets = [PASSWORD];

async function check(port: number, account: CheckAccount | undefined, options: Partial<RdpCheck> = {}): Promise<CheckOutcome> {
  const outcome = await runCheck({ host: 'desk.team1.example', address: '127.0.0.1', port }, { check: 'rdp', timeout_seconds: 5, ...options }, { account });
  outcomes.push(outcome);
  return outcome;
}

afterAll(() => {
  for (const outcome of outcomes) if (!outcome.passed) for (const secret of secrets) expect(outcome.error).not.toContain(secret);
});

/** Every form a password could leave in: as typed, as Windows encodes it, its NT hash (what pass-the-hash needs), each also in hex and base64. */
function passwordForms(password: string): Buffer[] {
  const raw = [Buffer.from(password, 'utf8'), Buffer.from(password, 'utf16le'), ntHash(password)];
  return raw.flatMap((bytes) => [bytes, Buffer.from(bytes.toString('hex')), Buffer.from(bytes.toString('base64'))]);
}

describe("the RDP check against FreeRDP's shadow server (Xvfb, loopback)", () => {
  let nla: FreerdpShadowInfo;
  let tlsOnly: FreerdpShadowInfo;
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    const started = await startTogether([
      startFreerdpShadow({ security: 'nla', accounts: [{ user: 'desk', password: PASSWORD }] }),
      startFreerdpShadow({ security: 'tls', accounts: [] }),
    ] as const);
    [nla, tlsOnly] = [started[0].info, started[1].info];
    stops.push(...started.map((s) => s.stop));
  }, 60_000);
  afterAll(() => Promise.all(stops.map((stop) => stop())));

  it("signs in with NLA as the round's account, and tells a wrong password and an unknown account from it", async () => {
    expect(await check(nla.port, ACCOUNT)).toEqual({ passed: true });
    const refused = { passed: false, error: 'NLA sign-in refused: the server hung up after the account was sent', category: 'login failed' };
    expect(await check(nla.port, { username: 'desk', password: `${PASSWORD}-old` })).toEqual(refused);
    expect(await check(nla.port, { username: 'nobody', password: PASSWORD })).toEqual(refused);
  });

  it('sends no byte of the password but the NTLMv2 response, and never TSCredentials', async () => {
    const written: Buffer[] = [];
    // Socket.write sees the plaintext of both the X.224 bytes and everything sent inside TLS (TLSSocket inherits it).
    const original = Socket.prototype.write;
    const spy = vi.spyOn(Socket.prototype, 'write').mockImplementation(function (this: Socket, chunk: unknown, ...rest: unknown[]) {
      if (Buffer.isBuffer(chunk) || typeof chunk === 'string') written.push(Buffer.from(chunk));
      return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    });
    try {
      expect(await check(nla.port, ACCOUNT)).toEqual({ passed: true });
    } finally {
      spy.mockRestore();
    }
    const sent = Buffer.concat(written);
    for (const form of passwordForms(PASSWORD)) expect(sent.includes(form), form.toString('latin1')).toBe(false);
    // The Connection Request, then two TSRequests: NEGOTIATE, and AUTHENTICATE with the key echo. Neither carries authInfo ([2]).
    const requests = written.filter((chunk) => chunk[0] === 0x30).map((chunk) => derElements(derOnly(chunk, 0x30, 'sent'), 'sent').map((e) => e.tag));
    expect(requests).toEqual([
      [0xa0, 0xa1],
      [0xa0, 0xa1, 0xa3, 0xa5],
    ]);
  });

  it('fails a server without NLA as such, and passes it when the check asks only for the negotiation', async () => {
    expect(await check(tlsOnly.port, ACCOUNT)).toEqual({
      passed: false,
      error: 'the server offers no NLA (it chose TLS alone): the account cannot be checked',
      category: 'no NLA',
    });
    expect(await check(tlsOnly.port, undefined, { nla: false })).toEqual({ passed: true });
    expect(await check(nla.port, undefined, { nla: false })).toEqual({ passed: true });
  });

  it('fails without a password to sign in with, and a stopped server, as such', async () => {
    expect(await check(nla.port, undefined)).toMatchObject({ passed: false, category: 'agent error' });
    expect(await check(nla.port, { username: 'desk', private_key: '-----BEGIN OPENSSH PRIVATE KEY-----' })).toMatchObject({
      passed: false,
      category: 'agent error',
    });
    expect(await check(await freePort(), ACCOUNT)).toEqual({ passed: false, error: 'connection refused', category: 'connection refused' });
  });
});

describe('the RDP check against hostile servers', () => {
  const servers: Server[] = [];
  const tls = selfSignedCertificate(['desk.team1.example']);
  afterAll(() => servers.forEach((server) => server.close()));

  /** A server that runs `play` on each connection. */
  async function hostile(play: (socket: Socket) => unknown): Promise<number> {
    const server = createServer((socket) => {
      socket.on('error', () => undefined);
      Promise.resolve(play(socket)).catch(() => socket.destroy());
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  }

  /** Writes bytes into `socket` for as long as it is open, as fast as it takes them. */
  function pour(socket: Socket): void {
    const junk = Buffer.alloc(16 * 1024, 0x41);
    const more = () => {
      while (!socket.destroyed && socket.write(junk));
      if (!socket.destroyed) socket.once('drain', more);
    };
    more();
  }

  /** Reads the Connection Request and answers a Connection Confirm: RDP_NEG_RSP with `protocol`, or RDP_NEG_FAILURE with `failure`. */
  async function confirm(socket: Socket, answer: { protocol: number } | { failure: number }): Promise<void> {
    await ByteStream.over(socket).read(19);
    const negotiation = Buffer.alloc(8);
    negotiation.writeUInt8('protocol' in answer ? 0x02 : 0x03, 0);
    negotiation.writeUInt16LE(8, 2);
    negotiation.writeUInt32LE('protocol' in answer ? answer.protocol : answer.failure, 4);
    socket.write(Buffer.concat([Buffer.from([3, 0, 0, 19, 14, 0xd0, 0, 0, 0x12, 0x34, 0]), negotiation]));
  }

  /** NLA chosen and TLS done: the server's side of the TLS session, its client's TSRequests read with the client's own parser. */
  async function nlaSession(socket: Socket): Promise<{ secure: TLSSocket; stream: ByteStream }> {
    await confirm(socket, { protocol: 2 });
    socket.removeAllListeners('data');
    const secure = new TLSSocket(socket, { isServer: true, ...tls });
    secure.on('error', () => undefined);
    return { secure, stream: ByteStream.over(secure) };
  }

  /** MS-NLMP §4.2.4.3's CHALLENGE_MESSAGE (it grants sealing and key exchange). */
  const CHALLENGE = Buffer.from(
    `4e 54 4c 4d 53 53 50 00 02 00 00 00 0c 00 0c 00  38 00 00 00 33 82 8a e2 01 23 45 67 89 ab cd ef
     00 00 00 00 00 00 00 00 24 00 24 00 44 00 00 00  06 00 70 17 00 00 00 0f 53 00 65 00 72 00 76 00
     65 00 72 00 02 00 0c 00 44 00 6f 00 6d 00 61 00  69 00 6e 00 01 00 0c 00 53 00 65 00 72 00 76 00
     65 00 72 00 00 00 00 00`.replace(/\s+/g, ''),
    'hex',
  );
  const challenged = async (socket: Socket) => {
    const session = await nlaSession(socket);
    await readTsRequest(session.stream);
    session.secure.write(encodeTsRequest({ version: 6, negoToken: CHALLENGE }));
    return session;
  };

  it('fails what is not RDP, and a server that floods or drips, within its deadline', async () => {
    const http = await hostile((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    expect(await check(http, ACCOUNT)).toEqual({ passed: false, error: 'not an RDP server (it sent "HTTP")', category: 'protocol error' });
    const flood = await hostile((socket) => {
      // A TPKT packet of the most bytes its length allows, then no end of them.
      socket.write(Buffer.from([3, 0, 0xff, 0xff]));
      pour(socket);
    });
    expect(await check(flood, ACCOUNT)).toMatchObject({ passed: false, category: 'protocol error' });
    const drip = await hostile(async (socket) => {
      const answer = Buffer.from([3, 0, 0, 19, 14, 0xd0, 0, 0, 0, 0, 0, 2, 0, 8, 0, 2, 0, 0, 0]);
      for (const byte of answer) {
        if (socket.destroyed) return;
        socket.write(Buffer.of(byte));
        await new Promise((r) => setTimeout(r, 400));
      }
    });
    expect(await check(drip, ACCOUNT, { timeout_seconds: 2 })).toEqual({
      passed: false,
      error: 'timeout after 2 s waiting for the Connection Confirm',
      category: 'timeout',
    });
  });

  it('fails a TLS server that answers CredSSP with garbage, a length past any sign-in, or a flood', async () => {
    const garbage = await hostile(async (socket) => {
      const { secure, stream } = await nlaSession(socket);
      await readTsRequest(stream);
      secure.write('garbage!');
    });
    expect(await check(garbage, ACCOUNT)).toEqual({
      passed: false,
      error: "the server's CredSSP message is not a TSRequest (it starts with 0x67)",
      category: 'protocol error',
    });
    const huge = await hostile(async (socket) => {
      const { secure, stream } = await nlaSession(socket);
      await readTsRequest(stream);
      secure.write(Buffer.from([0x30, 0x83, 0xff, 0xff, 0xff]));
    });
    expect(await check(huge, ACCOUNT)).toEqual({
      passed: false,
      error: "the server's CredSSP message announces 16777215 bytes, more than a sign-in's",
      category: 'protocol error',
    });
    const flood = await hostile(async (socket) => {
      const { secure, stream } = await nlaSession(socket);
      await readTsRequest(stream);
      // A TSRequest that announces 60 000 bytes, then never stops.
      secure.write(Buffer.from([0x30, 0x82, 0xea, 0x60]));
      pour(secure);
    });
    expect(await check(flood, ACCOUNT)).toMatchObject({ passed: false, category: 'protocol error' });
  });

  it("takes a server's errorCode for a refusal, and refuses a public key echo that does not match", async () => {
    const refusing = await hostile(async (socket) => {
      const session = await challenged(socket);
      await readTsRequest(session.stream);
      session.secure.write(der(0x30, der(0xa0, derInteger(6)), der(0xa4, der(0x02, Buffer.from('c000006d', 'hex')))));
    });
    expect(await check(refusing, ACCOUNT)).toEqual({ passed: false, error: 'NLA sign-in refused (STATUS_LOGON_FAILURE)', category: 'login failed' });
    const impostor = await hostile(async (socket) => {
      const session = await challenged(socket);
      await readTsRequest(session.stream);
      session.secure.write(encodeTsRequest({ version: 6, pubKeyAuth: randomBytes(48) }));
    });
    expect(await check(impostor, ACCOUNT)).toEqual({
      passed: false,
      error: "the server's public key echo does not match its certificate (not the server that signed the TLS session?)",
      category: 'protocol error',
    });
  });

  it('finishes a TLS 1.0 handshake, as old Windows servers offer only that', async () => {
    const old = await hostile(async (socket) => {
      await confirm(socket, { protocol: 1 });
      socket.removeAllListeners('data');
      const secure = new TLSSocket(socket, { isServer: true, ...tls, minVersion: 'TLSv1', maxVersion: 'TLSv1', ciphers: 'DEFAULT:@SECLEVEL=0' });
      secure.on('error', () => undefined);
      secure.once('secure', () => secure.write(''));
    });
    expect(await check(old, undefined, { nla: false })).toEqual({ passed: true });
  });

  it('fails a server that does standard RDP security alone as no NLA, or passes it on the negotiation alone', async () => {
    const rdpOnly = await hostile((socket) => confirm(socket, { failure: 2 }));
    expect(await check(rdpOnly, ACCOUNT)).toEqual({
      passed: false,
      error: 'the server does standard RDP security alone (SSL_NOT_ALLOWED_BY_SERVER): no NLA to sign in with',
      category: 'no NLA',
    });
    expect(await check(rdpOnly, undefined, { nla: false })).toEqual({ passed: true });
    const unasked = await hostile((socket) => confirm(socket, { protocol: 8 }));
    expect(await check(unasked, ACCOUNT)).toEqual({
      passed: false,
      error: 'the server chose a protocol the check did not offer: NLA with early user authorization',
      category: 'protocol error',
    });
  });
});
