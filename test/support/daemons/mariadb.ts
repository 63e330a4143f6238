/**
 * MariaDB (Debian's mariadb-server) for the MySQL/MariaDB login check's tests:
 * a fresh data directory made by mariadb-install-db in a temporary directory,
 * mariadbd in the foreground on 127.0.0.1 and a free port, as root (it is
 * ours and throwaway). An admin account with a random password, made at
 * start-up, lets the tests create users, databases and tables and change a
 * password over TCP, by mariadbSql().
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { startDaemon } from './daemon';

export interface MariadbInfo {
  port: number;
  /** Every privilege, with grant option, from 127.0.0.1. */
  admin: { user: string; password: string };
}

/** Small: a handful of test tables on a 2-core machine. mariadb-install-db passes them on to its bootstrap server. */
const SIZES = ['--innodb-buffer-pool-size=16M', '--innodb-log-file-size=4M'];

export function startMariadb() {
  return startDaemon('mariadb', async (scope): Promise<MariadbInfo> => {
    const dir = scope.tempDir();
    const data = join(dir, 'data');
    await scope.run('mariadb-install-db', [
      '--no-defaults',
      '--user=root',
      `--datadir=${data}`,
      '--auth-root-authentication-method=socket',
      '--skip-test-db',
      '--skip-name-resolve',
      ...SIZES,
    ]);
    const admin = { user: 'scoring_admin', password: randomBytes(12).toString('base64url') };
    // The bootstrap of mariadb-install-db runs without grant tables (no CREATE USER there): the server makes the admin as it starts.
    writeFileSync(
      join(dir, 'admin.sql'),
      `CREATE OR REPLACE USER '${admin.user}'@'127.0.0.1' IDENTIFIED BY '${admin.password}';\nGRANT ALL PRIVILEGES ON *.* TO '${admin.user}'@'127.0.0.1' WITH GRANT OPTION;\n`,
      { mode: 0o600 },
    );
    const { port } = await scope.serve(
      (port) => ({
        command: '/usr/sbin/mariadbd',
        args: [
          '--no-defaults',
          '--user=root',
          `--datadir=${data}`,
          `--socket=${join(dir, 'mariadbd.sock')}`,
          `--pid-file=${join(dir, 'mariadbd.pid')}`,
          `--port=${port}`,
          '--bind-address=127.0.0.1',
          '--skip-log-bin',
          // Accounts by address (a user is 'name'@'127.0.0.1'), and no DNS lookup per connection.
          '--skip-name-resolve',
          `--init-file=${join(dir, 'admin.sql')}`,
          ...SIZES,
        ],
      }),
      // Its port opens before the init file has run: ready once the admin can log in.
      async (port) => (await mariadbSql({ port, admin }, 'SELECT 1'), true),
    );
    return { port, admin };
  });
}

/** Runs one statement as the admin (with `?` placeholders for values) and returns its rows or result. */
export async function mariadbSql(db: Pick<MariadbInfo, 'port' | 'admin'>, sql: string, values: unknown[] = []): Promise<unknown> {
  const connection = await createConnection({ host: '127.0.0.1', port: db.port, user: db.admin.user, password: db.admin.password, connectTimeout: 5_000 });
  try {
    const [result] = await connection.query(sql, values);
    return result;
  } finally {
    await connection.end();
  }
}
