/**
 * Samba's smbd (Debian's samba, 4.17) for the SMB check's tests: in the
 * foreground on 127.0.0.1 and a free port, everything it keeps in a
 * temporary directory (lib/local/demo/samba.ts writes its configuration),
 * as root (it becomes the users it serves). Its users are real Unix users
 * (useradd) with an SMB password of their own (`smbpasswd -a -s`), as the
 * other daemons' are made. Three shares of one folder: `data` for every
 * user, `locked` for none of them, `sealed` only over encryption; the
 * folder holds `welcome.txt` and `docs/report.txt`, and a test writes more.
 * `settings` are global smb.conf settings over Samba's defaults (signing,
 * the protocols it speaks).
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeSmbdDirectories, SMBD, type SmbdShare, smbdArgs, smbdConf, SMBPASSWD, smbpasswdArgs, smbpasswdInput } from '../../../lib/local/demo/samba';
import { startDaemon, type UnixUser } from './daemon';

export const WELCOME = 'Welcome to the blue team file server\n';
export const REPORT = 'Quarterly report: every service up\n';

export interface SmbdInfo<Name extends string = string> {
  port: number;
  /** The folder every share serves: files written here are in the shares. */
  folder: string;
  /** The configuration smbpasswd is pointed at. */
  conf: string;
  users: Record<Name, UnixUser>;
}

/** `tag` (a few letters) tells this server's users from another's: several run at once. */
export function startSmbd<Name extends string>(tag: string, names: readonly Name[], settings: Record<string, string> = {}) {
  return startDaemon(`smbd-${tag}`, async (scope): Promise<SmbdInfo<Name>> => {
    const dir = scope.tempDir();
    makeSmbdDirectories(dir);
    // smbd reads the files as the signed-in user: the folder is everyone's to read.
    const folder = join(dir, 'share');
    mkdirSync(join(folder, 'docs'), { recursive: true });
    writeFileSync(join(folder, 'welcome.txt'), WELCOME);
    writeFileSync(join(folder, 'docs', 'report.txt'), REPORT);
    for (const path of [dir, folder, join(folder, 'docs')]) chmodSync(path, 0o755);
    const conf = join(dir, 'smb.conf');
    const { port } = await scope.serve((port) => {
      const shares: SmbdShare[] = [
        { name: 'data', path: folder },
        { name: 'locked', path: folder, settings: { 'valid users': 'nobody' } },
        { name: 'sealed', path: folder, settings: { 'server smb encrypt': 'required' } },
      ];
      writeFileSync(conf, smbdConf({ dir, port, addresses: ['127.0.0.1'], shares, settings }));
      return { command: SMBD, args: smbdArgs(conf) };
    });
    // Into the running server's password database (smbpasswd reads the configuration smbd was started with).
    const users = {} as Record<Name, UnixUser>;
    for (const name of names) {
      users[name] = await scope.unixUser(tag, name, folder);
      await scope.run(SMBPASSWD, smbpasswdArgs(conf, users[name].name), { input: smbpasswdInput(users[name].password) });
    }
    return { port, folder, conf, users };
  });
}

/** Sets a user's SMB password, as a blue team's administrator would with smbpasswd. */
export function setSmbPassword(smbd: Pick<SmbdInfo, 'conf'>, unixName: string, password: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(SMBPASSWD, smbpasswdArgs(smbd.conf, unixName), { timeout: 10_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`smbpasswd failed: ${stderr.trim() || error.message}`)) : resolve(),
    );
    child.stdin!.end(smbpasswdInput(password));
  });
}
