import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { FOLD_BATCH_SIZE, FOLD_BATCHING_WINDOW_SECONDS, matchesFoldFilter } from '#shared/data/fold-events';
import { tableStreamArn } from '#shared/data/table';

/** The longest pause between polls of an idle stream: with the batching window and the fold, a result reaches the scoreboard within 2 s. */
const MAX_IDLE_MS = 250;
/** How often a shard is read again while a batch gathers. */
const GATHER_POLL_MS = 50;

export interface StreamPoller {
  /** Resolves once every record written before the call has been handed to the consumer and folded. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops handing records to the consumer (after the batch in hand) until resume(): tests isolate the request path's writes. */
  pause(): Promise<void>;
  resume(): void;
  stop(): Promise<void>;
}

interface Options {
  endpoint: string;
  tableName: string;
  /** The consumer, as Lambda calls it. */
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;
  /** The event source mapping's batch size. */
  batchSize?: number;
  /** The mapping's batching window (ms; the stack's unless given; 0: none). */
  batchingWindowMs?: number;
  /** The first pause between polls of an idle stream (it doubles while idle, up to 250 ms). */
  idleMs?: number;
  onError?: (error: unknown) => void;
  /** Told where each shard is read from: after its checkpoint (the sequence number), or from its trim horizon. */
  onShardStart?: (shardId: string, from: { afterSequence: string } | 'trim horizon') => void;
  /**
   * Where the mapping keeps its place: each shard's last sequence number
   * handed over and answered (JSON, written whole after each batch). A poller
   * started on it goes on after those records, as an event source mapping
   * does after its consumer crashed; without one it starts at the stream's
   * trim horizon and replays everything (the fold skips what it has folded).
   */
  checkpointFile?: string;
}

/**
 * The local twin of a DynamoDB Streams event source mapping: follows the
 * table's shards (closed shards to their children, parents first), applies
 * the same filter as the mapping, and calls the consumer with a
 * DynamoDBStreamEvent of up to `batchSize` records, gathered as the mapping
 * gathers them: for its batching window from the first record the filter
 * passes, unless the batch fills first. A caller waiting for the fold
 * (`caughtUp`) cuts the window short: a test wants its records folded, not
 * the window's timing. A partial batch failure
 * is retried from the record it names, with a pause, as Lambda would. At
 * least once, as in AWS: a consumer that dies mid-batch gets that batch again.
 */
export async function startStreamPoller(options: Options): Promise<StreamPoller> {
  const client = new DynamoDBStreamsClient({
    endpoint: options.endpoint,
    region: process.env.AWS_REGION ?? 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const streamArn = await tableStreamArn(options.tableName);
  const batchSize = options.batchSize ?? FOLD_BATCH_SIZE;
  const batchingWindowMs = options.batchingWindowMs ?? FOLD_BATCHING_WINDOW_SECONDS * 1000;
  const idleMs = options.idleMs ?? 20;
  const iterators = new Map<string, string | undefined>(); // shard id → next iterator (undefined: closed and drained)
  const parents = new Map<string, string | undefined>();
  let stopped = false;
  let paused: { idle: Promise<void>; markIdle: () => void } | undefined;
  let shardClosed = false;
  let cycle = 0;
  let idleStreak = 0;
  const waiters: { after: number; resolve: () => void }[] = [];
  const checkpoint = new Checkpoint(options.checkpointFile);

  const refreshShards = async () => {
    let start: string | undefined;
    const shards: Shard[] = [];
    do {
      const { StreamDescription } = await client.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      shards.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    for (const shard of shards) {
      if (!iterators.has(shard.ShardId!)) parents.set(shard.ShardId!, shard.ParentShardId);
    }
    for (const shard of shards) {
      const id = shard.ShardId!;
      if (iterators.has(id)) continue;
      const parent = parents.get(id);
      // A child waits until its parent is drained: records of one key stay in order.
      const parentDrained = iterators.has(parent ?? '') && iterators.get(parent ?? '') === undefined;
      if (parent && parents.has(parent) && !parentDrained) continue;
      iterators.set(id, await firstIterator(id));
    }
  };

  /** Where a shard is read from: after its checkpoint, else (none, or one the stream has trimmed) from its trim horizon. */
  const firstIterator = async (shardId: string): Promise<string | undefined> => {
    const after = checkpoint.of(shardId);
    if (after) {
      try {
        const { ShardIterator } = await client.send(
          new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }),
        );
        options.onShardStart?.(shardId, { afterSequence: after });
        return ShardIterator;
      } catch (error) {
        // A place the stream no longer has (trimmed, or a stream made anew): from the start, which the fold takes safely.
        options.onError?.(error);
      }
    }
    const { ShardIterator } = await client.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }));
    options.onShardStart?.(shardId, 'trim horizon');
    return ShardIterator;
  };

  /**
   * A shard's next batch from `iterator`: what one read finds and, once the
   * filter passes a record, what later reads add until the window closes,
   * the batch is full, the shard closes or someone waits for the fold.
   */
  const gather = async (iterator: string): Promise<{ all: StreamRecord[]; next: string | undefined }> => {
    let page = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: batchSize }));
    const all = page.Records ?? [];
    const windowEnds = Date.now() + batchingWindowMs;
    const gathering = () => all.length < batchSize && page.NextShardIterator !== undefined && waiters.length === 0 && !stopped && Date.now() < windowEnds;
    if (!all.some((record) => matchesFoldFilter(record))) return { all, next: page.NextShardIterator };
    while (gathering()) {
      await new Promise((r) => setTimeout(r, Math.min(GATHER_POLL_MS, windowEnds - Date.now())));
      page = await client.send(new GetRecordsCommand({ ShardIterator: page.NextShardIterator, Limit: batchSize - all.length }));
      all.push(...(page.Records ?? []));
    }
    return { all, next: page.NextShardIterator };
  };

  /** Polls one shard once; returns how many records it saw. */
  const pollShard = async (shardId: string): Promise<number> => {
    const iterator = iterators.get(shardId);
    if (!iterator) return 0;
    const { all, next } = await gather(iterator);
    const records = all.filter((record) => matchesFoldFilter(record));
    const failed =
      records.length > 0
        ? (await options.handler({ Records: records.map((record) => toLambdaRecord(record, streamArn)) })).batchItemFailures[0]?.itemIdentifier
        : undefined;
    // The place is kept up to what was answered (the records the filter left out too), so a restart hands over only what follows.
    const answered = failed
      ? all.slice(
          0,
          all.findIndex((r) => r.dynamodb?.SequenceNumber === failed),
        )
      : all;
    if (answered.length > 0) checkpoint.keep(shardId, answered.at(-1)!.dynamodb!.SequenceNumber!);
    if (failed) {
      await new Promise((r) => setTimeout(r, 200));
      const { ShardIterator } = await client.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: failed }),
      );
      iterators.set(shardId, ShardIterator);
      return records.length;
    }
    iterators.set(shardId, next);
    if (!next) shardClosed = true;
    return all.length;
  };

  const loop = (async () => {
    while (!stopped) {
      if (paused) {
        paused.markIdle();
        await new Promise((r) => setTimeout(r, idleMs));
        continue;
      }
      const started = ++cycle;
      let seen = 0;
      let failed = false;
      try {
        // Shards change rarely (DynamoDB Local rolls them over every few hours): look now and then, and when one closes.
        if (started % 20 === 1 || shardClosed) await refreshShards();
        shardClosed = false;
        for (const shardId of [...iterators.keys()]) seen += await pollShard(shardId);
      } catch (error) {
        failed = true;
        if (!stopped) options.onError?.(error);
      }
      if (failed) seen = 1; // not idle: something is left to do
      if (seen === 0) {
        for (const waiter of waiters.splice(0)) {
          if (waiter.after < started) waiter.resolve();
          else waiters.push(waiter);
        }
      }
      // An idle stream is polled less and less often (down to every 250 ms: the dev server idles cheaply), unless someone waits.
      idleStreak = seen === 0 ? idleStreak + 1 : 0;
      const pause = failed ? 200 : seen > 0 || waiters.length > 0 ? 0 : Math.min(MAX_IDLE_MS, idleMs * 2 ** Math.min(idleStreak, 8));
      if (!stopped) await new Promise((r) => setTimeout(r, pause));
    }
  })();

  return {
    caughtUp: (timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the stream poller did not catch up within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ after: cycle, resolve: () => (clearTimeout(timer), resolve()) });
      }),
    pause: async () => {
      let markIdle = () => {};
      const idle = new Promise<void>((r) => (markIdle = r));
      paused = { idle, markIdle };
      await idle;
    },
    resume: () => {
      paused = undefined;
    },
    stop: async () => {
      stopped = true;
      await loop;
      client.destroy();
    },
  };
}

/** Each shard's last sequence number answered, in a file written whole (to a temporary name, then renamed). */
class Checkpoint {
  private readonly places: Record<string, string>;

  constructor(private readonly file: string | undefined) {
    this.places = {};
    if (!file) return;
    try {
      Object.assign(this.places, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOENT') throw new Error(`the stream checkpoint ${file} cannot be read: ${(error as Error).message}`);
    }
  }

  of(shardId: string): string | undefined {
    return this.places[shardId];
  }

  keep(shardId: string, sequenceNumber: string): void {
    this.places[shardId] = sequenceNumber;
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.places));
    renameSync(`${this.file}.tmp`, this.file);
  }
}

/** A Streams API record in the shape Lambda hands a DynamoDB stream consumer. */
function toLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const stream = record.dynamodb!;
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    dynamodb: {
      ApproximateCreationDateTime: stream.ApproximateCreationDateTime ? stream.ApproximateCreationDateTime.getTime() / 1000 : undefined,
      Keys: stream.Keys as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      NewImage: stream.NewImage as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
      OldImage: stream.OldImage as NonNullable<DynamoDBRecord['dynamodb']>['OldImage'],
      SequenceNumber: stream.SequenceNumber,
      SizeBytes: stream.SizeBytes,
      StreamViewType: stream.StreamViewType as NonNullable<DynamoDBRecord['dynamodb']>['StreamViewType'],
    },
  };
}
