/**
 * The demo's remote desktop: the server side of RFB (RFC 6143) as far as the
 * VNC check goes, the version handshake, VNC authentication and ServerInit,
 * then silence (no framebuffer to send). It takes the password of any of the
 * accounts given (VNC has no user name), as a real server compares: the
 * client's answer to its random challenge, DES under the password's first 8
 * bytes. `security: 'none'` is a desktop a blue team left open to anyone;
 * `version` lets the tests play the older servers (RFB 3.3 and 3.7).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { CheckAccount } from '#shared/domain/accounts';
import { ByteStream } from '../../../functions/agent/kinds/byte-stream';
import { vncAuthResponse } from '../../../functions/agent/kinds/vnc';

export interface VncServerOptions {
  version?: '3.3' | '3.7' | '3.8';
  security?: 'vnc' | 'none';
  /** The desktop's name in ServerInit. */
  name?: string;
}

export function vncServer(accepted: CheckAccount[], { version = '3.8', security = 'vnc', name = 'blue team desktop' }: VncServerOptions = {}): Server {
  const minor = Number(version.split('.')[1]);
  const type = security === 'vnc' ? 2 : 1;
  return createServer((socket) => {
    socket.on('error', () => undefined);
    const client = ByteStream.over(socket, 1024);
    void (async () => {
      socket.write(`RFB 003.00${minor}\n`);
      await client.read(12);
      if (minor === 3) socket.write(u32(type));
      else {
        socket.write(Buffer.of(1, type));
        if ((await client.u8()) !== type) return socket.destroy();
      }
      if (type === 2) {
        const challenge = randomBytes(16);
        socket.write(challenge);
        const answer = await client.read(16);
        const ok = accepted.some((account) => account.password !== undefined && vncAuthResponse(account.password, challenge).equals(answer));
        if (!ok) {
          const reason = Buffer.from('Authentication failure'); // TigerVNC's words
          return socket.end(minor === 8 ? Buffer.concat([u32(1), u32(reason.length), reason]) : u32(1));
        }
        socket.write(u32(0));
      } else if (minor === 8) socket.write(u32(0));
      await client.u8(); // ClientInit (shared or not: the demo has one desktop for all)
      const title = Buffer.from(name);
      // 1024 × 768, 32 bits per pixel, depth 24, little-endian true colour (red, green, blue at bits 16, 8, 0).
      const format = Buffer.of(32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 16, 8, 0, 0, 0, 0);
      socket.write(Buffer.concat([Buffer.of(4, 0, 3, 0), format, u32(title.length), title]));
    })().catch(() => socket.destroy());
  });
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}
