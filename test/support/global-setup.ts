// The main process's clients (the tables made here) would say the SDK's Node 20 notice; the workers have it in their env.
import '../../lib/local/node-20';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../lib/local/dynamodb-local';
import { TEST_WORKERS } from './workers';
import { startDovecot, type DovecotInfo } from './daemons/dovecot';
import { startMariadb, type MariadbInfo } from './daemons/mariadb';
import { startPostgres, type PostgresInfo } from './daemons/postgres';
import { startSlapd, type SlapdInfo } from './daemons/slapd';
import { startSshd, type SshdInfo } from './daemons/sshd';
import { startVsftpd, type VsftpdInfo } from './daemons/vsftpd';

/** The Unix users of the SSH and FTP daemons, by the names the tests use (each run prefixes them: sc<pid>ssh…, sc<pid>ftp…). */
const SSH_USERS = ['blue', 'ops', 'deploy'] as const;
const FTP_USERS = ['blue', 'ops'] as const;
/** The directory users of slapd (uid=<name>,ou=People,dc=blue,dc=test): test/agent/daemons.test.ts changes and deletes `deploy`. */
const LDAP_USERS = ['blue', 'ops', 'deploy'] as const;
/** Dovecot's mail users (its own passdb, not Unix users: no prefix). */
const MAIL_USERS = ['blue', 'ops', 'deploy'] as const;

declare module 'vitest' {
  export interface ProvidedContext {
    /** One DynamoDB Local per test worker (dynamodb-endpoint.ts picks this worker's). */
    dynamodbEndpoints: string[];
    sshd: SshdInfo<(typeof SSH_USERS)[number]>;
    vsftpd: VsftpdInfo<(typeof FTP_USERS)[number]>;
    mariadb: MariadbInfo;
    postgres: PostgresInfo;
    slapd: SlapdInfo<(typeof LDAP_USERS)[number]>;
    dovecot: DovecotInfo<(typeof MAIL_USERS)[number]>;
    /**
     * A directory for the run's scratch files that outlive a test file (a synthesized stack's assembly,
     * cached for the worker's later files): removed when the run ends, however the workers end.
     */
    runDirectory: string;
  }
}

/**
 * Starts a DynamoDB Local per test worker and the check daemons (test/support/daemons/) for
 * the run, all at once (each one's start-up hides behind the others'), and
 * stops them after. Each also stops at process exit (Ctrl-C included), and a
 * start that fails stops the ones that started and names the failed ones.
 * Tests that change a user (its password, its files) use a user no other
 * test file uses: the daemons are shared by the files running in parallel.
 */
export default async function setup(project: TestProject) {
  const { infos, stop } = await startAll([
    Promise.all(Array.from({ length: TEST_WORKERS }, () => startDynamoDbLocal())).then((started) => ({
      info: started.map((dynamodb) => dynamodb.endpoint),
      stop: () => Promise.all(started.map((dynamodb) => dynamodb.stop())).then(() => undefined),
    })),
    startSshd(SSH_USERS),
    startVsftpd(FTP_USERS),
    startMariadb(),
    startPostgres(),
    startSlapd(LDAP_USERS),
    startDovecot(MAIL_USERS),
  ]);
  const [dynamodbEndpoints, sshd, vsftpd, mariadb, postgres, slapd, dovecot] = infos;
  project.provide('dynamodbEndpoints', dynamodbEndpoints);
  project.provide('sshd', sshd);
  project.provide('vsftpd', vsftpd);
  project.provide('mariadb', mariadb);
  project.provide('postgres', postgres);
  project.provide('slapd', slapd);
  project.provide('dovecot', dovecot);
  const runDirectory = mkdtempSync(join(tmpdir(), 'scoring-test-run-'));
  const removeRunDirectory = () => rmSync(runDirectory, { recursive: true, force: true });
  process.once('exit', removeRunDirectory);
  project.provide('runDirectory', runDirectory);
  return async () => {
    removeRunDirectory();
    await stop();
  };
}

interface Started<T> {
  info: T;
  stop: () => Promise<void>;
}

/** Waits for every start; if one failed, stops the others and throws with every failure's message (each names its daemon). */
async function startAll<T extends unknown[]>(starts: { [K in keyof T]: Promise<Started<T[K]>> }): Promise<{ infos: T; stop: () => Promise<void> }> {
  const settled = await Promise.allSettled(starts as readonly Promise<Started<unknown>>[]);
  const stop = async () => {
    await Promise.all(settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value.stop()] : [])));
  };
  const failures = settled.flatMap((result) =>
    result.status === 'rejected' ? [result.reason instanceof Error ? result.reason.message : String(result.reason)] : [],
  );
  if (failures.length > 0) {
    await stop();
    throw new Error(failures.join('\n\n'));
  }
  return { infos: settled.map((result) => (result as PromiseFulfilledResult<Started<unknown>>).value.info) as T, stop };
}
