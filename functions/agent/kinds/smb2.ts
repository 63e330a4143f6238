/**
 * A small SMB2/3 client (MS-SMB2), only what a share check needs: NEGOTIATE
 * (2.0.2, 2.1, 3.0, 3.0.2 and 3.1.1 with its preauthentication integrity),
 * SESSION_SETUP with NTLMv2 in SPNEGO (ntlm.ts), TREE_CONNECT, CREATE (read
 * only, sharing everything), READ, QUERY_DIRECTORY, CLOSE and LOGOFF, over
 * direct TCP. No SMB1, DFS, encryption, compounding, oplocks or writes.
 *
 * Every message after the sign-in is signed (HMAC-SHA256 for 2.x, AES-CMAC
 * for 3.x) and every answer's signature verified: the client asks for
 * signing, so a server signs whatever it answers, and one whose signature
 * does not verify is a man in the middle. Every length and offset an answer
 * gives is checked against the answer before it is read; an answer is at
 * most MAX_MESSAGE_BYTES, and the check's deadline bounds the rest. What a
 * server does wrong ends the check with a CheckFailure that says what.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ByteStream } from './byte-stream';
import { aesCmac } from './legacy-crypto';
import { ntlmAuthenticate, ntlmIdentity, ntlmNegotiate, parseNtlmChallenge, spnegoAuthenticate, spnegoInit, spnegoResponseToken } from './ntlm';
import { CheckFailure, printable, refuse, type ProbeTarget } from './probe';
import { LOGIN_REFUSALS, STATUS, statusName } from './nt-status';

/** The dialects offered, oldest first: Windows Vista's 2.0.2 to Windows 10's 3.1.1. */
export const SMB2_DIALECTS = [0x0202, 0x0210, 0x0300, 0x0302, 0x0311] as const;
const SMB311 = 0x0311;
const SMB300 = 0x0300;

/** A READ or QUERY_DIRECTORY asks for at most this much at once: what every dialect serves without multi-credit requests. */
const CHUNK_BYTES = 64 * 1024;
/** The largest answer read: a full chunk with its header and padding. A server announcing more is cut off. */
export const MAX_MESSAGE_BYTES = CHUNK_BYTES + 1024;
/** Answers a request may get before its own (STATUS_PENDING's interim ones, unasked oplock breaks). */
const MAX_EXTRA_ANSWERS = 8;

/** The commands the client sends, by their codes. */
const NEGOTIATE = 0;
const SESSION_SETUP = 1;
const LOGOFF = 2;
const TREE_CONNECT = 3;
const CREATE = 5;
const CLOSE = 6;
const READ = 8;
const QUERY_DIRECTORY = 14;
const COMMAND_NAMES: Record<number, string> = {
  [NEGOTIATE]: 'NEGOTIATE',
  [SESSION_SETUP]: 'SESSION_SETUP',
  [LOGOFF]: 'LOGOFF',
  [TREE_CONNECT]: 'TREE_CONNECT',
  [CREATE]: 'CREATE',
  [CLOSE]: 'CLOSE',
  [READ]: 'READ',
  [QUERY_DIRECTORY]: 'QUERY_DIRECTORY',
};
const commandName = (command: number) => COMMAND_NAMES[command] ?? `command ${command}`;

const FLAG_RESPONSE = 0x1;
const FLAG_ASYNC = 0x2;
const FLAG_SIGNED = 0x8;
/** The MessageId of a server's unasked notice (an oplock break). */
const UNSOLICITED = 0xffff_ffff_ffff_ffffn;

/** Statuses that say a path is not there. */
const NOT_FOUND: number[] = [
  STATUS.OBJECT_NAME_NOT_FOUND,
  STATUS.OBJECT_PATH_NOT_FOUND,
  STATUS.NO_SUCH_FILE,
  STATUS.OBJECT_NAME_INVALID,
  STATUS.OBJECT_PATH_INVALID,
  STATUS.OBJECT_PATH_SYNTAX_BAD,
  STATUS.DELETE_PENDING,
];

/** An answer, its header read. */
interface Reply {
  command: number;
  status: number;
  flags: number;
  messageId: bigint;
  treeId: number;
  sessionId: bigint;
  /** The whole SMB2 message, header first: offsets in it count from its start. */
  message: Buffer;
}

/** A file or folder opened with CREATE: its FileId (persistent and volatile halves), and its size as it was opened. */
export interface SmbHandle {
  fileId: Buffer;
  size: bigint;
}

/**
 * A connection to an SMB server, negotiated, then signed in. Its methods
 * throw a CheckFailure for what the server refuses or gets wrong; the
 * caller destroys it with close().
 */
export class SmbConnection {
  #messageId = 0n;
  #sessionId = 0n;
  #dialect = 0;
  #maxRead = CHUNK_BYTES;
  #maxTransact = CHUNK_BYTES;
  /** SHA-512 over the negotiation (3.1.1): the session's signing key is derived from it. */
  #preauth = Buffer.alloc(64);
  #sign: ((message: Buffer) => Buffer) | undefined;

  private constructor(
    private readonly stream: ByteStream,
    private readonly progress: (step: string) => void,
  ) {}

  /** Connects and negotiates a dialect; an SMB1-only server is found out and named. */
  static async open(target: ProbeTarget, signal: AbortSignal, progress: (step: string) => void): Promise<SmbConnection> {
    progress('the connection');
    const connection = new SmbConnection(await ByteStream.open(target, signal, 2 * MAX_MESSAGE_BYTES), progress);
    try {
      await connection.#negotiate();
      return connection;
    } catch (error) {
      connection.close();
      // An SMB1-only server hangs up on SMB2's NEGOTIATE without a word: ask it again, as SMB1 does, to say why.
      if (error instanceof CheckFailure && error.outcome.category === 'connection reset' && (await speaksOnlySmb1(target, signal))) {
        refuse('protocol error', 'the server speaks only SMB1, which the check does not (it hung up on SMB2 and answered SMB1)');
      }
      throw error;
    }
  }

  /** The dialect negotiated, as MS-SMB2 writes it (0x0311). */
  get dialect(): number {
    return this.#dialect;
  }

  /**
   * SESSION_SETUP twice: SPNEGO's NegTokenInit with NTLM's NEGOTIATE, then
   * the AUTHENTICATE answering the server's CHALLENGE. A guest session is
   * a refusal (the server does not know the account); one the server would
   * only encrypt fails as the protocol the check does not speak.
   */
  async signIn(username: string, password: string): Promise<void> {
    this.#step(`the sign-in as ${username}`);
    const refused = (status: number) => {
      if (LOGIN_REFUSALS.includes(status)) refuse('login failed', `login as ${username} refused (${statusName(status)})`);
      if (status === STATUS.ACCESS_DENIED)
        refuse('login failed', `login as ${username} refused (${statusName(status)}: the server may demand encryption, which the check does not speak)`);
      this.#unexpected(status, SESSION_SETUP);
    };
    const negotiate = ntlmNegotiate();
    const first = await this.#request(SESSION_SETUP, sessionSetupBody(spnegoInit(negotiate)));
    this.#hashPreauth(first.sent, first.reply.message);
    if (first.reply.status !== STATUS.MORE_PROCESSING_REQUIRED) refused(first.reply.status);
    this.#sessionId = first.reply.sessionId;
    const challenge = parseNtlmChallenge(spnegoResponseToken(securityBuffer(first.reply)));
    const authentication = ntlmAuthenticate(negotiate, challenge, ntlmIdentity(username), password);
    const second = await this.#request(SESSION_SETUP, sessionSetupBody(spnegoAuthenticate(authentication.message, authentication.mechListMic)));
    // The final answer stays out of the hash: the signing key is derived from everything before it.
    this.#hashPreauth(second.sent);
    if (second.reply.status !== STATUS.SUCCESS) refused(second.reply.status);
    const sessionFlags = fixed(second.reply, 9, 8).readUInt16LE(2);
    if (sessionFlags & 0x3) refuse('login failed', `the server took ${username} as a guest: it does not know the account`);
    if (sessionFlags & 0x4) refuse('protocol error', 'the server demands encryption for the whole session, which the check does not speak');
    this.#sign = signer(this.#dialect, authentication.sessionKey, this.#preauth);
    this.#verify(second.reply);
  }

  /** TREE_CONNECT to \\host\share: its TreeId. */
  async connectTree(host: string, share: string): Promise<number> {
    const unc = `\\\\${host}\\${share}`;
    this.#step(`the share ${unc}`);
    const path = Buffer.from(unc, 'utf16le');
    const body = Buffer.alloc(8);
    body.writeUInt16LE(9, 0);
    body.writeUInt16LE(64 + 8, 4);
    body.writeUInt16LE(path.length, 6);
    const { reply } = await this.#request(TREE_CONNECT, Buffer.concat([body, path]));
    if (reply.status === STATUS.BAD_NETWORK_NAME) refuse('share not found', `there is no share ${printable(share, 60)} on the server`);
    if (reply.status === STATUS.ACCESS_DENIED || reply.status === STATUS.NETWORK_ACCESS_DENIED) {
      refuse('login failed', `the share ${printable(share, 60)} refuses the account (${statusName(reply.status)}; so does a share that demands encryption)`);
    }
    if (reply.status !== STATUS.SUCCESS) this.#unexpected(reply.status, TREE_CONNECT);
    const answer = fixed(reply, 16, 16);
    const shareType = answer[2]!;
    if (shareType !== 1)
      refuse(
        'share not found',
        `${printable(share, 60)} is a ${shareType === 3 ? 'printer' : shareType === 2 ? 'pipe' : 'share of another kind'}, not a file share`,
      );
    if (answer.readUInt32LE(4) & 0x8000) refuse('protocol error', `the share ${printable(share, 60)} demands encryption, which the check does not speak`);
    return reply.treeId;
  }

  /**
   * CREATE, opening what is there (never creating it) to read, sharing
   * read, write and delete with everyone else: the team's own users keep
   * working. `path` is the share's, with / or \ between names.
   */
  async open(treeId: number, path: string, kind: 'file' | 'folder'): Promise<SmbHandle> {
    const shown = printable(path, 60);
    this.#step(`the ${kind} ${shown}`);
    const name = Buffer.from(smbPath(path), 'utf16le');
    const body = Buffer.alloc(56);
    body.writeUInt16LE(57, 0);
    body.writeUInt32LE(2, 4); // ImpersonationLevel: Impersonation
    body.writeUInt32LE(0x00120089, 24); // DesiredAccess: FILE_GENERIC_READ
    body.writeUInt32LE(0x7, 32); // ShareAccess: read, write, delete
    body.writeUInt32LE(1, 36); // CreateDisposition: FILE_OPEN
    body.writeUInt32LE(kind === 'folder' ? 0x1 : 0x40, 40); // FILE_DIRECTORY_FILE or FILE_NON_DIRECTORY_FILE
    body.writeUInt16LE(64 + 56, 44);
    body.writeUInt16LE(name.length, 46);
    // The buffer is never empty, even for the share's root (an empty name).
    const { reply } = await this.#request(CREATE, Buffer.concat([body, name.length > 0 ? name : Buffer.alloc(1)]), treeId);
    if (NOT_FOUND.includes(reply.status)) refuse('file not found', `there is no ${kind} ${shown} in the share`);
    if (reply.status === STATUS.FILE_IS_A_DIRECTORY) refuse('file not found', `${shown} is a folder, not a file`);
    if (reply.status === STATUS.NOT_A_DIRECTORY) refuse('file not found', `${shown} is a file, not a folder`);
    if (reply.status === STATUS.ACCESS_DENIED) refuse('login failed', `the account may not read the ${kind} ${shown} (${statusName(reply.status)})`);
    if (reply.status !== STATUS.SUCCESS) this.#unexpected(reply.status, CREATE);
    const answer = fixed(reply, 89, 88);
    return { fileId: Buffer.from(answer.subarray(64, 80)), size: answer.readBigUInt64LE(48) };
  }

  /**
   * READs the file from its start up to its size as opened (CREATE says
   * it), at most `max` bytes and one more, to know whether there is more:
   * a small file is one READ. A server whose READ ends early (the end of
   * the file, or no data) has said all there is.
   */
  async read(treeId: number, handle: SmbHandle, max: number): Promise<{ bytes: Buffer; complete: boolean }> {
    const wanted = Number(handle.size < BigInt(max + 1) ? handle.size : BigInt(max + 1));
    const chunks: Buffer[] = [];
    let total = 0;
    while (total < wanted) {
      const length = Math.min(CHUNK_BYTES, this.#maxRead, wanted - total);
      const body = Buffer.alloc(49);
      body.writeUInt16LE(49, 0);
      body.writeUInt8(64 + 16, 2); // Padding: where the data should start in the answer
      body.writeUInt32LE(length, 4);
      body.writeBigUInt64LE(BigInt(total), 8);
      handle.fileId.copy(body, 16);
      const { reply } = await this.#request(READ, body, treeId);
      if (reply.status === STATUS.END_OF_FILE) break;
      if (reply.status !== STATUS.SUCCESS) this.#unexpected(reply.status, READ);
      const answer = fixed(reply, 17, 16);
      const data = within(reply, answer[2]!, answer.readUInt32LE(4), 'its data');
      if (data.length > length) refuse('protocol error', `the server sent ${data.length} bytes of the file for ${length} asked`);
      if (data.length === 0) break;
      chunks.push(data);
      total += data.length;
    }
    const bytes = Buffer.concat(chunks);
    return { bytes: bytes.subarray(0, max), complete: bytes.length <= max };
  }

  /**
   * QUERY_DIRECTORY: the names in an open folder that match `pattern` (a
   * name, or `*`), one answer's worth (CHUNK_BYTES); none when nothing matches.
   */
  async list(treeId: number, handle: SmbHandle, pattern: string): Promise<string[]> {
    const name = Buffer.from(pattern, 'utf16le');
    const body = Buffer.alloc(32);
    body.writeUInt16LE(33, 0);
    body.writeUInt8(0x0c, 2); // FileNamesInformation
    body.writeUInt8(0x01, 3); // SMB2_RESTART_SCANS
    handle.fileId.copy(body, 8);
    body.writeUInt16LE(64 + 32, 24);
    body.writeUInt16LE(name.length, 26);
    const asked = Math.min(CHUNK_BYTES, this.#maxTransact);
    body.writeUInt32LE(asked, 28);
    const { reply } = await this.#request(QUERY_DIRECTORY, Buffer.concat([body, name]), treeId);
    if (reply.status === STATUS.NO_MORE_FILES || reply.status === STATUS.NO_SUCH_FILE) return [];
    if (reply.status !== STATUS.SUCCESS) this.#unexpected(reply.status, QUERY_DIRECTORY);
    const answer = fixed(reply, 9, 8);
    const entries = within(reply, answer.readUInt16LE(2), answer.readUInt32LE(4), 'its entries');
    if (entries.length > asked) refuse('protocol error', `the server sent ${entries.length} bytes of entries for ${asked} asked`);
    return fileNames(entries);
  }

  /** CLOSE: the handle is the server's to free now, not at the end of the connection. */
  async closeHandle(treeId: number, handle: SmbHandle): Promise<void> {
    this.#step('the close');
    const body = Buffer.alloc(24);
    body.writeUInt16LE(24, 0);
    handle.fileId.copy(body, 8);
    const { reply } = await this.#request(CLOSE, body, treeId);
    if (reply.status !== STATUS.SUCCESS) this.#unexpected(reply.status, CLOSE);
  }

  /** LOGOFF: the session ends (and its tree connections with it). */
  async logoff(): Promise<void> {
    this.#step('the logoff');
    const { reply } = await this.#request(LOGOFF, Buffer.from([4, 0, 0, 0]));
    if (reply.status !== STATUS.SUCCESS) this.#unexpected(reply.status, LOGOFF);
  }

  close(): void {
    this.stream.close();
  }

  #step(what: string): void {
    this.stream.step = `the answer about ${what}`;
    this.progress(what);
  }

  /** A status no step expects: the server answered, but not in a way the check can go on from. */
  #unexpected(status: number, command: number): never {
    refuse('protocol error', `the server answered ${commandName(command)} with ${statusName(status)}`);
  }

  async #negotiate(): Promise<void> {
    this.#step('the negotiation');
    const body = Buffer.alloc(36 + SMB2_DIALECTS.length * 2);
    body.writeUInt16LE(36, 0);
    body.writeUInt16LE(SMB2_DIALECTS.length, 2);
    body.writeUInt16LE(0x3, 4); // SecurityMode: signing enabled and required
    randomBytes(16).copy(body, 12); // ClientGuid
    SMB2_DIALECTS.forEach((dialect, i) => body.writeUInt16LE(dialect, 36 + i * 2));
    // 3.1.1's negotiate context, 8-byte aligned from the header's start: preauthentication integrity with SHA-512 and a salt.
    const contextOffset = align8(64 + body.length);
    body.writeUInt32LE(contextOffset, 28);
    body.writeUInt16LE(1, 32);
    const preauth = Buffer.alloc(8 + 38);
    preauth.writeUInt16LE(1, 0); // SMB2_PREAUTH_INTEGRITY_CAPABILITIES
    preauth.writeUInt16LE(38, 2);
    preauth.writeUInt16LE(1, 8); // one hash algorithm…
    preauth.writeUInt16LE(32, 10); // …a 32-byte salt…
    preauth.writeUInt16LE(1, 12); // …SHA-512
    randomBytes(32).copy(preauth, 14);
    const { sent, reply } = await this.#request(NEGOTIATE, Buffer.concat([body, Buffer.alloc(contextOffset - 64 - body.length), preauth]));
    if (reply.status !== STATUS.SUCCESS) this.#unexpected(reply.status, NEGOTIATE);
    const answer = fixed(reply, 65, 64);
    const dialect = answer.readUInt16LE(4);
    if (!(SMB2_DIALECTS as readonly number[]).includes(dialect))
      refuse('protocol error', `the server chose dialect 0x${dialect.toString(16).padStart(4, '0')}, which the check did not offer`);
    this.#dialect = dialect;
    this.#maxTransact = answer.readUInt32LE(28);
    this.#maxRead = answer.readUInt32LE(32);
    if (dialect === SMB311) {
      negotiatedPreauth(reply, answer.readUInt16LE(6), answer.readUInt32LE(60));
      this.#hashPreauth(sent, reply.message);
    }
  }

  /** 3.1.1's preauthentication integrity: each message of the negotiation and sign-in folds into the hash. */
  #hashPreauth(...messages: Buffer[]): void {
    if (this.#dialect !== SMB311) return;
    for (const message of messages) this.#preauth = createHash('sha512').update(this.#preauth).update(message).digest();
  }

  /** Sends one request and reads its answer: interim ones and unasked notices passed over, the answer's signature verified once there is a key. */
  async #request(command: number, body: Buffer, treeId = 0): Promise<{ sent: Buffer; reply: Reply }> {
    const messageId = this.#messageId++;
    const header = Buffer.alloc(64);
    header.write('\xfeSMB', 0, 'latin1');
    header.writeUInt16LE(64, 4);
    // One credit per request (2.0.2 has no CreditCharge); ask for a few, and send one request at a time.
    header.writeUInt16LE(this.#dialect > 0x0202 ? 1 : 0, 6);
    header.writeUInt16LE(command, 12);
    header.writeUInt16LE(8, 14);
    header.writeBigUInt64LE(messageId, 24);
    header.writeUInt32LE(0xfeff, 32); // ProcessId, as Windows sends it
    header.writeUInt32LE(treeId, 36);
    header.writeBigUInt64LE(this.#sessionId, 40);
    const sent = Buffer.concat([header, body]);
    if (this.#sign) {
      sent.writeUInt32LE(FLAG_SIGNED, 16);
      this.#sign(sent).copy(sent, 48);
    }
    const frame = Buffer.alloc(4);
    frame.writeUInt32BE(sent.length);
    this.stream.write(Buffer.concat([frame, sent]));

    for (let extra = 0; extra <= MAX_EXTRA_ANSWERS; extra++) {
      const reply = parseHeader(await this.#receive());
      if (reply.messageId === UNSOLICITED) continue;
      if (reply.messageId !== messageId || reply.command !== command) {
        refuse('protocol error', `the server answered ${commandName(reply.command)} #${reply.messageId} to ${commandName(command)} #${messageId}`);
      }
      if (reply.status === STATUS.PENDING && reply.flags & FLAG_ASYNC) continue;
      if (this.#sign) this.#verify(reply);
      return { sent, reply };
    }
    refuse('protocol error', `the server sent more than ${MAX_EXTRA_ANSWERS} other answers before its answer to ${commandName(command)}`);
  }

  /** One SMB2 message off the wire (direct TCP: a zero byte, then its length in 24 bits). */
  async #receive(): Promise<Buffer> {
    const frame = await this.stream.read(4);
    if (frame[0] !== 0) {
      const sent = frame.toString('latin1') + (await this.stream.text(Number.MAX_SAFE_INTEGER, 36));
      refuse('protocol error', `not an SMB server (it sent "${printable(sent, 40)}")`);
    }
    const length = frame.readUIntBE(1, 3);
    if (length > MAX_MESSAGE_BYTES) refuse('protocol error', `the server announces a message of ${length} bytes, more than the check reads`);
    const message = await this.stream.read(length);
    const protocol = message.subarray(0, 4).toString('latin1');
    if (protocol === '\xffSMB') refuse('protocol error', 'the server answers in SMB1, which the check does not speak');
    if (protocol === '\xfdSMB') refuse('protocol error', 'the server encrypts its answers, which the check does not speak');
    if (protocol !== '\xfeSMB' || length < 64) refuse('protocol error', `not an SMB2 answer (it sent "${printable(message.subarray(0, 40))}")`);
    return message;
  }

  /** The answer must be signed, with the session's key: anything else was changed on the way, or made up. */
  #verify(reply: Reply): void {
    const what = `the server's answer to ${commandName(reply.command)}`;
    if (!(reply.flags & FLAG_SIGNED)) refuse('protocol error', `${what} is not signed, though the session is`);
    const unsigned = Buffer.from(reply.message);
    unsigned.fill(0, 48, 64);
    if (!timingSafeEqual(this.#sign!(unsigned), reply.message.subarray(48, 64))) refuse('protocol error', `${what} has a signature that does not verify`);
  }
}

/** The header's fields; its flags must mark an answer (an echo of the request is not one). */
function parseHeader(message: Buffer): Reply {
  if (message.readUInt16LE(4) !== 64) refuse('protocol error', 'an SMB2 header of the wrong size');
  const flags = message.readUInt32LE(16);
  if (!(flags & FLAG_RESPONSE)) refuse('protocol error', 'the server sent a request, not an answer (does it echo?)');
  if (message.readUInt32LE(20) !== 0) refuse('protocol error', 'the server compounded answers to a single request');
  return {
    command: message.readUInt16LE(12),
    status: message.readUInt32LE(8),
    flags,
    messageId: message.readBigUInt64LE(24),
    treeId: message.readUInt32LE(36),
    sessionId: message.readBigUInt64LE(40),
    message,
  };
}

/** An answer's fixed part (after the header), once its StructureSize says it is the answer expected and the message holds it. */
function fixed(reply: Reply, structureSize: number, length: number): Buffer {
  const { message } = reply;
  if (message.length < 64 + length || message.readUInt16LE(64) !== structureSize) {
    refuse('protocol error', `the server's answer to ${commandName(reply.command)} is not the one MS-SMB2 describes`);
  }
  return message.subarray(64, 64 + length);
}

/** A variable part of an answer, by its offset from the header's start and its length, once it is known to lie inside the answer. */
function within(reply: Reply, offset: number, length: number, what: string): Buffer {
  if (length === 0) return Buffer.alloc(0);
  if (offset < 64 || offset + length > reply.message.length) {
    refuse('protocol error', `the server's answer to ${commandName(reply.command)} points outside itself for ${what}`);
  }
  return reply.message.subarray(offset, offset + length);
}

const securityBuffer = (reply: Reply) => {
  const answer = fixed(reply, 9, 8);
  return within(reply, answer.readUInt16LE(4), answer.readUInt16LE(6), 'its security token');
};

function sessionSetupBody(token: Buffer): Buffer {
  const body = Buffer.alloc(24);
  body.writeUInt16LE(25, 0);
  body.writeUInt8(0x2, 3); // SecurityMode: signing required
  body.writeUInt16LE(64 + 24, 12);
  body.writeUInt16LE(token.length, 14);
  return Buffer.concat([body, token]);
}

/** 3.1.1's negotiate contexts in the server's answer must hold its preauthentication integrity, SHA-512 (the one offered). */
function negotiatedPreauth(reply: Reply, count: number, offset: number): void {
  const { message } = reply;
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at < 64 || at + 8 > message.length) refuse('protocol error', "the server's negotiate contexts lie outside its answer");
    const type = message.readUInt16LE(at);
    const length = message.readUInt16LE(at + 2);
    if (at + 8 + length > message.length) refuse('protocol error', "the server's negotiate contexts lie outside its answer");
    if (type === 1) {
      if (length < 6 || message.readUInt16LE(at + 8) !== 1 || message.readUInt16LE(at + 12) !== 1)
        refuse('protocol error', 'the server chose a preauthentication hash other than SHA-512');
      return;
    }
    at = align8(at + 8 + length);
  }
  refuse('protocol error', 'the server chose SMB 3.1.1 without preauthentication integrity');
}

/**
 * How the session signs a message (its signature field zeroed): 2.x with
 * HMAC-SHA256 under the session key; 3.x with AES-CMAC under a key derived
 * from it (3.0 with fixed label and context, 3.1.1 with the hash of the
 * negotiation and sign-in as context).
 */
function signer(dialect: number, sessionKey: Buffer, preauth: Buffer): (message: Buffer) => Buffer {
  if (dialect < SMB300) return (message) => createHmac('sha256', sessionKey).update(message).digest().subarray(0, 16);
  const key = dialect === SMB311 ? smb3Kdf(sessionKey, 'SMBSigningKey\0', preauth) : smb3Kdf(sessionKey, 'SMB2AESCMAC\0', Buffer.from('SmbSign\0', 'latin1'));
  return (message) => aesCmac(key, message);
}

/** SMB 3's key derivation (MS-SMB2 §3.1.4.2): SP800-108 in counter mode with HMAC-SHA256, one block, 128 bits kept. */
export function smb3Kdf(key: Buffer, label: string, context: Buffer): Buffer {
  return createHmac('sha256', key)
    .update(Buffer.from([0, 0, 0, 1]))
    .update(label, 'latin1')
    .update(Buffer.from([0]))
    .update(context)
    .update(Buffer.from([0, 0, 0, 128]))
    .digest()
    .subarray(0, 16);
}

/** The names of FileNamesInformation entries, each entry's offsets checked before it is read. */
export function fileNames(entries: Buffer): string[] {
  const names: string[] = [];
  for (let at = 0; at < entries.length;) {
    if (at + 12 > entries.length) refuse('protocol error', 'a folder entry runs past the listing');
    const next = entries.readUInt32LE(at);
    const length = entries.readUInt32LE(at + 8);
    // The next entry starts after this one's name and holds at least its own fixed part: an offset that loops back or leaves the listing lies.
    if (at + 12 + length > entries.length || (next !== 0 && (next < 12 + length || at + next + 12 > entries.length))) {
      refuse('protocol error', 'a folder entry runs past the listing');
    }
    names.push(entries.subarray(at + 12, at + 12 + length).toString('utf16le'));
    if (next === 0) break;
    at += next;
  }
  return names;
}

/** A path in a share as SMB2 names it: backslashes between names, none leading (the root is the empty name). */
export const smbPath = (path: string) =>
  path
    .split(/[\\/]+/)
    .filter((part) => part !== '')
    .join('\\');

const align8 = (offset: number) => (offset + 7) & ~7;

/**
 * Whether the server, having hung up on SMB2's NEGOTIATE, answers SMB1's:
 * a NEGOTIATE offering the one SMB1 dialect left (NT LM 0.12), its answer
 * known by SMB1's protocol id. Any other outcome is a no.
 */
async function speaksOnlySmb1(target: ProbeTarget, signal: AbortSignal): Promise<boolean> {
  // Past the deadline, a socket opened now would never be closed by it.
  if (signal.aborted) return false;
  let stream: ByteStream | undefined;
  try {
    stream = await ByteStream.open(target, signal);
    const dialects = Buffer.from('\x02NT LM 0.12\0', 'latin1');
    const message = Buffer.alloc(32 + 3);
    message.write('\xffSMB', 0, 'latin1');
    message.writeUInt8(0x72, 4); // SMB_COM_NEGOTIATE
    message.writeUInt8(0x18, 9); // Flags: case-insensitive, canonical paths
    message.writeUInt16LE(0xc801, 10); // Flags2: Unicode, NT statuses, extended security, long names
    message.writeUInt16LE(0xffff, 24); // no tree yet
    message.writeUInt16LE(dialects.length, 33); // WordCount 0, then ByteCount
    const frame = Buffer.alloc(4);
    frame.writeUInt32BE(message.length + dialects.length);
    stream.write(Buffer.concat([frame, message, dialects]));
    const answer = await stream.read(8);
    return answer[0] === 0 && answer.subarray(4, 8).toString('latin1') === '\xffSMB';
  } catch {
    return false;
  } finally {
    stream?.close();
  }
}
