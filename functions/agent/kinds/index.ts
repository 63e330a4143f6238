import type { CheckDefinition } from '#shared/domain/check-definitions';
import type { CheckAccount } from '#shared/domain/accounts';
import { checkCommand, type Recipes } from './command';
import { checkDns, type DnsExpectation } from './dns';
import { checkFtp } from './ftp';
import { checkHttp } from './http';
import { checkLdap } from './ldap';
import { MIN_HIDDEN_LENGTH } from './lines';
import { checkImap, checkPop3, checkSmtp, type MailRound } from './mail';
import type { CheckOutcome, ProbeTarget } from './probe';
import { checkRdp } from './rdp';
import { checkSmb } from './smb';
import { checkSql } from './sql';
import { checkSsh } from './ssh';
import { checkTcp } from './tcp';
import { checkVnc } from './vnc';

export type { CheckOutcome, ProbeTarget } from './probe';
export type { DnsExpectation } from './dns';
export type { MailRound } from './mail';

/** What a check needs beyond its definition and its target, when it needs it (round.ts works it out). */
export interface CheckContext {
  /** DNS: the addresses the competition's records give the name. */
  dns?: DnsExpectation;
  /** Login checks: the round's account, with its secret. */
  account?: CheckAccount;
  /** Mail checks: the message to send, or to find. */
  mail?: MailRound;
  /** Command checks: this agent's operator's recipes (none in AWS). */
  recipes?: Recipes;
}

/** Runs one check against a resolved target. Never throws: every way a probe can fail is a failed outcome. */
export async function runCheck(target: ProbeTarget, check: CheckDefinition, context: CheckContext = {}): Promise<CheckOutcome> {
  return withoutSecret(await probe(target, check, context), context.account);
}

function probe(target: ProbeTarget, check: CheckDefinition, { dns, account, mail, recipes }: CheckContext): Promise<CheckOutcome> {
  switch (check.check) {
    case 'http':
    case 'https':
      return checkHttp(target, check, account);
    case 'tcp':
      return checkTcp(target, check);
    case 'dns':
      return checkDns(target, check, dns ?? { name: check.query, addresses: [] });
    case 'ssh':
      return checkSsh(target, check, account);
    case 'ftp':
    case 'ftps':
      return checkFtp(target, check, account);
    case 'mysql':
    case 'postgres':
      return checkSql(target, check, account);
    case 'smtp':
    case 'smtps':
      return checkSmtp(target, check, account, mail);
    case 'imap':
    case 'imaps':
      return checkImap(target, check, account, mail);
    case 'pop3':
    case 'pop3s':
      return checkPop3(target, check, account, mail);
    case 'ldap':
    case 'ldaps':
      return checkLdap(target, check, account);
    case 'vnc':
      return checkVnc(target, check, account);
    case 'smb':
      return checkSmb(target, check, account);
    case 'rdp':
      return checkRdp(target, check, account);
    case 'command':
      return checkCommand(target, check, account, recipes);
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
    if (secret !== undefined && secret.length >= MIN_HIDDEN_LENGTH) error = error.split(secret).join('[redacted]');
  }
  return error === outcome.error ? outcome : { ...outcome, error };
}
