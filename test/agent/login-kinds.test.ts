/**
 * The FTP, FTPS, MySQL and PostgreSQL login checks against the run's real
 * daemons (vsftpd, MariaDB, PostgreSQL: test/support/daemons/, started by
 * the global setup) and against the demo's own servers (lib/local/demo/),
 * which npm start plays the sample's teams with. For each kind the right
 * account passes, and a wrong password, a changed file or row, a defaced
 * one (reject pattern) and a stopped daemon each fail with their own reason
 * and category. No reason holds a secret.
 */
import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CheckAccount } from '#shared/domain/accounts';
import type { FtpCheck, SqlCheck } from '#shared/domain/check-definitions';
import { runCheck, type CheckOutcome } from '../../functions/agent/kinds';
import { ftpServer } from '../../lib/local/demo/ftp';
import { postgresServer } from '../../lib/local/demo/postgres';
import { freePort } from '../support/daemons/daemon';
import { mariadbSql } from '../support/daemons/mariadb';
import { postgresSql } from '../support/daemons/postgres';

/** Every outcome of the file, for the secret scan at the end. */
const outcomes: CheckOutcome[] = [];
const secrets: string[] = [];
async function check(port: number, definition: FtpCheck | SqlCheck, account?: CheckAccount): Promise<CheckOutcome> {
  const outcome = await runCheck({ host: 'files.team1.example', address: '127.0.0.1', port }, definition, { account });
  outcomes.push(outcome);
  return outcome;
}
const WRONG = `Wrong-${randomUUID().slice(0, 8)}`;
secrets.push(WRONG);

let closedPort: number;
beforeAll(async () => {
  closedPort = await freePort();
});

describe('the FTP and FTPS login checks (vsftpd on loopback)', () => {
  const ftp = inject('vsftpd');
  const user = ftp.users.blue;
  const account = () => ({ username: user.name, password: user.password });
  const REPORT = `quarterly report ${randomUUID()}\n`;
  const file = `report-${randomUUID().slice(0, 8)}.txt`;
  const ftpCheck = (extra: Partial<FtpCheck> = {}): FtpCheck => ({ check: 'ftp', timeout_seconds: 10, ...extra });
  beforeAll(() => {
    secrets.push(user.password);
    writeFileSync(join(user.home, file), REPORT, { mode: 0o644 });
  });

  it('logs in, downloads a file that matches its pattern and digest, and writes, reads back and deletes one, in the clear and over TLS', async () => {
    const sha256 = createHash('sha256').update(REPORT).digest('hex');
    for (const kind of ['ftp', 'ftps'] as const) {
      expect(await check(ftp.port, ftpCheck({ check: kind, file, content: '^quarterly report', sha256, upload: true }), account()), kind).toEqual({
        passed: true,
      });
    }
  });

  it('fails a wrong password, a changed file, a defaced one, a missing one and a stopped daemon, each with its reason', async () => {
    expect(await check(ftp.port, ftpCheck({ check: 'ftps', file }), { username: user.name, password: WRONG })).toEqual({
      passed: false,
      error: `login as ${user.name} refused`,
      category: 'login failed',
    });
    const changed = await check(ftp.port, ftpCheck({ file, sha256: createHash('sha256').update('the original').digest('hex') }), account());
    expect(changed).toMatchObject({
      passed: false,
      category: 'content mismatch',
      error: expect.stringMatching(new RegExp(`^${file} has SHA-256 [0-9a-f]{12}…, not `)),
    });
    const defaced = `defaced-${randomUUID().slice(0, 8)}.txt`;
    writeFileSync(join(user.home, defaced), 'quarterly report\nHacked by the red team\n', { mode: 0o644 });
    expect(await check(ftp.port, ftpCheck({ file: defaced, content: 'quarterly', reject: '(?i)hacked by' }), account())).toEqual({
      passed: false,
      error: `${defaced} matches the reject pattern /(?i)hacked by/`,
      category: 'content mismatch',
    });
    expect(await check(ftp.port, ftpCheck({ file: 'no-such-file.txt' }), account())).toMatchObject({
      passed: false,
      category: 'content mismatch',
      error: expect.stringMatching(/^no-such-file\.txt cannot be read \(550 /),
    });
    expect(await check(closedPort, ftpCheck({ file }), account())).toEqual({
      passed: false,
      error: 'the greeting: connection refused',
      category: 'connection refused',
    });
  });

  it('reads only the banner without an account', async () => {
    expect(await check(ftp.port, ftpCheck({ banner: '^220' }))).toEqual({ passed: true });
  });
});

describe("the FTP check against the demo's FTP server", () => {
  let server: Server;
  let port: number;
  const demo = { username: 'files', password: `Demo-${randomUUID().slice(0, 8)}` };
  beforeAll(async () => {
    secrets.push(demo.password);
    server = ftpServer([demo], new Map([['welcome.txt', Buffer.from('Welcome to the demo\n')]]));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('passes the sample’s check, refuses a changed password, and fails FTPS on a server without TLS as a TLS failure', async () => {
    const sample: FtpCheck = { check: 'ftp', file: 'welcome.txt', content: '^Welcome', upload: true, timeout_seconds: 5 };
    expect(await check(port, sample, demo)).toEqual({ passed: true });
    expect(await check(port, sample, { username: 'files', password: WRONG })).toEqual({
      passed: false,
      error: 'login as files refused',
      category: 'login failed',
    });
    expect(await check(port, { ...sample, check: 'ftps' }, demo)).toMatchObject({
      passed: false,
      category: 'tls',
      error: expect.stringMatching(/^the server refused AUTH TLS \(502 /),
    });
  });
});

/** A database, a table of three rows and a user with every right on it (the check, not the grant, keeps it read-only). */
const INVENTORY = [
  ['firewall', 2],
  ['switch', 4],
  ['workstation', 12],
] as const;
const ROWS = 'firewall\t2\nswitch\t4\nworkstation\t12\n';

describe('the MySQL login check (MariaDB on loopback)', () => {
  const db = inject('mariadb');
  const database = `shop_${randomUUID().slice(0, 8)}`;
  const account = { username: `checker_${randomUUID().slice(0, 8)}`, password: `Db-${randomUUID()}` };
  const mysql = (extra: Partial<SqlCheck> = {}): SqlCheck => ({ check: 'mysql', database, timeout_seconds: 10, ...extra });
  beforeAll(async () => {
    secrets.push(account.password);
    await mariadbSql(db, `CREATE DATABASE ${database}`);
    await mariadbSql(db, `CREATE TABLE ${database}.inventory (item VARCHAR(40) PRIMARY KEY, quantity INT, note TEXT, added DATE)`);
    for (const [item, quantity] of INVENTORY)
      await mariadbSql(db, `INSERT INTO ${database}.inventory (item, quantity, added) VALUES (?, ?, '2026-11-25')`, [item, quantity]);
    await mariadbSql(db, `CREATE USER ?@'127.0.0.1' IDENTIFIED BY ?`, [account.username, account.password]);
    await mariadbSql(db, `GRANT ALL ON ${database}.* TO ?@'127.0.0.1'`, [account.username]);
  });

  it('logs in and matches the rows of a query as text: tab-separated fields, NULL empty, a date as the server prints it', async () => {
    expect(await check(db.port, mysql({ sql: 'SELECT item, quantity FROM inventory ORDER BY item', exact: ROWS }), account)).toEqual({ passed: true });
    const typed = mysql({ sql: "SELECT note, added, quantity * 1.5 FROM inventory WHERE item = 'switch'", exact: '\t2026-11-25\t6.0\n' });
    expect(await check(db.port, typed, account)).toEqual({ passed: true });
    expect(await check(db.port, mysql(), account)).toEqual({ passed: true });
  });

  it('fails a wrong password, a changed row, a write, a missing table and a stopped daemon, each with its reason', async () => {
    expect(await check(db.port, mysql({ sql: 'SELECT 1' }), { ...account, password: WRONG })).toEqual({
      passed: false,
      error: `login as ${account.username} refused`,
      category: 'login failed',
    });
    await mariadbSql(db, `UPDATE ${database}.inventory SET item = 'hacked' WHERE item = 'firewall'`);
    expect(
      await check(db.port, mysql({ sql: 'SELECT item FROM inventory ORDER BY item', content: '(?m)^firewall$', reject: '(?m)^hacked$' }), account),
    ).toEqual({
      passed: false,
      error: 'the rows of the query matches the reject pattern /(?m)^hacked$/',
      category: 'content mismatch',
    });
    const write = await check(db.port, mysql({ sql: "INSERT INTO inventory (item, quantity) VALUES ('red team', 1)" }), account);
    expect(write).toMatchObject({ passed: false, category: 'content mismatch', error: expect.stringMatching(/^the query failed: .*READ ONLY/) });
    expect(await mariadbSql(db, `SELECT item FROM ${database}.inventory WHERE item = 'red team'`)).toEqual([]);
    expect(await check(db.port, mysql({ sql: 'SELECT * FROM orders' }), account)).toMatchObject({
      passed: false,
      category: 'content mismatch',
      error: expect.stringMatching(/^the query failed: Table '.*orders' doesn't exist/),
    });
    expect(await check(closedPort, mysql({ sql: 'SELECT 1' }), account)).toEqual({
      passed: false,
      error: 'connection refused',
      category: 'connection refused',
    });
  });
});

describe('the PostgreSQL login check (PostgreSQL on loopback)', () => {
  const db = inject('postgres');
  const database = `shop_${randomUUID().slice(0, 8)}`;
  const account = { username: `checker_${randomUUID().slice(0, 8)}`, password: `Db-${randomUUID()}` };
  const postgres = (extra: Partial<SqlCheck> = {}): SqlCheck => ({ check: 'postgres', database, timeout_seconds: 10, ...extra });
  beforeAll(async () => {
    secrets.push(account.password);
    await postgresSql(db, `CREATE ROLE ${account.username} LOGIN PASSWORD '${account.password}'`);
    await postgresSql(db, `CREATE DATABASE ${database} OWNER ${account.username}`);
    await postgresSql(db, 'CREATE TABLE inventory (item text PRIMARY KEY, quantity int, note text, added date)', [], database);
    for (const [item, quantity] of INVENTORY) await postgresSql(db, "INSERT INTO inventory VALUES ($1, $2, NULL, '2026-11-25')", [item, quantity], database);
    await postgresSql(db, `ALTER TABLE inventory OWNER TO ${account.username}`, [], database);
  });

  it('logs in (SCRAM) and matches the rows of a query as text: tab-separated fields, NULL empty, a date as the server prints it', async () => {
    expect(await check(db.port, postgres({ sql: 'SELECT item, quantity FROM inventory ORDER BY item', exact: ROWS }), account)).toEqual({ passed: true });
    const typed = postgres({ sql: "SELECT note, added, quantity * 1.5 FROM inventory WHERE item = 'switch'", exact: '\t2026-11-25\t6.0\n' });
    expect(await check(db.port, typed, account)).toEqual({ passed: true });
  });

  it('fails a wrong password, an unknown database, a changed row, a write and a stopped daemon, each with its reason', async () => {
    expect(await check(db.port, postgres({ sql: 'SELECT 1' }), { ...account, password: WRONG })).toEqual({
      passed: false,
      error: `login as ${account.username} refused`,
      category: 'login failed',
    });
    expect(await check(db.port, postgres({ database: 'no_such_db' }), account)).toEqual({
      passed: false,
      error: 'the database no_such_db does not exist',
      category: 'content mismatch',
    });
    await postgresSql(db, "UPDATE inventory SET quantity = 0 WHERE item = 'firewall'", [], database);
    expect(await check(db.port, postgres({ sql: 'SELECT item, quantity FROM inventory ORDER BY item', exact: ROWS }), account)).toEqual({
      passed: false,
      error: 'the rows of the query is not the expected text (35 bytes)',
      category: 'content mismatch',
    });
    expect(await check(db.port, postgres({ sql: "INSERT INTO inventory VALUES ('red team', 1)" }), account)).toEqual({
      passed: false,
      error: 'the query tried to write (checks run read-only)',
      category: 'content mismatch',
    });
    expect(await postgresSql(db, "SELECT item FROM inventory WHERE item = 'red team'", [], database)).toEqual([]);
    expect(await check(closedPort, postgres({ sql: 'SELECT 1' }), account)).toEqual({
      passed: false,
      error: 'connection refused',
      category: 'connection refused',
    });
  });
});

describe("the PostgreSQL check against the demo's database server", () => {
  let server: Server;
  let port: number;
  const demo = { username: 'shop', password: `Demo-${randomUUID().slice(0, 8)}` };
  beforeAll(async () => {
    secrets.push(demo.password);
    server = postgresServer([demo], { inventory: { columns: ['item', 'quantity'], rows: [['firewall', '2']] } });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('passes the sample’s check, refuses a changed password, and answers a missing table as PostgreSQL does', async () => {
    const sample: SqlCheck = {
      check: 'postgres',
      database: 'shop',
      sql: 'SELECT item, quantity FROM inventory ORDER BY item',
      content: '(?m)^firewall\\t[0-9]+$',
      timeout_seconds: 5,
    };
    expect(await check(port, sample, demo)).toEqual({ passed: true });
    expect(await check(port, sample, { username: 'shop', password: WRONG })).toEqual({
      passed: false,
      error: 'login as shop refused',
      category: 'login failed',
    });
    expect(await check(port, { ...sample, sql: 'SELECT * FROM orders' }, demo)).toEqual({
      passed: false,
      error: 'the query failed: relation "orders" does not exist',
      category: 'content mismatch',
    });
  });
});

describe('every reason', () => {
  it('holds no secret', () => {
    expect(outcomes.length).toBeGreaterThan(20);
    const reasons = JSON.stringify(outcomes);
    for (const secret of secrets) expect(reasons).not.toContain(secret);
  });
});
