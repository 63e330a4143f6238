import { DEFAULT_BANNERS, type BannerCheck } from '#shared/domain/check-definitions';
import { compilePattern } from '#shared/domain/patterns';
import { fail, networkFailure, openSocket, pass, printable, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';

/** A banner line longer than this is refused; the check never reads more. */
export const BANNER_MAX_BYTES = 512;

/**
 * SSH, SMTP and FTP servers speak first: connect, read the first line (at
 * most 512 bytes), match it against the expected banner, hang up. A peer that
 * stays silent, trickles, floods or sends garbage fails with what it did.
 */
export function checkBanner(target: ProbeTarget, check: BannerCheck): Promise<CheckOutcome> {
  const expected = compilePattern(check.banner ?? DEFAULT_BANNERS[check.check]);
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    progress('the connection');
    const socket = await openSocket(target, signal);
    progress('the banner');
    const line = await new Promise<{ line: string } | CheckOutcome>((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        const received = Buffer.concat(chunks, size);
        const end = received.indexOf(0x0a);
        if (end >= 0 && end <= BANNER_MAX_BYTES) resolve({ line: received.subarray(0, end).toString('latin1').replace(/\r$/, '') });
        else if (size > BANNER_MAX_BYTES) resolve(fail('protocol error', `no banner line within ${BANNER_MAX_BYTES} bytes (got "${printable(received)}")`));
        else return;
        socket.destroy();
      });
      socket.on('error', (error) => resolve(networkFailure(error)));
      socket.on('end', () => {
        const received = Buffer.concat(chunks, size);
        resolve(
          size === 0
            ? fail('connection reset', 'connection closed before a banner')
            : fail('protocol error', `connection closed mid-banner ("${printable(received)}")`),
        );
      });
      signal.addEventListener('abort', () => socket.destroy(), { once: true });
    });
    socket.destroy();
    if (!('line' in line)) return line;
    if (!expected.test(line.line)) return fail('content mismatch', `unexpected banner "${printable(line.line)}"`);
    return pass();
  });
}
