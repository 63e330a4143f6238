/**
 * The SMB check as the SMB tests (smb-kind, smb-kind-scripted) run it, on
 * loopback against a share named data, each outcome kept: when the file
 * ends, no failure's reason may hold a secret the file named.
 */
import { afterAll, expect } from 'vitest';
import type { CheckAccount } from '#shared/domain/accounts';
import type { SmbCheck } from '#shared/domain/check-definitions';
import { runCheck, type CheckOutcome } from '../../functions/agent/kinds';

/** The calling test file's check, and the secrets (passwords) its outcomes must not hold. */
export function smbChecks() {
  const outcomes: CheckOutcome[] = [];
  const secrets: string[] = [];
  afterAll(() => {
    for (const outcome of outcomes) {
      if (!outcome.passed) for (const secret of secrets) expect(outcome.error).not.toContain(secret);
    }
  });
  async function check(port: number, account: CheckAccount | undefined, parameters: Partial<SmbCheck> = {}): Promise<CheckOutcome> {
    const definition: SmbCheck = { check: 'smb', share: 'data', timeout_seconds: 5, ...parameters };
    const outcome = await runCheck({ host: 'files.team1.example', address: '127.0.0.1', port }, definition, { account });
    outcomes.push(outcome);
    return outcome;
  }
  return { check, secrets };
}
