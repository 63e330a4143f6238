import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { CheckFailure, fail, networkFailure, openSocket, printable, refuse, type FailedOutcome, type ProbeTarget } from './probe';

/** Shorter forms are not hidden: replacing every `p` of a reason would say more about the secret than it hides. */
export const MIN_HIDDEN_LENGTH = 4;

/** A line longer than this is the server's fault: the session never holds more. */
export const LINE_MAX_BYTES = 16 * 1024;

/**
 * A text protocol's session (SMTP, IMAP, POP3): lines out, lines (and IMAP's
 * counted literals) in, at most LINE_MAX_BYTES of a line held, on a plain
 * socket that STARTTLS may turn into TLS halfway. Every way the server can
 * end or break it throws a CheckFailure that says at which step.
 */
export class LineSession {
  #socket: Socket;
  #buffer: Buffer = Buffer.alloc(0);
  #wake: (() => void) | undefined;
  #ended: FailedOutcome | undefined;
  /** What no line may carry on to a reason: the secret in every form the session sent it (hide()). */
  #hidden: string[] = [];
  /** What the session waits for, for the reasons (`the greeting`, `the reply to LOGIN`). */
  step = 'the greeting';

  private constructor(
    socket: Socket,
    private readonly target: ProbeTarget,
    private readonly signal: AbortSignal,
  ) {
    this.#socket = socket;
    this.#listen(socket);
  }

  /** Connects, with TLS from the first byte when `tls` (SMTPS, IMAPS, POP3S). */
  static async open(target: ProbeTarget, tls: boolean, signal: AbortSignal): Promise<LineSession> {
    const socket = await openSocket(target, signal);
    const session = new LineSession(socket, target, signal);
    if (tls) await session.startTls();
    return session;
  }

  /** Turns the connection into TLS (after STARTTLS's go-ahead, or at once); any certificate is taken, as HTTPS and FTPS take it. */
  async startTls(): Promise<void> {
    const plain = this.#socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('end');
    const secure: TLSSocket = tlsConnect({
      socket: plain,
      servername: isIP(this.target.host) ? undefined : this.target.host,
      rejectUnauthorized: false,
    });
    this.signal.addEventListener('abort', () => secure.destroy(), { once: true });
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', resolve);
      secure.once('error', reject);
    }).catch((error: unknown) => refuse('tls', `TLS handshake failed: ${printable((error as Error).message, 80)}`));
    this.#socket = secure;
    this.#buffer = Buffer.alloc(0);
    this.#listen(secure);
  }

  /**
   * Before a secret is sent: every line read from then on has it (in each
   * form given: as sent, base64, quoted) replaced, before any reason quotes
   * or cuts it. A server may echo a command it refuses, and a reason cut
   * short would hold the start of a secret the redaction in runCheck no
   * longer recognises.
   */
  hide(...forms: string[]): void {
    // Each form also as a server that took its bytes for Latin-1 would send it back (UTF-8 twice over).
    const withMisread = forms.flatMap((form) => [form, Buffer.from(form, 'utf8').toString('latin1')]);
    this.#hidden.push(...new Set(withMisread.filter((form) => form.length >= MIN_HIDDEN_LENGTH)));
  }

  send(line: string): void {
    this.#socket.write(`${line}\r\n`);
  }

  /** The next line, without its line end. */
  async line(): Promise<string> {
    for (;;) {
      const end = this.#buffer.indexOf(0x0a);
      if (end >= 0) {
        const line = this.#buffer.subarray(0, end).toString('utf8').replace(/\r$/, '');
        this.#buffer = this.#buffer.subarray(end + 1);
        return this.#redacted(line);
      }
      if (this.#buffer.length > LINE_MAX_BYTES) refuse('protocol error', `a line of more than ${LINE_MAX_BYTES / 1024} KiB waiting for ${this.step}`);
      await this.#more();
    }
  }

  /**
   * The next `count` bytes (an IMAP literal): the first `keep` of them as
   * text, the rest read and discarded, so a literal of any size holds no
   * more than `keep` bytes here.
   */
  async literal(count: number, keep = 0): Promise<string> {
    const kept: Buffer[] = [];
    let left = count;
    let room = keep;
    for (;;) {
      const taken = Math.min(left, this.#buffer.length);
      if (room > 0) {
        kept.push(this.#buffer.subarray(0, Math.min(room, taken)));
        room -= Math.min(room, taken);
      }
      this.#buffer = this.#buffer.subarray(taken);
      left -= taken;
      if (left === 0) return this.#redacted(Buffer.concat(kept).toString('utf8'));
      await this.#more();
    }
  }

  #redacted(text: string): string {
    return this.#hidden.reduce((redacted, secret) => redacted.split(secret).join('[redacted]'), text);
  }

  close(): void {
    this.#socket.destroy();
  }

  #listen(socket: Socket): void {
    socket.on('data', (chunk: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
      this.#wake?.();
    });
    socket.on('end', () => this.#end(fail('connection reset', `connection closed waiting for ${this.step}`)));
    socket.on('error', (error) => this.#end(networkFailure(error, `${this.step}: `)));
  }

  #end(outcome: FailedOutcome): void {
    this.#ended ??= outcome;
    this.#wake?.();
  }

  async #more(): Promise<void> {
    if (this.#ended) throw new CheckFailure(this.#ended);
    await new Promise<void>((resolve) => (this.#wake = resolve));
    this.#wake = undefined;
    // Data first: a server may send its last line and close at once.
    if (this.#ended && this.#buffer.indexOf(0x0a) < 0) throw new CheckFailure(this.#ended);
  }
}

/** Whether a secret can go on a command line: a line break or NUL in it would end the command and start another. */
export const fitsOnALine = (secret: string): boolean => !/[\r\n\0]/.test(secret);
