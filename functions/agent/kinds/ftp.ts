import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { Client, FTPError } from 'basic-ftp';
import type { CheckAccount } from '#shared/domain/accounts';
import type { FtpCheck } from '#shared/domain/check-definitions';
import { checkBanner } from './banner';
import { matcherOf } from './match';
import { fail, networkFailure, noAccount, pass, printable, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';

/** A file is read up to this much, and matched against it; the rest is never read. */
export const FILE_MAX_BYTES = 256 * 1024;

/**
 * FTP and FTPS with an account: log in as it (FTPS: AUTH TLS first, then
 * protected data connections), download `file` and match it with the match
 * rules, and with `upload` write a file of random name and content into the
 * login's directory, read it back and delete it. Without an account it stays
 * the banner check. Data connections are passive and go only to the address
 * the control connection reached, whatever address the server's PASV names
 * (basic-ftp refuses another host): a hostile server cannot send the agent
 * elsewhere. FTPS accepts any certificate, as HTTPS does. Failure reasons
 * name the user and the file, never the secret.
 */
export function checkFtp(target: ProbeTarget, check: FtpCheck, account: CheckAccount | undefined): Promise<CheckOutcome> {
  if (!account) return checkBanner(target, check);
  if (account.password === undefined) return Promise.resolve(noAccount(`${check.check} logs in with a password; ${account.username} has only a key`));
  const matcher = matcherOf(check);
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    // The deadline is ours: the library's own timeout stays off.
    const client = new Client(0);
    signal.addEventListener('abort', () => client.close(), { once: true });
    try {
      progress('the connection');
      const failure = await access(client, target, check, account, progress);
      if (failure) return failure;
      if (check.file !== undefined) {
        progress(`the download of ${check.file}`);
        const file = await download(client, check.file);
        if ('passed' in file) return file;
        const problem = matcher.problem(file.bytes, file.complete, printable(check.file, 60));
        if (problem) return fail('content mismatch', problem);
      }
      if (check.upload) {
        progress('the upload');
        const uploaded = await roundTrip(client);
        if (uploaded) return uploaded;
      }
      return pass();
    } catch (error) {
      return ftpFailure(error, 'the session');
    } finally {
      client.close();
    }
  });
}

async function access(
  client: Client,
  target: ProbeTarget,
  check: FtpCheck,
  account: CheckAccount,
  progress: (stage: string) => void,
): Promise<CheckOutcome | undefined> {
  try {
    await client.connect(target.address, target.port);
  } catch (error) {
    return ftpFailure(error, 'the greeting');
  }
  if (check.check === 'ftps') {
    progress('the TLS handshake');
    try {
      // The service's name for SNI; the address it resolved to is where the data connections go.
      await client.useTLS({ servername: target.host, host: target.address, rejectUnauthorized: false });
    } catch (error) {
      if (error instanceof FTPError) return fail('tls', `the server refused AUTH TLS (${printable(error.message, 60)})`);
      return fail('tls', `TLS handshake failed: ${printable((error as Error).message, 80)}`);
    }
  }
  progress(`the login as ${account.username}`);
  try {
    await client.login(account.username, account.password);
  } catch (error) {
    if (error instanceof FTPError && error.code === 530) return fail('login failed', `login as ${account.username} refused`);
    return ftpFailure(error, `the login as ${account.username}`);
  }
  try {
    await client.useDefaultSettings();
  } catch (error) {
    return ftpFailure(error, 'the session settings');
  }
  return undefined;
}

/** Downloads at most FILE_MAX_BYTES (+1, to know there is more), closing the transfer beyond. */
async function download(client: Client, path: string): Promise<{ bytes: Buffer; complete: boolean } | CheckOutcome> {
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (size <= FILE_MAX_BYTES) chunks.push(chunk);
      size += chunk.length;
      done(size > FILE_MAX_BYTES ? new Error('enough read') : undefined);
    },
  });
  try {
    await client.downloadTo(sink, path);
  } catch (error) {
    if (size > FILE_MAX_BYTES) return { bytes: Buffer.concat(chunks).subarray(0, FILE_MAX_BYTES), complete: false };
    if (error instanceof FTPError && error.code === 550)
      return fail('content mismatch', `${printable(path, 60)} cannot be read (${printable(error.message, 60)})`);
    return ftpFailure(error, `the download of ${printable(path, 60)}`);
  }
  return { bytes: Buffer.concat(chunks), complete: true };
}

/** Writes a file of random name and content, reads it back, deletes it: users can store their work. */
async function roundTrip(client: Client): Promise<CheckOutcome | undefined> {
  const name = `scoring-check-${randomBytes(6).toString('hex')}.txt`;
  const content = Buffer.from(`${randomBytes(16).toString('hex')}\n`);
  try {
    await client.uploadFrom(Readable.from([content]), name);
  } catch (error) {
    if (error instanceof FTPError) return fail('content mismatch', `the upload of ${name} was refused (${printable(error.message, 60)})`);
    return ftpFailure(error, `the upload of ${name}`);
  }
  const back = await download(client, name);
  if ('passed' in back) return back;
  if (!back.complete || !back.bytes.equals(content))
    return fail('content mismatch', `${name} read back other than written (${back.bytes.length} bytes, not ${content.length})`);
  try {
    await client.remove(name);
  } catch (error) {
    if (error instanceof FTPError) return fail('content mismatch', `${name} could not be deleted (${printable(error.message, 60)})`);
    return ftpFailure(error, `the deletion of ${name}`);
  }
  return undefined;
}

/** What went wrong in a stage: a server's refusal with its code, or the network's error. */
function ftpFailure(error: unknown, stage: string): CheckOutcome {
  if (error instanceof FTPError) return fail('protocol error', `${stage}: the server answered ${printable(error.message, 60)}`);
  if ((error as { code?: unknown }).code !== undefined) return networkFailure(error, `${stage}: `);
  return fail('protocol error', `${stage}: ${printable((error as Error).message ?? String(error), 80)}`);
}
