import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions, type TLSSocket } from 'node:tls';
import { CheckFailure, fail, networkFailure, openSocket, printable, refuse, type FailedOutcome, type ProbeTarget } from './probe';

const DEFAULT_MAX_BUFFERED = 64 * 1024;

/**
 * A binary protocol's session (VNC's RFB, SMB, RDP): exact byte
 * counts in, bytes out. The peer may send no more than `maxBuffered` bytes
 * ahead of what the check has read (these protocols answer what they are
 * asked, a few hundred bytes at a time): a flood ends the session rather
 * than fill the agent's memory. Every way the peer can end or break it
 * throws a CheckFailure that says at which step.
 */
export class ByteStream {
  #buffer: Buffer = Buffer.alloc(0);
  #wake: (() => void) | undefined;
  #ended: FailedOutcome | undefined;
  /** What the session waits for, for the reasons (`the version`, `the security result`). */
  step = 'the greeting';

  #socket: Socket;

  private constructor(
    socket: Socket,
    private readonly maxBuffered: number,
  ) {
    this.#socket = socket;
    this.#listen(socket);
  }

  #listen(socket: Socket): void {
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
      if (this.#buffer.length > this.maxBuffered) {
        // Nothing of a flood is kept or read: the failure is all a read gets from here on.
        this.#buffer = Buffer.alloc(0);
        this.#end(fail('protocol error', `the server sent more than ${this.maxBuffered / 1024} KiB unasked, waiting for ${this.step}`));
        socket.destroy();
      }
      this.#wake?.();
    });
    socket.on('end', () => this.#end(fail('connection reset', `connection closed waiting for ${this.step}`)));
    socket.on('error', (error) => this.#end(networkFailure(error, `${this.step}: `)));
  }

  static async open(target: ProbeTarget, signal: AbortSignal, maxBuffered = DEFAULT_MAX_BUFFERED): Promise<ByteStream> {
    return new ByteStream(await openSocket(target, signal), maxBuffered);
  }

  /** A session over a socket already connected (the demo's servers read their clients so). */
  static over(socket: Socket, maxBuffered = DEFAULT_MAX_BUFFERED): ByteStream {
    return new ByteStream(socket, maxBuffered);
  }

  /** Exactly `count` bytes (at most maxBuffered), once they have all come. */
  async read(count: number): Promise<Buffer> {
    if (count > this.maxBuffered) refuse('protocol error', `the server announces ${count} bytes for ${this.step}, more than the check reads`);
    while (this.#buffer.length < count) await this.#more();
    const bytes = this.#buffer.subarray(0, count);
    this.#buffer = this.#buffer.subarray(count);
    return bytes;
  }

  async u8(): Promise<number> {
    return (await this.read(1))[0]!;
  }

  async u32(): Promise<number> {
    return (await this.read(4)).readUInt32BE(0);
  }

  /**
   * A text field the peer says is `count` bytes long (a reason, a name), for
   * a reason to quote: all of it when it is at most `keep` bytes; otherwise
   * only what has come already, up to `keep`, without waiting for the rest
   * (the caller is about to hang up), so a length of 4 GiB followed by
   * nothing costs neither memory nor the deadline.
   */
  async text(count: number, keep: number): Promise<string> {
    if (count <= keep) return (await this.read(count)).toString('utf8');
    const taken = this.#buffer.subarray(0, keep);
    this.#buffer = this.#buffer.subarray(taken.length);
    return taken.toString('utf8');
  }

  write(bytes: Buffer | string): void {
    this.#socket.write(bytes);
  }

  close(): void {
    this.#socket.destroy();
  }

  /**
   * Turns the connection into TLS (RDP's, after its negotiation): any
   * certificate is taken, as the other kinds take it, and the caller gets
   * the secure socket to read the server's certificate from. Bytes the peer
   * sent ahead of the handshake are a protocol error.
   */
  async startTls(target: ProbeTarget, signal: AbortSignal, options: ConnectionOptions = {}): Promise<TLSSocket> {
    if (this.#buffer.length > 0) refuse('protocol error', `the server sent ${this.#buffer.length} bytes unasked before TLS`);
    const plain = this.#socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('end');
    plain.removeAllListeners('error');
    plain.on('error', () => undefined);
    const secure = tlsConnect({ ...options, socket: plain, servername: isIP(target.host) ? undefined : target.host, rejectUnauthorized: false });
    secure.on('error', () => undefined);
    signal.addEventListener('abort', () => secure.destroy(), { once: true });
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', resolve);
      secure.once('error', reject);
      secure.once('close', () => reject(new Error('connection closed during the handshake')));
    }).catch((error: unknown) => refuse('tls', `TLS handshake failed: ${printable((error as Error).message, 80)}`));
    this.#socket = secure;
    this.#listen(secure);
    return secure;
  }

  #end(outcome: FailedOutcome): void {
    this.#ended ??= outcome;
    this.#wake?.();
  }

  async #more(): Promise<void> {
    if (this.#ended) throw new CheckFailure(this.#ended);
    await new Promise<void>((resolve) => (this.#wake = resolve));
    this.#wake = undefined;
  }
}
