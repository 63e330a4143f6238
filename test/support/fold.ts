import type { DynamoDBStreamEvent } from 'aws-lambda';
import { forgetFreshCopies } from '#shared/data/fresh';
import { handler as foldResults } from '../../functions/scoring/fold-results';
import { startStreamPoller, type StreamPoller } from '../../lib/local/stream-poller';
import { dynamodbEndpoint } from './dynamodb-endpoint';

/**
 * The fold consumer on the current test table's stream, as `npm start` runs
 * it: tests call `caughtUp()` after writing and before asserting on totals,
 * service state or the scoreboard. `seen` keeps every event handed to the
 * consumer (to replay them). Without the mapping's batching window unless
 * asked (`batchingWindowMs`): these tests are about what the fold does, and
 * several read what it wrote while it runs behind them; the window's own
 * behaviour is tested in test/fault/stream-checkpoint.test.ts.
 */
export async function startFold(options: { batchingWindowMs?: number } = {}): Promise<StreamPoller & { seen: DynamoDBStreamEvent[] }> {
  forgetFreshCopies();
  const seen: DynamoDBStreamEvent[] = [];
  const poller = await startStreamPoller({
    endpoint: dynamodbEndpoint(),
    tableName: process.env.TABLE_NAME!,
    handler: (event) => {
      seen.push(event);
      return foldResults(event);
    },
    onError: (error) => console.error('fold poller', error),
    batchingWindowMs: options.batchingWindowMs ?? 0,
  });
  return Object.assign(poller, { seen });
}
