import type { CheckDefinition } from '#shared/domain/check-definitions';
import type { CheckAccount } from '#shared/domain/accounts';
import { checkBanner } from './banner';
import { checkDns, type DnsExpectation } from './dns';
import { checkFtp } from './ftp';
import { checkHttp } from './http';
import type { CheckOutcome, ProbeTarget } from './probe';
import { checkSql } from './sql';
import { checkSsh } from './ssh';
import { checkTcp } from './tcp';

export type { CheckOutcome, ProbeTarget } from './probe';
export type { DnsExpectation } from './dns';

/** Runs one check against a resolved target. Never throws: every way a probe can fail is a failed outcome. */
export async function runCheck(target: ProbeTarget, check: CheckDefinition, dnsExpectation?: DnsExpectation, account?: CheckAccount): Promise<CheckOutcome> {
  return withoutSecret(await probe(target, check, dnsExpectation, account), account);
}

function probe(
  target: ProbeTarget,
  check: CheckDefinition,
  dnsExpectation: DnsExpectation | undefined,
  account: CheckAccount | undefined,
): Promise<CheckOutcome> {
  switch (check.check) {
    case 'http':
    case 'https':
      return checkHttp(target, check, account);
    case 'tcp':
      return checkTcp(target, check);
    case 'dns':
      return checkDns(target, check, dnsExpectation ?? { name: check.query, addresses: [] });
    case 'ssh':
      return checkSsh(target, check, account);
    case 'ftp':
    case 'ftps':
      return checkFtp(target, check, account);
    case 'mysql':
    case 'postgres':
      return checkSql(target, check, account);
    case 'smtp':
      return checkBanner(target, check);
  }
}

/**
 * A reason never holds the account's secret. The checks never put it there,
 * but a reason may quote what a server sent, and a hostile server can echo
 * the password it was just given: whatever it is, it goes out redacted.
 */
function withoutSecret(outcome: CheckOutcome, account: CheckAccount | undefined): CheckOutcome {
  if (outcome.passed || !account) return outcome;
  let error = outcome.error;
  for (const secret of [account.password, account.private_key]) {
    if (secret !== undefined && secret.length > 0) error = error.split(secret).join('[redacted]');
  }
  return error === outcome.error ? outcome : { ...outcome, error };
}
