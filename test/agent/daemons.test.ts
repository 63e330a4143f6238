/**
 * The run's check daemons (test/support/daemons/, started by the global
 * setup) do what the login checks rely on, seen with the clients the checks
 * use: vsftpd serves a user's home over plain FTP and explicit FTPS (download,
 * upload, delete) and refuses a wrong password; MariaDB and PostgreSQL let in
 * a user a test creates with its password, and refuse a wrong one; slapd
 * binds a directory user with its password over LDAP and LDAPS, refuses a
 * wrong one, shows bound users (only) the People, and its helpers change a
 * password and delete a user. slapd is seen with ldap-utils' own tools.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import { Client as FtpClient, FTPError } from 'basic-ftp';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { mariadbSql } from '../support/daemons/mariadb';
import { postgresSql } from '../support/daemons/postgres';
import { deleteLdapEntry, setLdapPassword } from '../support/daemons/slapd';

describe('vsftpd', () => {
  const ftp = inject('vsftpd');
  const user = ftp.users.blue;

  async function roundTrip(secure: boolean) {
    const name = `${randomUUID()}.txt`;
    writeFileSync(join(user.home, name), `scored ${secure ? 'over TLS' : 'in the clear'}\n`);
    const client = new FtpClient(5_000);
    try {
      // basic-ftp names each connection's protection in its log: the data connections' too (over TLS they
      // resume the control connection's session, or vsftpd, with require_ssl_reuse, would refuse them).
      const log: string[] = [];
      client.ftp.verbose = true;
      client.ftp.log = (message: string) => void log.push(message);
      await client.access({
        host: '127.0.0.1',
        port: ftp.port,
        user: user.name,
        password: user.password,
        secure,
        secureOptions: { rejectUnauthorized: false },
      });
      let text = '';
      await client.downloadTo(new Writable({ write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString()), done()) }), name);
      expect(text).toBe(`scored ${secure ? 'over TLS' : 'in the clear'}\n`);
      const upload = `up-${name}`;
      await client.uploadFrom(Readable.from(['uploaded by the check\n']), upload);
      expect(readFileSync(join(user.home, upload), 'utf8')).toBe('uploaded by the check\n');
      expect((await client.list()).map((file) => file.name)).toContain(upload);
      await client.remove(upload);
      await client.remove(name);
      expect(existsSync(join(user.home, upload))).toBe(false);
      expect(existsSync(join(user.home, name))).toBe(false);
      const transfers = log.filter((line) => /^(Downloading from|Uploading to) /.test(line));
      expect(transfers).toHaveLength(3);
      for (const line of transfers) expect(line).toMatch(secure ? /\(TLSv1\.[23]\)$/ : /\(No encryption\)$/);
      expect(log.filter((line) => line.startsWith('Login security: '))).toEqual([
        secure ? expect.stringMatching(/TLSv1\.[23]$/) : 'Login security: No encryption',
      ]);
    } finally {
      client.close();
    }
  }

  it('serves a user its home over plain FTP: download, upload, delete', () => roundTrip(false));

  it('serves the same over explicit FTPS (AUTH TLS), data connections included', () => roundTrip(true));

  it('refuses a wrong password with 530', async () => {
    const client = new FtpClient(5_000);
    try {
      const refused = await client
        .access({ host: '127.0.0.1', port: ftp.port, user: user.name, password: 'not-the-password' })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(FTPError);
      expect((refused as FTPError).code).toBe(530);
    } finally {
      client.close();
    }
  });
});

describe('MariaDB', () => {
  const db = inject('mariadb');
  const user = `check_${randomUUID().slice(0, 8)}`;
  const password = randomUUID();
  const login = (secret: string) => createConnection({ host: '127.0.0.1', port: db.port, user, password: secret, database: user, connectTimeout: 5_000 });

  it('lets in a user the test created, which reads its table; refuses a wrong password (1045)', async () => {
    await mariadbSql(db, `CREATE DATABASE ${user}`);
    await mariadbSql(db, `CREATE TABLE ${user}.flags (flag VARCHAR(40))`);
    await mariadbSql(db, `INSERT INTO ${user}.flags VALUES (?)`, ['blue-team-flag']);
    await mariadbSql(db, `CREATE USER ?@'127.0.0.1' IDENTIFIED BY ?`, [user, password]);
    await mariadbSql(db, `GRANT SELECT ON ${user}.* TO ?@'127.0.0.1'`, [user]);
    const connection = await login(password);
    try {
      const [rows] = await connection.query('SELECT flag FROM flags');
      expect(rows).toEqual([{ flag: 'blue-team-flag' }]);
    } finally {
      await connection.end();
    }
    await expect(login('not-the-password')).rejects.toMatchObject({ errno: 1045 });
  });
});

describe('PostgreSQL', () => {
  const db = inject('postgres');
  const role = `check_${randomUUID().slice(0, 8)}`;
  const password = randomUUID();
  const login = async (secret: string) => {
    const client = new pg.Client({ host: '127.0.0.1', port: db.port, user: role, password: secret, database: role, connectionTimeoutMillis: 5_000 });
    await client.connect();
    return client;
  };

  it('lets in a role the test created (SCRAM), which reads its table; refuses a wrong password (28P01)', async () => {
    await postgresSql(db, `CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
    await postgresSql(db, `CREATE DATABASE ${role} OWNER ${role}`);
    expect(await postgresSql(db, 'SELECT rolpassword LIKE $1 AS scram FROM pg_authid WHERE rolname = $2', ['SCRAM-SHA-256$%', role])).toEqual([
      { scram: true },
    ]);
    const client = await login(password);
    try {
      await client.query('CREATE TABLE flags (flag text)');
      await client.query('INSERT INTO flags VALUES ($1)', ['blue-team-flag']);
      expect((await client.query('SELECT flag FROM flags')).rows).toEqual([{ flag: 'blue-team-flag' }]);
    } finally {
      await client.end();
    }
    await expect(login('not-the-password')).rejects.toMatchObject({ code: '28P01' });
  });
});

describe('slapd', () => {
  const ldap = inject('slapd');
  const url = `ldap://127.0.0.1:${ldap.port}`;
  const { blue } = ldap.users;

  /** Runs one of ldap-utils' tools (ldaps: any certificate, slapd's is self-signed): its exit code (LDAP's result code) and output. */
  function tool(name: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(name, ['-x', ...args], { env: { ...process.env, LDAPTLS_REQCERT: 'never' }, timeout: 10_000 }, (error, stdout, stderr) =>
        resolve({ code: typeof error?.code === 'number' ? error.code : error ? -1 : 0, stdout, stderr }),
      );
    });
  }
  const whoami = (dn: string, password: string, server = url) => tool('ldapwhoami', ['-H', server, '-D', dn, '-w', password]);
  /** The DNs a search under ou=People finds (as a user, or anonymously). */
  async function people(filter: string, as?: { dn: string; password: string }) {
    const bind = as ? ['-D', as.dn, '-w', as.password] : [];
    const result = await tool('ldapsearch', ['-H', url, ...bind, '-LLL', '-b', `ou=People,${ldap.baseDn}`, filter, 'dn']);
    return { code: result.code, dns: [...result.stdout.matchAll(/^dn: (.+)$/gm)].map((match) => match[1]) };
  }

  it('binds a user with its password, and refuses a wrong one with invalidCredentials (49)', async () => {
    expect(await whoami(blue.dn, blue.password)).toMatchObject({ code: 0, stdout: `dn:${blue.dn}\n` });
    expect(await whoami(blue.dn, 'not-the-password')).toMatchObject({ code: 49, stderr: expect.stringContaining('Invalid credentials (49)') });
  });

  it('binds over LDAPS (TLS from the first byte) too, with the certificate it provides', async () => {
    expect(await whoami(blue.dn, blue.password, `ldaps://127.0.0.1:${ldap.ldapsPort}`)).toMatchObject({ code: 0, stdout: `dn:${blue.dn}\n` });
    // A client that verifies (trusting just that certificate, for localhost) gets through too.
    await new Promise<void>((resolve, reject) => {
      const socket = tlsConnect({ host: '127.0.0.1', port: ldap.ldapsPort, servername: 'localhost', ca: ldap.cert }, () => (socket.end(), resolve()));
      socket.once('error', reject);
    });
  });

  it('shows a bound user the People, and an anonymous one nothing', async () => {
    expect(await people(`(uid=${blue.uid})`, blue)).toEqual({ code: 0, dns: [blue.dn] });
    // Anonymous reads are refused as if the directory were empty: noSuchObject (32) for the base itself.
    expect(await people(`(uid=${blue.uid})`)).toEqual({ code: 32, dns: [] });
  });

  it("changes a user's password, then deletes the user: its bind fails, a search for it finds nothing", async () => {
    const { deploy } = ldap.users;
    const password = randomUUID();
    await setLdapPassword(ldap, 'deploy', password);
    expect((await whoami(deploy.dn, password)).code).toBe(0);
    expect((await whoami(deploy.dn, deploy.password)).code).toBe(49);
    await deleteLdapEntry(ldap, deploy.dn);
    expect((await whoami(deploy.dn, password)).code).toBe(49);
    expect(await people(`(uid=${deploy.uid})`, blue)).toEqual({ code: 0, dns: [] });
  });
});
