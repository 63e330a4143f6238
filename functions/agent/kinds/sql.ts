import { Socket } from 'node:net';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { CheckAccount } from '#shared/domain/accounts';
import type { SqlCheck } from '#shared/domain/check-definitions';
import { matcherOf } from './match';
import { fail, networkFailure, noAccount, openSocket, pass, printable, withDeadline, type CheckOutcome, type ProbeTarget } from './probe';

/** A query's rows are read as text up to this much, and matched against it. */
export const ROWS_MAX_BYTES = 256 * 1024;

/** What a login and a query came to: the rows as text, or why not. */
type Session = { rows?: string[][] } | CheckOutcome;

/**
 * MySQL (MariaDB) and PostgreSQL: log in as the round's account (to
 * `database` when given), run `sql` when given, read-only (the server
 * refuses a write), and match its rows with the match rules. The rows are
 * matched as text, as `mysql --batch` and `psql -At` print them: one line
 * per row, its fields as the server sent them separated by tabs, NULL as an
 * empty field, every line ending in a newline. No TLS: a server that insists
 * on it fails, saying so. Failure reasons name the user and the database,
 * never the secret.
 */
export function checkSql(target: ProbeTarget, check: SqlCheck, account: CheckAccount | undefined): Promise<CheckOutcome> {
  if (account?.password === undefined) {
    return Promise.resolve(noAccount(account ? `${check.check} logs in with a password; ${account.username} has only a key` : 'the service has none'));
  }
  const matcher = matcherOf(check);
  const where = check.database === undefined ? '' : ` to ${printable(check.database, 40)}`;
  return withDeadline(check.timeout_seconds, async (signal, progress) => {
    progress(`the login as ${account.username}${where}`);
    const session =
      check.check === 'mysql' ? await mysqlSession(target, check, account, signal, progress) : await postgresSession(target, check, account, signal, progress);
    if ('passed' in session) return session;
    if (session.rows === undefined) return pass();
    const text = Buffer.from(session.rows.map((row) => `${row.join('\t')}\n`).join(''));
    const problem = matcher.problem(text.subarray(0, ROWS_MAX_BYTES), text.length <= ROWS_MAX_BYTES, 'the rows of the query');
    return problem ? fail('content mismatch', problem) : pass();
  });
}

async function mysqlSession(
  target: ProbeTarget,
  check: SqlCheck,
  account: CheckAccount,
  signal: AbortSignal,
  progress: (stage: string) => void,
): Promise<Session> {
  const socket = await openSocket(target, signal);
  let connection: mysql.Connection | undefined;
  signal.addEventListener('abort', () => connection?.destroy(), { once: true });
  try {
    connection = await mysql.createConnection({
      stream: socket,
      user: account.username,
      password: account.password,
      ...(check.database === undefined ? {} : { database: check.database }),
      connectTimeout: check.timeout_seconds * 1000,
    });
  } catch (error) {
    socket.destroy();
    return mysqlFailure(error, account, check, 'login');
  }
  try {
    if (check.sql === undefined) return {};
    progress('the query');
    // Every later statement of the session runs in a read-only transaction: a write is the server's error, not our parsing.
    await connection.query('SET SESSION TRANSACTION READ ONLY');
    // typeCast off: each field as the text the server sent (a date as it prints it, not as a JavaScript Date).
    const [rows] = await connection.query({ sql: check.sql, rowsAsArray: true, typeCast: false });
    if (!Array.isArray(rows)) return fail('content mismatch', 'the query returned no rows (a statement, not a query)');
    return {
      rows: (rows as unknown[][]).map((row) => row.map((field) => (field === null ? '' : Buffer.isBuffer(field) ? field.toString('utf8') : String(field)))),
    };
  } catch (error) {
    return mysqlFailure(error, account, check, 'query');
  } finally {
    connection.destroy();
  }
}

/** MySQL's and MariaDB's error numbers the check tells apart (mysqld_error.h). */
const MYSQL_ACCESS_DENIED = new Set([1045, 1698]);
const MYSQL_DATABASE_ACCESS_DENIED = 1044;
const MYSQL_UNKNOWN_DATABASE = 1049;

function mysqlFailure(error: unknown, account: CheckAccount, check: SqlCheck, stage: 'login' | 'query'): CheckOutcome {
  const { errno, sqlMessage, code } = error as { errno?: number; sqlMessage?: string; code?: string };
  if (MYSQL_ACCESS_DENIED.has(errno!)) return fail('login failed', `login as ${account.username} refused`);
  if (errno === MYSQL_DATABASE_ACCESS_DENIED)
    return fail('login failed', `${account.username} may not use the database ${printable(check.database ?? '', 40)}`);
  if (errno === MYSQL_UNKNOWN_DATABASE) return fail('content mismatch', `the database ${printable(check.database ?? '', 40)} does not exist`);
  if (sqlMessage !== undefined) {
    return stage === 'query'
      ? fail('content mismatch', `the query failed: ${printable(sqlMessage, 120)}`)
      : fail('protocol error', `the server refused the session: ${printable(sqlMessage, 120)}`);
  }
  if (code === 'ETIMEDOUT') return fail('timeout', `timeout after ${check.timeout_seconds} s waiting for the ${stage}`);
  if (code !== undefined && /^E[A-Z]+$/.test(code)) return networkFailure(error);
  return fail('protocol error', `not a MySQL server (${printable((error as Error).message ?? String(error), 80)})`);
}

async function postgresSession(
  target: ProbeTarget,
  check: SqlCheck,
  account: CheckAccount,
  signal: AbortSignal,
  progress: (stage: string) => void,
): Promise<Session> {
  // pg connects its own socket: ours, so that the deadline can destroy it whatever pg is waiting for.
  const socket = new Socket();
  signal.addEventListener('abort', () => socket.destroy(), { once: true });
  const client = new pg.Client({
    host: target.address,
    port: target.port,
    user: account.username,
    password: account.password,
    database: check.database ?? account.username,
    stream: () => socket,
    application_name: 'ccdc-scoring-check',
    // The whole session read-only, and the server's own deadline on the query.
    options: '-c default_transaction_read_only=on',
    statement_timeout: check.timeout_seconds * 1000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    socket.destroy();
    return postgresFailure(error, account, check, 'login');
  }
  try {
    if (check.sql === undefined) return {};
    progress('the query');
    // Every field as the text the server sent (no parsing into numbers or Dates).
    const result = await client.query<string[]>({ text: check.sql, rowMode: 'array', types: { getTypeParser: () => (value: string) => value } });
    // Several statements answer several results: their rows one after another.
    const results = Array.isArray(result) ? (result as pg.QueryResult<string[]>[]) : [result];
    return { rows: results.flatMap((r) => r.rows.map((row) => row.map((field) => field ?? ''))) };
  } catch (error) {
    return postgresFailure(error, account, check, 'query');
  } finally {
    socket.destroy();
  }
}

/** PostgreSQL's SQLSTATEs the check tells apart (Appendix A of its manual). */
const POSTGRES_LOGIN_REFUSED = new Set(['28P01', '28000']);
const POSTGRES_UNKNOWN_DATABASE = '3D000';
const POSTGRES_READ_ONLY = '25006';

function postgresFailure(error: unknown, account: CheckAccount, check: SqlCheck, stage: 'login' | 'query'): CheckOutcome {
  const { code, message, severity } = error as { code?: string; message?: string; severity?: string };
  if (POSTGRES_LOGIN_REFUSED.has(code!)) return fail('login failed', `login as ${account.username} refused`);
  if (code === POSTGRES_UNKNOWN_DATABASE) return fail('content mismatch', `the database ${printable(check.database ?? account.username, 40)} does not exist`);
  if (code === POSTGRES_READ_ONLY) return fail('content mismatch', 'the query tried to write (checks run read-only)');
  // A server's error carries a severity and a SQLSTATE; a socket's a Node code.
  if (severity !== undefined) {
    return stage === 'query'
      ? fail('content mismatch', `the query failed: ${printable(message ?? '', 120)}`)
      : fail('protocol error', `the server refused the session: ${printable(message ?? '', 120)}`);
  }
  if (code !== undefined && /^E[A-Z]+$/.test(code)) return networkFailure(error);
  if (/terminated unexpectedly|ended unexpectedly/i.test(message ?? '')) return fail('connection reset', `connection closed during the ${stage}`);
  return fail('protocol error', `not a PostgreSQL server (${printable(message ?? String(error), 80)})`);
}
