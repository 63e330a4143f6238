import { randomUUID } from 'node:crypto';
import { loadCompetition } from '#shared/data/competition';
import { ensureTable } from '#shared/data/table';
import { createToken } from '#shared/data/tokens';
import type { AuditContext } from '#shared/data/audit';
import type { Competition } from '#shared/domain/competition';
import { readCompetitionFile } from '../../lib/local/competition-file';
import { SAMPLE_COMPETITION } from '../../lib/local/local-stack';
import { dynamodbEndpoint } from './dynamodb-endpoint';

/**
 * Points this test file's data layer at a new table in the shared DynamoDB
 * Local and loads a competition into it (the sample unless told otherwise).
 */
export async function useFreshTable(competition: Competition | 'sample' | 'none' = 'sample'): Promise<string> {
  process.env.DYNAMODB_ENDPOINT = dynamodbEndpoint();
  process.env.TABLE_NAME = `test-${randomUUID()}`;
  await ensureTable(process.env.TABLE_NAME);
  if (competition !== 'none') {
    await loadCompetition(competition === 'sample' ? sampleCompetition() : competition, { replace: false, loadedBy: 'test', audit: TEST_AUDIT });
  }
  return process.env.TABLE_NAME;
}

/** Who the tests' own setup writes are by, in the audit trail. */
export const TEST_AUDIT: AuditContext = { actor: { type: 'system', name: 'test' }, route: 'test' };

export function sampleCompetition(): Competition {
  const parsed = readCompetitionFile(SAMPLE_COMPETITION);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.competition;
}

/** Fresh admin and service tokens in the current table. */
export async function mintTokens() {
  const admin = await createToken({ role: 'admin', name: 'test admin', expiresAt: null, audit: TEST_AUDIT });
  const service = await createToken({ role: 'service', name: 'test agent', expiresAt: null, audit: TEST_AUDIT });
  return { admin: admin.token, service: service.token };
}
