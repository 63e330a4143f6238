/**
 * The VNC check against a real TigerVNC (Xtigervnc, started here:
 * test/support/daemons/xtigervnc.ts), the older protocol versions and an
 * open desktop against the demo's server (lib/local/demo/vnc.ts), and
 * hostile servers: each ends in a pass or a failure with its reason and
 * category, never a crash, and no reason holds a password.
 */
import { randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckAccount } from '#shared/domain/accounts';
import { runCheck, type CheckOutcome } from '../../functions/agent/kinds';
import { ByteStream } from '../../functions/agent/kinds/byte-stream';
import { CheckFailure } from '../../functions/agent/kinds/probe';
import { rfbMinorVersion } from '../../functions/agent/kinds/vnc';
import { vncServer, type VncServerOptions } from '../../lib/local/demo/vnc';
import { freePort } from '../support/daemons/daemon';
import { setVncPassword, startXtigervnc, type XtigervncInfo } from '../support/daemons/xtigervnc';

let vnc: XtigervncInfo;
let stopVnc: () => Promise<void>;
const outcomes: CheckOutcome[] = [];
const secrets: string[] = [];

beforeAll(async () => {
  ({ info: vnc, stop: stopVnc } = await startXtigervnc());
  secrets.push(vnc.password);
});
afterAll(async () => {
  await stopVnc?.();
  for (const outcome of outcomes) {
    if (!outcome.passed) for (const secret of secrets) expect(outcome.error).not.toContain(secret);
  }
});

async function check(port: number, account: CheckAccount | undefined, timeout_seconds = 5): Promise<CheckOutcome> {
  const outcome = await runCheck({ host: 'desk.team1.example', address: '127.0.0.1', port }, { check: 'vnc', timeout_seconds }, { account });
  outcomes.push(outcome);
  return outcome;
}
const account = (password: string): CheckAccount => ({ username: 'console', password });

describe('the VNC check against TigerVNC (Xtigervnc on loopback)', () => {
  it("signs in with the account's password and reads the desktop, its user name only a label", async () => {
    expect(await check(vnc.port, account(vnc.password))).toEqual({ passed: true });
    expect(await check(vnc.port, { username: 'anything at all', password: vnc.password })).toEqual({ passed: true });
  });

  it("reads only a password's first 8 bytes, as every VNC server does", async () => {
    const eight = `Ei8-${randomUUID().slice(0, 4)}`;
    secrets.push(eight);
    setVncPassword(vnc.passwordFile, eight);
    try {
      expect(await check(vnc.port, account(`${eight}-and-the-rest-is-never-read`))).toEqual({ passed: true });
    } finally {
      setVncPassword(vnc.passwordFile, vnc.password);
    }
  });

  it("fails a wrong password with the server's reason, and the old one once a blue team changed it", async () => {
    const wrong = `Wr-${randomUUID().slice(0, 5)}`;
    secrets.push(wrong);
    expect(await check(vnc.port, account(wrong))).toEqual({ passed: false, error: 'VNC password refused: "Authentication failure"', category: 'login failed' });
    const changed = `Ch-${randomUUID().slice(0, 5)}`;
    secrets.push(changed);
    setVncPassword(vnc.passwordFile, changed);
    try {
      expect(await check(vnc.port, account(vnc.password))).toMatchObject({ passed: false, category: 'login failed' });
      expect(await check(vnc.port, account(changed))).toEqual({ passed: true });
    } finally {
      setVncPassword(vnc.passwordFile, vnc.password);
    }
    // A longer password that fails says that only its first 8 bytes count.
    expect(await check(vnc.port, account(`${wrong}-longer`))).toEqual({
      passed: false,
      error: `VNC password refused: "Authentication failure" (VNC reads only the password's first 8 bytes)`,
      category: 'login failed',
    });
  });

  it('fails without a password to sign in with, and a stopped server, as such', async () => {
    expect(await check(vnc.port, undefined)).toMatchObject({ passed: false, category: 'agent error' });
    expect(await check(vnc.port, { username: 'console', private_key: '-----BEGIN OPENSSH PRIVATE KEY-----' })).toMatchObject({
      passed: false,
      category: 'agent error',
    });
    expect(await check(await freePort(), account(vnc.password))).toEqual({ passed: false, error: 'connection refused', category: 'connection refused' });
  });
});

describe('the VNC check against other servers', () => {
  const servers: Server[] = [];
  async function serve(server: Server): Promise<number> {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  }
  const demo = (options: VncServerOptions) => serve(vncServer([account('Demo-Pa5')], options));
  /** A server that runs `play` on each connection. */
  const hostile = (play: (socket: Socket) => void) =>
    serve(
      createServer((socket) => {
        socket.on('error', () => undefined);
        play(socket);
      }),
    );
  afterAll(() => servers.forEach((server) => server.close()));

  it('speaks RFB 3.3, 3.7 and 3.8', async () => {
    for (const version of ['3.3', '3.7', '3.8'] as const) {
      const port = await demo({ version });
      expect(await check(port, account('Demo-Pa5')), version).toEqual({ passed: true });
      expect(await check(port, account('Wrong-Pa')), version).toMatchObject({ passed: false, category: 'login failed' });
    }
    // 3.7 says no reason.
    expect(await check(await demo({ version: '3.7' }), account('Wrong-Pa'))).toEqual({
      passed: false,
      error: 'VNC password refused',
      category: 'login failed',
    });
  });

  it('reads the versions servers announce as they are meant', () => {
    expect(rfbMinorVersion('RFB 003.003\n')).toBe(3);
    expect(rfbMinorVersion('RFB 003.005\n')).toBe(3);
    expect(rfbMinorVersion('RFB 003.007\n')).toBe(7);
    expect(rfbMinorVersion('RFB 003.008\n')).toBe(8);
    expect(rfbMinorVersion('RFB 003.889\n')).toBe(8);
    expect(rfbMinorVersion('RFB 004.001\n')).toBe(8);
    expect(rfbMinorVersion('RFB 002.002\n')).toBeUndefined();
    expect(rfbMinorVersion('SSH-2.0-Open')).toBeUndefined();
  });

  it('fails a desktop open to anyone, and one that offers only security types the check does not speak', async () => {
    for (const version of ['3.3', '3.8'] as const) {
      expect(await check(await demo({ version, security: 'none' }), account('Demo-Pa5')), version).toEqual({
        passed: false,
        error: 'the server asks for no password (security type None): anyone may take the desktop',
        category: 'login failed',
      });
    }
    const vencrypt = await hostile((socket) => {
      socket.write('RFB 003.008\n');
      socket.once('data', () => socket.write(Buffer.of(2, 19, 5)));
    });
    expect(await check(vencrypt, account('Demo-Pa5'))).toEqual({
      passed: false,
      error: 'the server offers only security types the check does not speak: VeNCrypt (19), RA2 (5)',
      category: 'protocol error',
    });
    const turnedAway = await hostile((socket) => {
      socket.write('RFB 003.008\n');
      const reason = Buffer.from('Too many security failures');
      socket.once('data', () => socket.write(Buffer.concat([Buffer.of(0, 0, 0, 0, reason.length), reason])));
    });
    expect(await check(turnedAway, account('Demo-Pa5'))).toEqual({
      passed: false,
      error: 'the server turned the connection away: "Too many security failures"',
      category: 'protocol error',
    });
  });

  it('survives a server that is not VNC, a flood, a slow drip and a reason announced at 4 GiB', async () => {
    const ssh = await hostile((socket) => socket.end('SSH-2.0-OpenSSH_9.2p1\r\n'));
    expect(await check(ssh, account('Demo-Pa5'))).toEqual({ passed: false, error: 'not a VNC server (it sent "SSH-2.0-Open")', category: 'protocol error' });

    // A flood of 0xff: 255 security types, every one unknown; the reason names as many as it holds.
    const flood = await hostile((socket) => {
      socket.write('RFB 003.008\n');
      const chunk = Buffer.alloc(64 * 1024, 0xff);
      const pump = () => {
        while (socket.writable && socket.write(chunk));
      };
      socket.on('drain', pump);
      socket.once('data', pump);
    });
    const flooded = await check(flood, account('Demo-Pa5'));
    expect(flooded).toMatchObject({ passed: false, category: 'protocol error' });
    expect((flooded as { error: string }).error).toMatch(/^the server offers only security types the check does not speak: unknown \(255\), .*…$/);

    const drip = await hostile((socket) => {
      const greeting = Buffer.from('RFB 003.008\n');
      let at = 0;
      const timer = setInterval(() => (at < greeting.length ? socket.write(greeting.subarray(at, ++at)) : clearInterval(timer)), 400);
      socket.on('close', () => clearInterval(timer));
    });
    expect(await check(drip, account('Demo-Pa5'), 1)).toEqual({
      passed: false,
      error: 'timeout after 1 s waiting for the protocol version',
      category: 'timeout',
    });

    const endless = await hostile((socket) => {
      socket.write('RFB 003.008\n');
      socket.once('data', () => {
        socket.write(Buffer.of(1, 2));
        socket.once('data', () => {
          socket.write(randomUUID().slice(0, 16));
          socket.once('data', () => socket.write(Buffer.of(0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff, ...Buffer.from('Go away'))));
        });
      });
    });
    expect(await check(endless, account('Demo-Pa5'))).toEqual({ passed: false, error: 'VNC password refused: "Go away"', category: 'login failed' });
  });
});

describe('a binary session (ByteStream)', () => {
  it('ends, rather than buffer it, when a peer sends more than it was asked for', async () => {
    const server = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.end(Buffer.alloc(256 * 1024, 7));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const socket = connect((server.address() as { port: number }).port, '127.0.0.1');
      const session = ByteStream.over(socket, 64 * 1024);
      session.step = 'the greeting';
      // Nothing is read until the peer is done: whatever it sent past 64 KiB was refused, not kept.
      await new Promise((resolve) => socket.once('close', resolve));
      const failure = await session.read(1).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CheckFailure);
      expect((failure as CheckFailure).outcome).toEqual({
        passed: false,
        error: 'the server sent more than 64 KiB unasked, waiting for the greeting',
        category: 'protocol error',
      });
    } finally {
      server.close();
    }
  });

  it('quotes a text field announced at 4 GiB from what has come, without waiting for the rest', async () => {
    const server = createServer((socket) =>
      socket.on('error', () => undefined).write(Buffer.concat([Buffer.of(0xff, 0xff, 0xff, 0xff), Buffer.from('Go away')])),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const socket = connect((server.address() as { port: number }).port, '127.0.0.1');
      const session = ByteStream.over(socket);
      const length = await session.u32();
      // The u32 and the text came in one write: both are here once the length is.
      expect(await session.text(length, 256)).toBe('Go away');
      session.close();
    } finally {
      server.close();
    }
  });
});
