/**
 * The SMB check against a scripted SMB 2.1 server of the test's own (it
 * signs, and lies where a test tells it to) and hostile ones: each check
 * ends in a pass or a failure with its reason and category, never a crash,
 * and no reason holds a password. The same check against real Samba is
 * test/agent/smb-kind.test.ts.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckAccount } from '#shared/domain/accounts';
import type { SmbCheck } from '#shared/domain/check-definitions';
import { ntowfv2, rc4 } from '../../functions/agent/kinds/legacy-crypto';
import { fileNamesInformation } from '../support/smb';
import { smbChecks } from './smb-check';

const { check, secrets } = smbChecks();

const FAKE_PASSWORD = 'Fake-Share-Pa55';
const fakeAccount: CheckAccount = { username: 'FILES\\clerk', password: FAKE_PASSWORD };
// Its password, and a wrong one a test signs in with.
secrets.push(FAKE_PASSWORD, 'Not-The-Pa55');
const FAKE_FILE = Buffer.from('Welcome to the scripted file server\n');

/** MS-NLMP §4.2.4.3's CHALLENGE_MESSAGE, as a server's SPNEGO NegTokenResp carries it. */
const CHALLENGE = Buffer.from(
  '4e544c4d53535000020000000c000c003800000033828ae20123456789abcdef00000000000000002400240044000000060070170000000f53006500720076006500720002000c0044006f006d00610069006e0001000c0053006500720076006500720000000000',
  'hex',
);
const der = (tag: number, content: Buffer) =>
  Buffer.concat([Buffer.from(content.length < 0x80 ? [tag, content.length] : [tag, 0x81, content.length]), content]);
const challengeToken = (challenge = CHALLENGE) =>
  der(0xa1, der(0x30, Buffer.concat([der(0xa0, Buffer.from('0a0101', 'hex')), der(0xa2, der(0x04, challenge))])));

interface Request {
  command: number;
  messageId: bigint;
  message: Buffer;
}

/** How a scripted server answers one request: frames to send (a lie, a flood) or nothing; undefined leaves it to the honest server. */
type Lie = (request: Request, server: ScriptedSmb) => Buffer[] | undefined;

/**
 * An SMB 2.1 server of the test's own that knows one password (any user
 * name) and one file: it signs every answer after the sign-in, as Samba
 * does, having worked the session key out of the AUTHENTICATE_MESSAGE with
 * the password. `lie` takes over the requests it wants to.
 */
class ScriptedSmb {
  key: Buffer | undefined;
  dialect = 0x0210;

  constructor(readonly lie: Lie = () => undefined) {}

  /** An answer to `request`: its header echoed as an answer, signed once there is a key. */
  answer(request: Request, body: Buffer, { status = 0, treeId = 0, flags = 0, sign = true } = {}): Buffer {
    const header = Buffer.alloc(64);
    request.message.copy(header, 0, 0, 64);
    header.writeUInt32LE(status, 8);
    header.writeUInt16LE(32, 14);
    header.writeUInt32LE(0x1 | flags, 16);
    header.writeUInt32LE(treeId, 36);
    header.writeBigUInt64LE(1n, 40);
    header.fill(0, 48, 64);
    const message = Buffer.concat([header, body]);
    if (this.key && sign && !(flags & 0x2 && status === 0x103)) {
      message.writeUInt32LE(message.readUInt32LE(16) | 0x8, 16);
      createHmac('sha256', this.key).update(message).digest().copy(message, 48, 0, 16);
    }
    return frame(message);
  }

  honest(request: Request): Buffer[] {
    const body = request.message.subarray(64);
    switch (request.command) {
      case 0: {
        const negotiate = Buffer.alloc(64);
        negotiate.writeUInt16LE(65, 0);
        negotiate.writeUInt16LE(1, 2);
        negotiate.writeUInt16LE(this.dialect, 4);
        for (const at of [28, 32, 36]) negotiate.writeUInt32LE(65536, at);
        negotiate.writeUInt16LE(128, 56);
        return [this.answer(request, negotiate)];
      }
      case 1: {
        const token = body.subarray(body.readUInt16LE(12) - 64, body.readUInt16LE(12) - 64 + body.readUInt16LE(14));
        const ntlm = token.subarray(token.indexOf('NTLMSSP\0'));
        if (ntlm.readUInt32LE(8) === 1) return [this.answer(request, sessionSetupAnswer(challengeToken()), { status: 0xc0000016 })];
        const field = (at: number) => ntlm.subarray(ntlm.readUInt32LE(at + 4), ntlm.readUInt32LE(at + 4) + ntlm.readUInt16LE(at));
        const [domain, user] = [field(28).toString('utf16le'), field(36).toString('utf16le')];
        const ntProofStr = field(20).subarray(0, 16);
        const baseKey = createHmac('md5', ntowfv2(FAKE_PASSWORD, user, domain))
          .update(ntProofStr)
          .digest();
        this.key = rc4(baseKey, field(52));
        return [this.answer(request, sessionSetupAnswer(Buffer.alloc(0)))];
      }
      case 3: {
        const tree = Buffer.alloc(16);
        tree.writeUInt16LE(16, 0);
        tree.writeUInt8(1, 2);
        return [this.answer(request, tree, { treeId: 1 })];
      }
      case 5: {
        const created = Buffer.alloc(88);
        created.writeUInt16LE(89, 0);
        created.writeBigUInt64LE(BigInt(FAKE_FILE.length), 48); // EndofFile
        created.fill(7, 64, 80);
        return [this.answer(request, created, { treeId: 1 })];
      }
      case 8: {
        if (body.readBigUInt64LE(8) >= BigInt(FAKE_FILE.length)) return [this.answer(request, errorBody, { status: 0xc0000011, treeId: 1 })];
        return [this.answer(request, readAnswer(FAKE_FILE), { treeId: 1 })];
      }
      case 14:
        return [this.answer(request, listing(['.', '..', 'welcome.txt']), { treeId: 1 })];
      case 6:
        return [this.answer(request, Buffer.concat([Buffer.from([60, 0]), Buffer.alloc(58)]), { treeId: 1 })];
      case 2:
        return [this.answer(request, Buffer.from([4, 0, 0, 0]))];
      default:
        return [];
    }
  }
}

/** An error answer's body (MS-SMB2 §2.2.2): StructureSize 9, no error data. */
const errorBody = Buffer.from([9, 0, 0, 0, 0, 0, 0, 0, 0]);

function frame(message: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(message.length);
  return Buffer.concat([header, message]);
}

function sessionSetupAnswer(token: Buffer, sessionFlags = 0): Buffer {
  const body = Buffer.alloc(8);
  body.writeUInt16LE(9, 0);
  body.writeUInt16LE(sessionFlags, 2);
  body.writeUInt16LE(72, 4);
  body.writeUInt16LE(token.length, 6);
  return Buffer.concat([body, token]);
}

function readAnswer(data: Buffer, { offset = 80, length = data.length } = {}): Buffer {
  const body = Buffer.alloc(16);
  body.writeUInt16LE(17, 0);
  body.writeUInt8(offset, 2);
  body.writeUInt32LE(length, 4);
  return Buffer.concat([body, data]);
}

function listing(names: string[]): Buffer {
  const entries = fileNamesInformation(names);
  const body = Buffer.alloc(8);
  body.writeUInt16LE(9, 0);
  body.writeUInt16LE(72, 2);
  body.writeUInt32LE(entries.length, 4);
  return Buffer.concat([body, entries]);
}

describe('the SMB check against scripted and hostile servers', () => {
  const servers: Server[] = [];
  async function serve(server: Server): Promise<number> {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  }
  /** A server that runs `play` on each connection. */
  const hostile = (play: (socket: Socket) => void) =>
    serve(
      createServer((socket) => {
        socket.on('error', () => undefined);
        play(socket);
      }),
    );
  /** A scripted SMB server: reads each framed request and answers as `lie` says, or as an honest server would. */
  const scripted = (lie?: Lie, setUp: (server: ScriptedSmb) => void = () => undefined) =>
    hostile((socket) => {
      const server = new ScriptedSmb(lie);
      setUp(server);
      let buffered = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        while (buffered.length >= 4 && buffered.length >= 4 + buffered.readUInt32BE(0)) {
          const message = buffered.subarray(4, 4 + buffered.readUInt32BE(0));
          buffered = buffered.subarray(4 + message.length);
          const request = { command: message.readUInt16LE(12), messageId: message.readBigUInt64LE(24), message };
          for (const bytes of server.lie(request, server) ?? server.honest(request)) socket.write(bytes);
        }
      });
    });
  afterAll(() => servers.forEach((server) => server.close()));
  const read = { file: 'welcome.txt', content: '^Welcome', expect: 'welcome.txt' };
  /** The honest answer to each SESSION_SETUP, but the final one (the server has a key once it read the AUTHENTICATE) replaced. */
  const finalSessionSetup =
    (answer: (request: Request, server: ScriptedSmb) => Buffer): Lie =>
    (request, server) => {
      if (request.command !== 1) return undefined;
      const honest = server.honest(request);
      return server.key ? [answer(request, server)] : honest;
    };

  it('passes a server that answers as MS-SMB2 describes, interim answers and unasked notices included', async () => {
    expect(await check(await scripted(), fakeAccount, read)).toEqual({ passed: true });
    const patient = await scripted((request, server) => {
      if (request.command !== 3) return undefined;
      // STATUS_PENDING (async, unsigned), an oplock break nobody asked for (MessageId −1), then the answer.
      const interim = server.answer(request, errorBody, { status: 0x103, flags: 0x2 });
      const notice = server.answer(request, errorBody, { sign: false });
      notice.writeBigUInt64LE(0xffff_ffff_ffff_ffffn, 4 + 24);
      return [interim, notice, ...server.honest(request)];
    });
    expect(await check(patient, fakeAccount, read)).toEqual({ passed: true });
  });

  it('fails an answer that is not signed, or whose signature does not verify: a man in the middle', async () => {
    const unsigned = await scripted(finalSessionSetup((request, server) => server.answer(request, sessionSetupAnswer(Buffer.alloc(0)), { sign: false })));
    expect(await check(unsigned, fakeAccount)).toEqual({
      passed: false,
      error: "the server's answer to SESSION_SETUP is not signed, though the session is",
      category: 'protocol error',
    });
    const forged = await scripted((request, server) => {
      if (request.command !== 5) return undefined;
      const answer = server.honest(request)[0]!;
      answer.writeUInt8(answer.readUInt8(4 + 48) ^ 0xff, 4 + 48);
      return [answer];
    });
    expect(await check(forged, fakeAccount, read)).toEqual({
      passed: false,
      error: "the server's answer to CREATE has a signature that does not verify",
      category: 'protocol error',
    });
    // A server that does not know the password signs with another key.
    expect(await check(await scripted(), { username: 'clerk', password: 'Not-The-Pa55' })).toEqual({
      passed: false,
      error: "the server's answer to SESSION_SETUP has a signature that does not verify",
      category: 'protocol error',
    });
  });

  it('fails a guest session, and one the server would only encrypt', async () => {
    const guest = await scripted(finalSessionSetup((request, server) => server.answer(request, sessionSetupAnswer(Buffer.alloc(0), 0x1))));
    expect(await check(guest, fakeAccount)).toEqual({
      passed: false,
      error: 'the server took FILES\\clerk as a guest: it does not know the account',
      category: 'login failed',
    });
    const sealed = await scripted(finalSessionSetup((request, server) => server.answer(request, sessionSetupAnswer(Buffer.alloc(0), 0x4))));
    expect(await check(sealed, fakeAccount)).toEqual({
      passed: false,
      error: 'the server demands encryption for the whole session, which the check does not speak',
      category: 'protocol error',
    });
    const encrypting = await hostile((socket) =>
      socket.once('data', () => socket.write(frame(Buffer.concat([Buffer.from('\xfdSMB', 'latin1'), Buffer.alloc(60)])))),
    );
    expect(await check(encrypting, fakeAccount)).toEqual({
      passed: false,
      error: 'the server encrypts its answers, which the check does not speak',
      category: 'protocol error',
    });
  });

  it('fails answers whose lengths and offsets lie, wherever they are', async () => {
    const lies: [Lie, Partial<SmbCheck>, string][] = [
      [
        (request, server) => {
          if (request.command !== 0) return undefined;
          server.dialect = 0x0311;
          const [answer] = server.honest(request);
          answer!.writeUInt16LE(3, 4 + 64 + 6); // three negotiate contexts…
          answer!.writeUInt32LE(0xfff0, 4 + 64 + 60); // …far past the answer's end
          return [answer!];
        },
        {},
        "the server's negotiate contexts lie outside its answer",
      ],
      [
        (request, server) =>
          request.command === 1 ? [server.answer(request, sessionSetupAnswer(Buffer.alloc(0)).fill(0xff, 4, 8), { status: 0xc0000016 })] : undefined,
        {},
        "the server's answer to SESSION_SETUP points outside itself for its security token",
      ],
      [
        (request, server) => {
          if (request.command !== 1) return undefined;
          const challenge = Buffer.from(CHALLENGE);
          challenge.writeUInt32LE(0xffff, 44);
          return [server.answer(request, sessionSetupAnswer(challengeToken(challenge)), { status: 0xc0000016 })];
        },
        {},
        "the server's NTLM challenge: its target information runs past its end",
      ],
      [
        (request, server) => (request.command === 8 ? [server.answer(request, readAnswer(FAKE_FILE, { length: 1 << 20 }), { treeId: 1 })] : undefined),
        read,
        "the server's answer to READ points outside itself for its data",
      ],
      [
        (request, server) => (request.command === 8 ? [server.answer(request, readAnswer(Buffer.alloc(65536 + 100, 'x')), { treeId: 1 })] : undefined),
        read,
        `the server sent 65636 bytes of the file for ${FAKE_FILE.length} asked`,
      ],
      [
        (request, server) => {
          if (request.command !== 14) return undefined;
          const answer = listing(['a.txt', 'b.txt']);
          answer.writeUInt32LE(0x7fff_ffff, 8 + 8); // the first entry's name length
          return [server.answer(request, answer, { treeId: 1 })];
        },
        read,
        'a folder entry runs past the listing',
      ],
      [
        (request, server) => (request.command === 5 ? [server.answer(request, Buffer.from([89, 0, 0, 0]), { treeId: 1 })] : undefined),
        read,
        "the server's answer to CREATE is not the one MS-SMB2 describes",
      ],
    ];
    for (const [lie, parameters, error] of lies) {
      expect(await check(await scripted(lie), fakeAccount, parameters), error).toEqual({ passed: false, error, category: 'protocol error' });
    }
  });

  it('fails answers out of turn: a dialect not offered, another request answered, SMB1, an echo, statuses no step expects', async () => {
    const lies: [Lie, string][] = [
      [
        (request, server) => {
          if (request.command !== 0) return undefined;
          server.dialect = 0x02ff;
          return server.honest(request);
        },
        'the server chose dialect 0x02ff, which the check did not offer',
      ],
      [
        (request, server) => {
          if (request.command !== 3) return undefined;
          const [answer] = server.honest(request);
          answer!.writeBigUInt64LE(9n, 4 + 24);
          return [answer!];
        },
        'the server answered TREE_CONNECT #9 to TREE_CONNECT #3',
      ],
      [
        (request, server) => (request.command === 5 ? [server.answer(request, errorBody, { status: 0xc0000043, treeId: 1 })] : undefined),
        'the server answered CREATE with STATUS_SHARING_VIOLATION',
      ],
      [
        (request, server) => (request.command === 3 ? [server.answer(request, errorBody, { status: 0xc0001234 })] : undefined),
        'the server answered TREE_CONNECT with NT status 0xc0001234',
      ],
    ];
    for (const [lie, error] of lies) {
      expect(await check(await scripted(lie), fakeAccount, read), error).toEqual({ passed: false, error, category: 'protocol error' });
    }
    const smb1 = await hostile((socket) => socket.once('data', () => socket.write(frame(Buffer.concat([Buffer.from('\xffSMB', 'latin1'), Buffer.alloc(60)])))));
    expect(await check(smb1, fakeAccount)).toEqual({
      passed: false,
      error: 'the server answers in SMB1, which the check does not speak',
      category: 'protocol error',
    });
    const echo = await hostile((socket) => socket.on('data', (chunk) => socket.write(chunk)));
    expect(await check(echo, fakeAccount)).toEqual({
      passed: false,
      error: 'the server sent a request, not an answer (does it echo?)',
      category: 'protocol error',
    });
  });

  it('survives a server that is not SMB, a flood, a slow drip and a length of 16 MiB', async () => {
    const ssh = await hostile((socket) => socket.end('SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n'));
    expect(await check(ssh, fakeAccount)).toEqual({
      passed: false,
      error: 'not an SMB server (it sent "SSH-2.0-OpenSSH_9.2p1 Debian-2\\r\\n")',
      category: 'protocol error',
    });

    const announced = await hostile((socket) => socket.once('data', () => socket.write(Buffer.from([0, 0xff, 0xff, 0xff, 0xfe, 0x53, 0x4d, 0x42]))));
    expect(await check(announced, fakeAccount)).toEqual({
      passed: false,
      error: 'the server announces a message of 16777215 bytes, more than the check reads',
      category: 'protocol error',
    });

    // Notices nobody asked for, without end: the check stops waiting for its answer after a few.
    const flood = await scripted((request, server) => {
      const notice = server.honest({ ...request, command: 0 })[0]!;
      notice.writeBigUInt64LE(0xffff_ffff_ffff_ffffn, 4 + 24);
      return Array.from({ length: 1000 }, () => notice);
    });
    expect(await check(flood, fakeAccount)).toEqual({
      passed: false,
      error: 'the server sent more than 8 other answers before its answer to NEGOTIATE',
      category: 'protocol error',
    });

    // The honest answer to NEGOTIATE, a byte every 300 ms.
    const drip = await hostile((socket) =>
      socket.once('data', (chunk: Buffer) => {
        const message = chunk.subarray(4);
        const [answer] = new ScriptedSmb().honest({ command: 0, messageId: 0n, message });
        let at = 0;
        const timer = setInterval(() => (at < answer!.length ? socket.write(answer!.subarray(at, ++at)) : clearInterval(timer)), 300);
        socket.on('close', () => clearInterval(timer));
      }),
    );
    const started = Date.now();
    expect(await check(drip, fakeAccount, { timeout_seconds: 1 })).toEqual({
      passed: false,
      error: 'timeout after 1 s waiting for the negotiation',
      category: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);

    // A server that hangs up on SMB2 and on SMB1 alike is not called SMB1-only.
    const hangUp = await hostile((socket) => socket.once('data', () => socket.end()));
    expect(await check(hangUp, fakeAccount)).toEqual({
      passed: false,
      error: 'connection closed waiting for the answer about the negotiation',
      category: 'connection reset',
    });
  });
});
