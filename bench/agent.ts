#!/usr/bin/env -S node --import tsx
/**
 * The scoring agent's checks, timed apart from reporting (the ingestion bench
 * measures the API's write rate), against servers on 127.0.0.1 only:
 *
 * 1. per kind, checks per second and this process's CPU milliseconds per
 *    check: HTTP (status and content), TCP, SSH and SMTP banners against
 *    well-behaved servers in a process of their own (bench/agent-servers.ts);
 *    then the login kinds — an HTTP form login, SSH with a command, FTP and
 *    FTPS (download and upload), MySQL and PostgreSQL queries, mail, LDAP,
 *    VNC (TigerVNC), SMB (Samba: a file read and a folder listed) — against the
 *    real daemons the tests use (test/support/daemons/). On 2 cores the
 *    daemons share the CPU, so wall time alone misleads: the CPU figure is
 *    the agent's own, and from it, whether one invocation holds a round of
 *    250 teams × 20 login checks inside a minute;
 * 2. one round of 250 teams × 20 services (5 000 checks), 2% of them against
 *    silent listeners that time out, under the agent's concurrency limit;
 * 3. the same round end to end: the agent's own round code against the local
 *    server loaded with that competition (list the services and subtypes,
 *    mark each started, check, report every result through POST /scans in
 *    batches of 100; the stream consumer folds them into the scoreboard
 *    after, as the ingestion bench measures). Uses the
 *    DynamoDB Local of DYNAMODB_ENDPOINT when set (npm run bench's), its own
 *    otherwise.
 *
 *   npm run bench:agent [-- --concurrency 256 --timeout 5 --checks-only]
 *
 * `--checks-only` leaves out part 3 (about 1.5 min here). `npm run bench`
 * runs this only with `--full` (all of it took about 2 min of the default's 8).
 *
 * Results are printed and written to bench/results/agent-latest.json.
 */
import '../lib/local/node-20';
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CheckAccount } from '#shared/domain/accounts';
import type { CheckDefinition } from '#shared/domain/check-definitions';
import type { Service } from '#shared/domain/model';
import { DEFAULT_SETTINGS } from '#shared/domain/settings';
import { createLogger } from '#shared/log';
import { startLocalStack } from '../lib/local/local-stack';
import { scoringApi } from '../functions/agent/api';
import { runChecks, runRound } from '../functions/agent/round';
import type { MailRound } from '../functions/agent/kinds';
import { subjectOf } from '../functions/agent/kinds/mail';
import { hmacMailToken } from '#shared/mail-token';
import { concurrencyLimit, roundStartAt } from '../functions/agent/schedule';
import { mariadbSql, startMariadb } from '../test/support/daemons/mariadb';
import { postgresSql, startPostgres } from '../test/support/daemons/postgres';
import { deliver, startDovecot } from '../test/support/daemons/dovecot';
import { startSlapd } from '../test/support/daemons/slapd';
import { startFreerdpShadow } from '../test/support/daemons/freerdp-shadow';
import { startSmbd } from '../test/support/daemons/smbd';
import { startSshd } from '../test/support/daemons/sshd';
import { startVsftpd } from '../test/support/daemons/vsftpd';
import { startXtigervnc } from '../test/support/daemons/xtigervnc';

const { values } = parseArgs({
  options: { concurrency: { type: 'string', default: '256' }, timeout: { type: 'string', default: '5' }, 'checks-only': { type: 'boolean', default: false } },
});
const concurrency = Number(values.concurrency);
const timeout = Number(values.timeout);

// The well-behaved servers run in a process of their own: this one's CPU time is the checks'.
const HTTP_LOGIN: CheckAccount = { username: 'bench', password: 'Bench-Http-Pa55' };
const serverProcess = fork(resolve(import.meta.dirname, 'agent-servers.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_USERNAME: HTTP_LOGIN.username, BENCH_PASSWORD: HTTP_LOGIN.password },
});
const ports = await new Promise<{ http: number; tcp: number; ssh: number; smtp: number; silent: number }>((done) =>
  serverProcess.once('message', done as never),
);

// The real daemons of the login kinds (test/support/daemons/), processes of their own too.
const RDP_LOGIN: CheckAccount = { username: 'bench', password: 'Bench-Rdp-Pa55' };
const [sshd, vsftpd, mariadb, postgres, dovecot, slapd, xtigervnc, smbd, freerdp] = await Promise.all([
  startSshd(['bench']),
  startVsftpd(['bench']),
  startMariadb(),
  startPostgres(),
  startDovecot(['sender', 'reader']),
  startSlapd(['bench']),
  startXtigervnc(),
  startSmbd('bnch', ['bench']),
  startFreerdpShadow({ accounts: [{ user: RDP_LOGIN.username, password: RDP_LOGIN.password! }] }),
]);
const stopDaemons = () => Promise.all([sshd, vsftpd, mariadb, postgres, dovecot, slapd, xtigervnc, smbd, freerdp].map((d) => d.stop()));
const dbLogin: CheckAccount = { username: 'bench_checker', password: 'Bench-Db-Pa55' };
await mariadbSql(mariadb.info, 'CREATE DATABASE shop');
await mariadbSql(mariadb.info, 'CREATE TABLE shop.inventory (item VARCHAR(40) PRIMARY KEY, quantity INT)');
await mariadbSql(mariadb.info, "INSERT INTO shop.inventory VALUES ('firewall', 2), ('switch', 4), ('workstation', 12)");
await mariadbSql(mariadb.info, `CREATE USER ?@'127.0.0.1' IDENTIFIED BY ?`, [dbLogin.username, dbLogin.password]);
await mariadbSql(mariadb.info, `GRANT SELECT ON shop.* TO ?@'127.0.0.1'`, [dbLogin.username]);
await postgresSql(postgres.info, `CREATE ROLE ${dbLogin.username} LOGIN PASSWORD '${dbLogin.password}'`);
await postgresSql(postgres.info, `CREATE DATABASE shop OWNER ${dbLogin.username}`);
await postgresSql(postgres.info, 'CREATE TABLE inventory (item text PRIMARY KEY, quantity int)', [], 'shop');
await postgresSql(postgres.info, "INSERT INTO inventory VALUES ('firewall', 2), ('switch', 4), ('workstation', 12)", [], 'shop');
await postgresSql(postgres.info, `ALTER TABLE inventory OWNER TO ${dbLogin.username}`, [], 'shop');
const sshUser = sshd.info.users.bench;
const ftpUser = vsftpd.info.users.bench;
writeFileSync(join(ftpUser.home, 'welcome.txt'), 'Welcome to the bench\n', { mode: 0o644 });
// Mail: the sender's checks submit to its own mailbox; the reader's holds the one message its checks look for
// (the POP3 check reads the newest 20: a mailbox the SMTP checks fill would bury it).
const mailToken = hmacMailToken('bench mail key');
const { sender, reader } = dovecot.info.users;
const benchToken = await mailToken('bench-previous-round');
await deliver(dovecot.info, 'reader', `From: <${sender.address}>\r\nTo: <${reader.address}>\r\nSubject: ${subjectOf(benchToken)}\r\n\r\nbench\r\n`);
const ldapUser = slapd.info.users.bench;
const smbUser = smbd.info.users.bench;

const query = 'SELECT item, quantity FROM inventory ORDER BY item';
/** The cheap kinds, and the login kinds with the account each signs in as. */
const KINDS: { kind: CheckDefinition; port: number; account?: CheckAccount; mail?: MailRound; label?: string; atOnce?: number }[] = [
  { kind: { check: 'http', path: '/', status: 200, content: 'Welcome', timeout_seconds: timeout }, port: ports.http },
  { kind: { check: 'tcp', timeout_seconds: timeout }, port: ports.tcp },
  { kind: { check: 'ssh', timeout_seconds: timeout }, port: ports.ssh },
  { kind: { check: 'smtp', timeout_seconds: timeout }, port: ports.smtp },
];
const LOGIN_KINDS: (typeof KINDS)[number][] = [
  { kind: { check: 'http', path: '/wiki', status: 200, auth: 'form', content: 'Team wiki', timeout_seconds: timeout }, port: ports.http, account: HTTP_LOGIN },
  {
    kind: { check: 'ssh', command: 'echo scored', content: '^scored', timeout_seconds: timeout },
    port: sshd.info.port,
    account: { username: sshUser.name, password: sshUser.password },
  },
  {
    kind: { check: 'ftp', file: 'welcome.txt', content: '^Welcome', upload: true, timeout_seconds: timeout },
    port: vsftpd.info.port,
    account: { username: ftpUser.name, password: ftpUser.password },
  },
  {
    kind: { check: 'ftps', file: 'welcome.txt', content: '^Welcome', upload: true, timeout_seconds: timeout },
    port: vsftpd.info.port,
    account: { username: ftpUser.name, password: ftpUser.password },
  },
  { kind: { check: 'mysql', database: 'shop', sql: query, content: '(?m)^firewall\\t', timeout_seconds: timeout }, port: mariadb.info.port, account: dbLogin },
  {
    kind: { check: 'postgres', database: 'shop', sql: query, content: '(?m)^firewall\\t', timeout_seconds: timeout },
    port: postgres.info.port,
    account: dbLogin,
  },
  {
    label: 'smtp send',
    kind: { check: 'smtp', mail_to: sender.address, timeout_seconds: timeout },
    port: dovecot.info.ports.submission,
    account: { username: sender.name, password: sender.password },
    mail: { send: { to: sender.address, from: sender.address, token: await mailToken('bench-round') } },
  },
  {
    kind: { check: 'imap', sent_by: 'smtp', timeout_seconds: timeout },
    port: dovecot.info.ports.imap,
    account: { username: reader.name, password: reader.password },
    mail: { find: { token: benchToken } },
  },
  {
    kind: { check: 'pop3', sent_by: 'smtp', timeout_seconds: timeout },
    port: dovecot.info.ports.pop3,
    account: { username: reader.name, password: reader.password },
    mail: { find: { token: benchToken } },
  },
  {
    kind: { check: 'ldap', base_dn: slapd.info.baseDn, filter: '(uid=bench)', content: '(?m)^mail: ', timeout_seconds: timeout },
    port: slapd.info.port,
    account: { username: ldapUser.dn, password: ldapUser.password },
  },
  {
    kind: { check: 'vnc', timeout_seconds: timeout },
    port: xtigervnc.info.port,
    account: { username: 'console', password: xtigervnc.info.password },
    // Xtigervnc listens with a backlog of 5: past it, loopback's SYN cookies complete connections the server never
    // accepts (they time out waiting for its version). A team's desktop sees one check a round, not 32 at once.
    atOnce: 4,
  },
  {
    kind: { check: 'smb', share: 'data', file: 'welcome.txt', content: '^Welcome', expect: 'docs', timeout_seconds: timeout },
    port: smbd.info.port,
    account: { username: smbUser.name, password: smbUser.password },
  },
  {
    kind: { check: 'rdp', timeout_seconds: timeout },
    port: freerdp.info.port,
    account: RDP_LOGIN,
    // FreeRDP's shadow server listens with a backlog of 10 and serves each connection on a thread of its own.
    atOnce: 8,
  },
];
const labelOf = ({ kind, label }: (typeof KINDS)[number]) =>
  label ??
  (kind.check === 'http' && kind.auth ? 'http form login' : kind.check === 'ssh' && 'command' in kind && kind.command ? 'ssh login+command' : kind.check);

let nextId = 1;
function planned(team: number, check: CheckDefinition, port: number, account?: CheckAccount, mail?: MailRound) {
  const id = nextId++;
  const teamInfo = { id: team, number: team, name: `Team ${team}`, logo: '', team_url: `team${team}.bench.example`, guest_division: false };
  const service: Service = {
    id,
    subtype: check.check,
    subtype_id: 1,
    team: teamInfo,
    url: `svc${id}.team${team}.bench.example`,
    port,
    last_scan: 0,
    last_scan_time: null,
    last_scan_error: null,
    in_progress: false,
    max_score: 10,
  };
  return { service, check, scanId: `bench-${id}`, ...(account ? { account } : {}), ...(mail ? { mail } : {}) };
}

const settings = { id: 1, ...DEFAULT_SETTINGS };
// Every host name is 127.0.0.1: no resolver, no packet off the machine.
const deps = { resolver: async () => ({ address: '127.0.0.1' }), checkLimit: concurrencyLimit(concurrency) };

/** Runs the planned checks; counts the wall time and this process's CPU time (user + system: the checks', the servers being elsewhere). */
async function timed(plan: ReturnType<typeof planned>[], checkDeps = deps) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const outcomes = await runChecks(plan, settings, [], checkDeps);
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  const passed = outcomes.filter((o) => o.outcome.passed).length;
  const errors = new Map<string, number>();
  for (const o of outcomes) if (!o.outcome.passed) errors.set(o.outcome.error, (errors.get(o.outcome.error) ?? 0) + 1);
  return {
    checks: plan.length,
    passed,
    failed: plan.length - passed,
    seconds: Number(seconds.toFixed(2)),
    checks_per_second: Math.round(plan.length / seconds),
    cpu_ms_per_check: Number(((used.user + used.system) / 1000 / plan.length).toFixed(2)),
    errors: Object.fromEntries(errors),
  };
}

console.log(`Agent checks on loopback (concurrency ${concurrency}, timeout ${timeout} s), Node ${process.version}`);
const perKind: Record<string, Awaited<ReturnType<typeof timed>>> = {};
for (const entry of KINDS) {
  await timed(Array.from({ length: 200 }, (_, i) => planned(i, entry.kind, entry.port))); // warm-up
  perKind[labelOf(entry)] = await timed(Array.from({ length: 3000 }, (_, i) => planned(i, entry.kind, entry.port)));
}
console.log('\nAgainst well-behaved servers (3 000 checks each; CPU: this process alone, the servers run in another)');
console.log('kind               checks/s  passed  seconds  CPU ms/check');
const row = (kind: string, r: Awaited<ReturnType<typeof timed>>) =>
  console.log(
    `${kind.padEnd(18)} ${String(r.checks_per_second).padStart(8)}  ${String(r.passed).padStart(6)}  ${String(r.seconds).padStart(7)}  ${String(r.cpu_ms_per_check).padStart(12)}`,
  );
for (const [kind, r] of Object.entries(perKind)) row(kind, r);

// The login kinds against the real daemons, at most 32 at once (a daemon forks a process per session; PostgreSQL takes 100 connections).
const LOGIN_CHECKS = 400;
const loginDeps = { ...deps, checkLimit: concurrencyLimit(Math.min(concurrency, 32)) };
const perLoginKind: Record<string, Awaited<ReturnType<typeof timed>>> = {};
for (const entry of LOGIN_KINDS) {
  const entryDeps = entry.atOnce === undefined ? loginDeps : { ...deps, checkLimit: concurrencyLimit(entry.atOnce) };
  await timed(
    Array.from({ length: 40 }, (_, i) => planned(i, entry.kind, entry.port, entry.account, entry.mail)),
    entryDeps,
  ); // warm-up
  perLoginKind[labelOf(entry)] = await timed(
    Array.from({ length: LOGIN_CHECKS }, (_, i) => planned(i, entry.kind, entry.port, entry.account, entry.mail)),
    entryDeps,
  );
}
console.log(
  `\nLogin checks against the real daemons (sshd, vsftpd, MariaDB, PostgreSQL, Dovecot, slapd, Xtigervnc, smbd, FreeRDP; ${LOGIN_CHECKS} each, 32 at once, VNC 4, RDP 8)`,
);
console.log('kind               checks/s  passed  seconds  CPU ms/check');
for (const [kind, r] of Object.entries(perLoginKind)) row(kind, r);

/**
 * Whether one invocation holds a round of 250 teams × 20 login checks
 * inside a minute: the checks' CPU time for an even mix of the login kinds,
 * on one vCPU (Lambda gives a function one full vCPU at 1 769 MB; the
 * agent's JavaScript runs on one thread, so more memory adds nothing to
 * it). The waits (the daemons' answers) overlap under the concurrency limit;
 * the CPU time does not.
 */
const loginCpuMs = Object.values(perLoginKind).map((r) => r.cpu_ms_per_check);
const meanLoginCpuMs = loginCpuMs.reduce((a, b) => a + b, 0) / loginCpuMs.length;
const roundCpuSeconds = (meanLoginCpuMs * 5000) / 1000;
const verdict = {
  mean_cpu_ms_per_login_check: Number(meanLoginCpuMs.toFixed(2)),
  cpu_seconds_for_5000: Number(roundCpuSeconds.toFixed(1)),
  worst_kind: Object.entries(perLoginKind).sort((a, b) => b[1].cpu_ms_per_check - a[1].cpu_ms_per_check)[0]![0],
  cpu_seconds_for_5000_of_worst: Number(((Math.max(...loginCpuMs) * 5000) / 1000).toFixed(1)),
};
console.log(
  `\n250 × 20 login checks: ${verdict.cpu_seconds_for_5000} s of CPU for an even mix (${verdict.mean_cpu_ms_per_login_check} ms each), ` +
    `${verdict.cpu_seconds_for_5000_of_worst} s if every one were ${verdict.worst_kind}; a minute holds 60 s of one vCPU (1 769 MB)`,
);

// 250 teams × 20 services: 5 of each kind per team, and every 50th service silent.
const round: ReturnType<typeof planned>[] = [];
for (let team = 1; team <= 250; team++) {
  for (let s = 0; s < 20; s++) {
    const { kind, port } = KINDS[s % KINDS.length]!;
    const silent = (team * 20 + s) % 50 === 0;
    round.push(planned(team, kind, silent ? ports.silent : port));
  }
}
const roundResult = await timed(round);
const silentCount = round.filter((p) => p.service.port === ports.silent).length;
console.log(`\nOne round, 250 teams × 20 services (${round.length} checks, ${silentCount} against silent listeners)`);
console.log(
  `checks ${roundResult.seconds} s (${roundResult.checks_per_second} checks/s), ${roundResult.passed} passed, ${roundResult.failed} failed: ${JSON.stringify(roundResult.errors)}`,
);
console.log("(reporting is apart: the ingestion bench measures the API's write rate)");

const endToEnd = values['checks-only'] ? undefined : await roundEndToEnd();
if (endToEnd) {
  console.log(`\nThe same round end to end through the API (the agent's round code, reports by POST /scans in batches of 100)`);
  console.log(
    `${endToEnd.seconds} s in all: checks ${endToEnd.check_seconds} s, reporting ${endToEnd.report_seconds} s (${endToEnd.reports} reports: started, then results), ` +
      `${endToEnd.passed} passed, ${endToEnd.failed} failed, ${endToEnd.reports_failed} reports refused`,
  );
}

const results = {
  machine: { node: process.version },
  concurrency,
  timeout_seconds: timeout,
  per_kind: perKind,
  per_login_kind: perLoginKind,
  login_round_250x20: verdict,
  round_250x20: roundResult,
  round_250x20_end_to_end: endToEnd,
  at: new Date().toISOString(),
};
const dir = resolve(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'agent-latest.json'), `${JSON.stringify(results, null, 2)}\n`);

serverProcess.disconnect();
await stopDaemons();

/**
 * The round of part 2 as a competition on the local server: the same kinds,
 * ports and silent listeners; every host name resolves to 127.0.0.1.
 */
async function roundEndToEnd() {
  process.env.TABLE_NAME = `bench-agent-${Date.now()}`;
  const token = `ccdc_00000c33_${'c'.repeat(43)}`;
  const subtypes = KINDS.map(({ kind }, i) => ({ id: i + 1, name: kind.check.toUpperCase(), super_type_id: 1, max_score: 10, ...kind }));
  const competition = {
    settings: { competition_name: 'Agent bench 250x20', dns_address_template: '127.0.{team_number}', round_seconds: 60 },
    super_types: [{ id: 1, name: 'Services' }],
    subtypes,
    teams: Array.from({ length: 250 }, (_, t) => ({
      number: t + 1,
      name: `Team ${t + 1}`,
      logo: `https://bench.example/logos/${t + 1}.png`,
      team_url: `team${t + 1}.bench.example`,
      guest_division: false,
      services: Array.from({ length: 20 }, (_, s) => {
        const silent = ((t + 1) * 20 + s) % 50 === 0;
        return {
          subtype_id: (s % KINDS.length) + 1,
          url: `svc${s + 1}.team${t + 1}.bench.example`,
          port: silent ? ports.silent : KINDS[s % KINDS.length]!.port,
        };
      }),
    })),
  };
  const dir = mkdtempSync(join(tmpdir(), 'bench-agent-'));
  writeFileSync(join(dir, 'competition.json'), JSON.stringify(competition));
  const stack = await startLocalStack({
    port: 0,
    competitionFile: join(dir, 'competition.json'),
    serviceToken: token,
    site: false,
    ...(process.env.DYNAMODB_ENDPOINT ? { dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT } : {}),
  });
  try {
    const api = scoringApi(`${stack.url}/api/v1`, { kind: 'bearer', token });
    const settings = await api.settings();
    const started = performance.now();
    const summary = await runRound(roundStartAt(Date.now(), settings.round_seconds), settings, {
      ...deps,
      api,
      log: createLogger({ component: 'bench-agent' }),
      mailToken,
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds: Number(seconds.toFixed(2)),
      check_seconds: summary.check_seconds,
      report_seconds: summary.report_seconds,
      reports: summary.checks * 2,
      passed: summary.passed,
      failed: summary.failed,
      reports_failed: summary.reports_failed,
    };
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
