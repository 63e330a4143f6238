import type { CheckAccount } from '#shared/domain/accounts';
import type { SmbCheck } from '#shared/domain/check-definitions';
import { matcherOf } from './match';
import { fail, noAccount, pass, printable, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';
import { SmbConnection } from './smb2';

/** A file is read up to this much, and matched against it, as FTP's are; the rest is never read. */
export const SMB_FILE_MAX_BYTES = 256 * 1024;

/**
 * A file share (SMB 2 and 3, smb2.ts): a sign-in as the round's account
 * (NTLMv2; `DOMAIN\user`, `user@domain` or `user`), a connection to
 * `share`, then `file` read and matched with the match rules, and the
 * listing of `folder` (the share's root when only `expect` is given),
 * which must hold the name `expect`. Each step's refusal has its category:
 * a wrong password `login failed`, a missing share `share not found`, a
 * missing file, folder or name `file not found`.
 */
export function checkSmb(target: ProbeTarget, check: SmbCheck, account: CheckAccount | undefined): Promise<CheckOutcome> {
  if (account?.password === undefined)
    return Promise.resolve(noAccount(account ? `smb signs in with a password; ${account.username} has only a key` : 'the service has none'));
  const { username, password } = account;
  const matcher = matcherOf(check);
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    const smb = await SmbConnection.open(target, signal, progress);
    try {
      await smb.signIn(username, password);
      const tree = await smb.connectTree(target.host, check.share);
      if (check.file !== undefined) {
        const file = await smb.open(tree, check.file, 'file');
        const { bytes, complete } = await smb.read(tree, file, SMB_FILE_MAX_BYTES);
        await smb.closeHandle(tree, file);
        const problem = matcher.problem(bytes, complete, printable(check.file, 60));
        if (problem) return fail('content mismatch', problem);
      }
      if (check.folder !== undefined || check.expect !== undefined) {
        const folder = check.folder ?? '/';
        const handle = await smb.open(tree, folder, 'folder');
        const names = await smb.list(tree, handle, check.expect ?? '*');
        await smb.closeHandle(tree, handle);
        if (check.expect !== undefined && !names.some((name) => sameName(name, check.expect!))) {
          return fail('file not found', `the folder ${printable(folder, 60)} does not list ${printable(check.expect, 60)}`);
        }
      }
      await smb.logoff();
      return pass();
    } finally {
      smb.close();
    }
  });
}

/** Windows' names are the same in any case; so are Samba's by default. */
const sameName = (listed: string, expected: string) => listed.toUpperCase() === expected.toUpperCase();
