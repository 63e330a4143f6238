import type { IncomingMessage } from 'node:http';

/**
 * A request's body, read whole up to `max` bytes; past it, 'too-large' and
 * the request paused (the caller answers and closes the connection, as API
 * Gateway and S3 do). The local gateway and the local file store both read
 * through it.
 */
export function readBodyUpTo(req: IncomingMessage, max: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.pause();
        resolveBody('too-large');
      } else chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
