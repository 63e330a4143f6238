#!/usr/bin/env -S node --import tsx
/**
 * The stream consumer in a process of its own (`npm run stream-consumer`),
 * as Lambda runs it apart from the API: the table's stream handed to the fold
 * (functions/scoring/fold-results.ts) by the local event source mapping,
 * which keeps its place in a checkpoint file, so that a consumer killed
 * mid-batch and started again goes on where it was answered (that batch
 * again: at least once, as in AWS). Beside `npm start -- --dynamodb-endpoint
 * URL --no-stream-consumer`; the rehearsal runs it so.
 *
 *   npm run stream-consumer -- --dynamodb-endpoint http://127.0.0.1:8000 --table scoring-local --checkpoint .local/stream-checkpoint.json
 */
import '../lib/local/node-20';
import { parseArgs } from 'node:util';
import { startFoldPoller } from '../lib/local/local-stack';

const { values } = parseArgs({
  options: {
    'dynamodb-endpoint': { type: 'string' },
    table: { type: 'string', default: process.env.TABLE_NAME ?? 'scoring-local' },
    checkpoint: { type: 'string' },
  },
});
if (!values['dynamodb-endpoint'] || !values.checkpoint) {
  console.error('usage: npm run stream-consumer -- --dynamodb-endpoint URL [--table NAME] --checkpoint FILE');
  process.exit(2);
}
process.env.DYNAMODB_ENDPOINT = values['dynamodb-endpoint'];
process.env.TABLE_NAME = values.table;
const poller = await startFoldPoller(values['dynamodb-endpoint'], values.table, values.checkpoint, (shard, from) =>
  console.error(`shard ${shard}: ${from === 'trim horizon' ? 'from the trim horizon' : `from its checkpoint, after ${from.afterSequence}`}`),
);
console.error(`Stream consumer following ${values.table} at ${values['dynamodb-endpoint']}, its place kept in ${values.checkpoint}`);
const stop = () => void poller.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
// Started beside a parent that ends: gone with it.
if (process.send) process.once('disconnect', stop);
