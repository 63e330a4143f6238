import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { foldBatch } from '#shared/data/fold';
import { toFoldInputs } from '#shared/data/fold-events';
import { createLogger } from '#shared/log';

/**
 * The stream consumer: folds new results and adjustments into the services'
 * state and the teams' totals. Partial batch responses: the first record that
 * could not be folded is retried with everything after it (already folded
 * records are skipped by the watermarks).
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const log = createLogger({ route: 'FoldResults' });
  // The event source mapping filters already; this keeps a misconfigured mapping harmless.
  const inputs = toFoldInputs(event.Records);
  const failed = await foldBatch(inputs, log);
  log.info('folded', { records: event.Records.length, folded: inputs.length, failed: failed ?? null });
  return { batchItemFailures: failed ? [{ itemIdentifier: failed }] : [] };
};
