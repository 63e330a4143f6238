/**
 * PostgreSQL (Debian's postgresql) for the PostgreSQL login check's tests: a
 * cluster made by initdb in a temporary directory, postgres in the foreground
 * on 127.0.0.1 and a free port. Postgres refuses to run as root: both run as
 * the postgres user, which owns the directory. Logins over TCP need a
 * password (SCRAM-SHA-256), as a blue team's server would; the superuser's,
 * random, lets the tests create roles, databases and tables and change a
 * password, by postgresSql().
 */
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { startDaemon, unixIds } from './daemon';

export interface PostgresInfo {
  port: number;
  /** A superuser; its database is `postgres`. */
  admin: { user: string; password: string };
}

/** The newest installed PostgreSQL's programs (Debian keeps each major version under its own directory). */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((version) => existsSync(join(root, version, 'bin', 'postgres'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`no PostgreSQL under ${root}: install Debian's postgresql`);
  return join(root, newest, 'bin');
}

export function startPostgres() {
  return startDaemon('postgres', async (scope): Promise<PostgresInfo> => {
    const bin = postgresBinDir();
    const dir = scope.tempDir();
    const data = join(dir, 'data');
    // Run as the postgres user by the pid we hold (not through runuser, whose watching parent would
    // stand between us and postgres and turn our fast-shutdown SIGINT into a smart-shutdown SIGTERM).
    const owner = unixIds('postgres');
    chownSync(dir, owner.uid, owner.gid);
    const admin = { user: 'scoring_admin', password: randomBytes(12).toString('base64url') };
    const passwordFile = join(dir, 'admin-password');
    writeFileSync(passwordFile, `${admin.password}\n`, { mode: 0o600 });
    chownSync(passwordFile, owner.uid, owner.gid);
    await scope.run(
      join(bin, 'initdb'),
      ['-D', data, '-U', admin.user, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-instructions', '--no-sync'],
      { ...owner, cwd: dir },
    );
    rmSync(passwordFile);
    writeFileSync(join(data, 'pg_hba.conf'), '# Passwords (SCRAM) over TCP from loopback, and nothing else.\nhost all all 127.0.0.1/32 scram-sha-256\n');
    const { port } = await scope.serve(
      (port) => ({
        command: join(bin, 'postgres'),
        args: [
          ...['-D', data, '-k', dir, '-p', String(port), '-h', '127.0.0.1'],
          // A throwaway cluster on a small machine: little memory, and no waiting for the disk.
          ...['-c', 'shared_buffers=16MB', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
        ],
        // SIGINT is postgres' fast shutdown: sessions a test left open are ended, not waited for.
        options: { ...owner, cwd: dir, stopSignal: 'SIGINT' },
      }),
      // It accepts connections before it has finished starting ("the database system is starting up"): ready once the admin can query.
      async (port) => (await postgresSql({ port, admin }, 'SELECT 1'), true),
    );
    return { port, admin };
  });
}

/** Runs one statement as the superuser, in database `postgres` unless said (with $1… placeholders for values), and returns its rows. */
export async function postgresSql(db: Pick<PostgresInfo, 'port' | 'admin'>, sql: string, values: unknown[] = [], database = 'postgres'): Promise<unknown[]> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: db.port,
    user: db.admin.user,
    password: db.admin.password,
    database,
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}
