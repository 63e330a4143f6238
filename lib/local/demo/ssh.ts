import type { Server } from 'node:net';
import ssh2 from 'ssh2';
import type { CheckAccount } from '#shared/domain/accounts';

/**
 * A real SSH server (ssh2's, on a host key made now) that lets in the given
 * accounts — a password, or a private key whose public half matches — and
 * runs any command as `echo`-like: it prints `demo <command>` and exits 0.
 */
export function sshServer(accepted: CheckAccount[]): Server {
  const hostKey = parsableHostKey();
  const ssh = new ssh2.Server({ hostKeys: [hostKey], banner: undefined, ident: 'OpenSSH_9.2p1 Demo' }, (client) => {
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      const account = accepted.find((a) => a.username === ctx.username);
      if (ctx.method === 'password' && account?.password !== undefined && ctx.password === account.password) return ctx.accept();
      if (ctx.method === 'publickey' && account?.private_key !== undefined) {
        const known = ssh2.utils.parseKey(account.private_key);
        if (!(known instanceof Error) && ctx.key.algo === known.type && ctx.key.data.equals(known.getPublicSSH())) {
          if (!ctx.signature) return ctx.accept();
          if (known.verify(ctx.blob!, ctx.signature, ctx.hashAlgo)) return ctx.accept();
        }
      }
      ctx.reject(['password', 'publickey']);
    });
    client.on('session', (accept) => {
      accept().on('exec', (acceptExec, _reject, info) => {
        const stream = acceptExec();
        stream.write(`demo ${info.command}\n`);
        stream.exit(0);
        stream.end();
      });
    });
  });
  return ssh as unknown as Server;
}

/**
 * An ed25519 host key ssh2 can read back: about one key in 300 that its
 * own generateKeyPairSync makes, it then refuses ("Malformed OpenSSH private
 * key"), which took the whole demo down with it. Made again until it reads.
 */
export function parsableHostKey(): string {
  for (;;) {
    const key = ssh2.utils.generateKeyPairSync('ed25519').private;
    if (!(ssh2.utils.parseKey(key) instanceof Error)) return key;
  }
}
