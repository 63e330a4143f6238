import { connect, type Socket } from 'node:net';
import { categoryOfNetworkError, type FailureCategory } from '#shared/domain/scoring/failure';

/** A check's verdict: a pass, or a failure with a short reason an organiser can act on and the category it falls into. */
export type CheckOutcome = { passed: true } | { passed: false; error: string; category: FailureCategory };

/** Where a check connects: the service's host name (for Host headers, SNI, messages) and the address it resolved to. */
export interface ProbeTarget {
  host: string;
  address: string;
  port: number;
}

export type FailedOutcome = Extract<CheckOutcome, { passed: false }>;

export const pass = (): CheckOutcome => ({ passed: true });
export const fail = (category: FailureCategory, error: string): FailedOutcome => ({ passed: false, error: bounded(error), category });

/**
 * A failure found deep in an exchange, thrown to end it at once: withDeadline
 * turns it into its outcome, as it turns a socket's error into one.
 */
export class CheckFailure extends Error {
  constructor(readonly outcome: FailedOutcome) {
    super(outcome.error);
  }
}

/** Ends a probe with this failure (throws a CheckFailure). */
export function refuse(category: FailureCategory, error: string): never {
  throw new CheckFailure(fail(category, error));
}

/**
 * A login check with no account it can sign in with: the organisers' set-up
 * (the competition file or the accounts route), not the team's fault, so
 * not 'login failed'.
 */
export const noAccount = (why: string): FailedOutcome => fail('agent error', `no check account to sign in with: ${why}`);

/** A socket or resolver error as a failure: its few words and its category. */
export const networkFailure = (error: unknown, prefix = ''): FailedOutcome =>
  fail(categoryOfNetworkError((error as { code?: string }).code), `${prefix}${networkError(error)}`);

/** Errors stay short: the API keeps 1 000 characters, a scoreboard shows far fewer. */
const ERROR_MAX = 200;

export function bounded(text: string): string {
  return text.length <= ERROR_MAX ? text : `${text.slice(0, ERROR_MAX - 1)}…`;
}

/** What a peer sent, printable: control and non-ASCII bytes escaped, at most `max` characters. */
export function printable(bytes: Buffer | string, max = 60): string {
  const text = typeof bytes === 'string' ? bytes : bytes.toString('latin1');
  const escaped = text.replace(/[^\x20-\x7e]/g, (c) => (c === '\r' ? '\\r' : c === '\n' ? '\\n' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
  return escaped.length <= max ? escaped : `${escaped.slice(0, max)}…`;
}

export const timeoutMessage = (seconds: number, waitingFor?: string) => `timeout after ${seconds} s${waitingFor ? ` waiting for ${waitingFor}` : ''}`;

/** A socket or resolver error as a few words; unknown ones keep their code. */
export function networkError(error: unknown): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'EPIPE':
      return 'connection closed by the peer';
    case 'EHOSTUNREACH':
      return 'host unreachable';
    case 'ENETUNREACH':
      return 'network unreachable';
    case 'EADDRNOTAVAIL':
      return 'address not available';
    case 'ETIMEDOUT':
      return 'connection timed out';
    case 'EMFILE':
    case 'ENFILE':
      return 'agent out of file descriptors';
    default:
      return code ? `network error ${code}` : `network error: ${(error as Error).message ?? String(error)}`;
  }
}

/**
 * Runs a probe under a hard deadline. The probe gets a signal that aborts at
 * the deadline and must release its sockets when it does; whatever it is
 * doing then, the check ends as a timeout. Nothing a peer does can make a
 * probe throw past this: every rejection becomes a failure.
 */
export async function withDeadline(
  seconds: number,
  probe: (signal: AbortSignal, progress: (stage: string) => void) => Promise<CheckOutcome>,
): Promise<CheckOutcome> {
  const controller = new AbortController();
  let stage: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(fail('timeout', timeoutMessage(seconds, stage)));
    }, seconds * 1000);
  });
  try {
    const outcome = probe(controller.signal, (s) => (stage = s)).catch((error: unknown) =>
      error instanceof CheckFailure ? error.outcome : networkFailure(error),
    );
    return await Promise.race([outcome, deadline]);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** A TCP connection to the target, destroyed when the signal aborts. */
export function openSocket(target: ProbeTarget, signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.address, port: target.port });
    const onAbort = () => socket.destroy();
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => undefined);
      resolve(socket);
    });
    socket.once('error', reject);
    socket.once('close', () => signal.removeEventListener('abort', onAbort));
  });
}
