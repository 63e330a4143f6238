import type { CheckDefinition } from '#shared/domain/check-definitions';
import { checkBanner } from './banner';
import { checkDns, type DnsExpectation } from './dns';
import { checkHttp } from './http';
import type { CheckOutcome, ProbeTarget } from './probe';
import { checkSsh } from './ssh';
import { checkTcp } from './tcp';
import type { CheckAccount } from '#shared/domain/accounts';

export type { CheckOutcome, ProbeTarget } from './probe';
export type { DnsExpectation } from './dns';

/** Runs one check against a resolved target. Never throws: every way a probe can fail is a failed outcome. */
export function runCheck(target: ProbeTarget, check: CheckDefinition, dnsExpectation?: DnsExpectation, account?: CheckAccount): Promise<CheckOutcome> {
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
    case 'smtp':
    case 'ftp':
      return checkBanner(target, check);
  }
}
