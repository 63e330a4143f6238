import type { TcpCheck } from '#shared/domain/check-definitions';
import { openSocket, pass, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';

/** Passes when a TCP connection is accepted; sends nothing. */
export function checkTcp(target: ProbeTarget, check: TcpCheck): Promise<CheckOutcome> {
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    progress('the connection');
    const socket = await openSocket(target, signal);
    socket.destroy();
    return pass();
  });
}
