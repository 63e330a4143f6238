import ssh2, { type ClientChannel } from 'ssh2';
import type { CheckAccount } from '#shared/domain/accounts';
import type { SshCheck } from '#shared/domain/check-definitions';
import { checkBanner } from './banner';
import { matcherOf } from './match';
import { fail, networkFailure, openSocket, pass, printable, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';

/** A command's output is read up to this much, and matched against it. */
export const OUTPUT_MAX_BYTES = 64 * 1024;

/**
 * SSH with an account: log in as it (its password or private key), run the
 * check's command if it has one, and match what the command prints (its
 * standard output, up to 64 KiB) with the match rules; a command that exits
 * with a status other than 0 fails. Without an account it stays the banner
 * check. The host key is not checked: blue teams rebuild hosts, and the check
 * is about users getting in, not about the key. Failure reasons name the
 * user, never the secret.
 */
export function checkSsh(target: ProbeTarget, check: SshCheck, account: CheckAccount | undefined): Promise<CheckOutcome> {
  if (!account) return checkBanner(target, check);
  const matcher = matcherOf(check);
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    progress('the connection');
    const socket = await openSocket(target, signal);
    const client = new ssh2.Client();
    // ssh2 may emit a second error after the one the login hears: its own ready timeout, then, as the
    // deadline closes the socket, "Connection lost before handshake". Unheard, it would end the agent's process.
    client.on('error', () => undefined);
    signal.addEventListener('abort', () => client.end(), { once: true });
    try {
      progress(`the login as ${account.username}`);
      const login = await new Promise<CheckOutcome | undefined>((resolve) => {
        client.once('ready', () => resolve(undefined));
        client.once('error', (error: Error & { level?: string }) =>
          resolve(
            error.level === 'client-authentication'
              ? fail('login failed', `login as ${account.username} refused`)
              : error.level === 'protocol' || error.level === 'handshake'
                ? fail('protocol error', `SSH handshake failed: ${printable(error.message, 80)}`)
                : networkFailure(error),
          ),
        );
        client.once('close', () => resolve(fail('connection reset', 'connection closed before the login')));
        client.connect({
          sock: socket,
          username: account.username,
          ...(account.private_key === undefined ? { password: account.password } : { privateKey: account.private_key }),
          // Password logins only by password (no keyboard-interactive prompt to answer), keys only by key.
          tryKeyboard: false,
          hostVerifier: () => true,
          readyTimeout: check.timeout_seconds * 1000,
        });
      });
      if (login) return login;
      if (check.command === undefined) return pass();
      progress(`the output of ${check.command}`);
      const run = await runCommand(client, check.command);
      if ('passed' in run) return run;
      // Its exit status counts only when it ran to the end (a flood is closed by the check, mid-way).
      if (run.complete && run.code !== 0) return fail('content mismatch', `\`${printable(check.command, 40)}\` exited with ${run.code ?? 'a signal'}`);
      const problem = matcher.problem(run.output, run.complete, `the output of \`${printable(check.command, 40)}\``);
      return problem ? fail('content mismatch', problem) : pass();
    } finally {
      client.end();
      socket.destroy();
    }
  });
}

function runCommand(
  client: InstanceType<typeof ssh2.Client>,
  command: string,
): Promise<{ output: Buffer; complete: boolean; code: number | null } | CheckOutcome> {
  return new Promise((resolve) => {
    client.exec(command, (error: Error | undefined, stream: ClientChannel) => {
      if (error) return resolve(fail('protocol error', `the server would not run the command: ${printable(error.message, 60)}`));
      const chunks: Buffer[] = [];
      let size = 0;
      let code: number | null = null;
      stream.on('data', (chunk: Buffer) => {
        if (size <= OUTPUT_MAX_BYTES) chunks.push(chunk);
        size += chunk.length;
        if (size > OUTPUT_MAX_BYTES) stream.close();
      });
      stream.stderr.resume();
      stream.on('exit', (exitCode: number | null) => (code = exitCode));
      stream.on('close', () => resolve({ output: Buffer.concat(chunks).subarray(0, OUTPUT_MAX_BYTES), complete: size <= OUTPUT_MAX_BYTES, code }));
    });
  });
}
