import { Duration } from 'aws-cdk-lib';
import type { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FOLD_BATCH_SIZE, FOLD_BATCHING_WINDOW_SECONDS, FOLD_EVENT_PATTERNS } from '#shared/data/fold-events';
import { ApiFunction, type ApiFunctionDefaults } from './api-function';

export interface ScanFoldProps {
  readonly table: ITable;
  /** The index a void job Queries. */
  readonly historyIndexArns: readonly string[];
  readonly functionName: string;
  readonly defaults: ApiFunctionDefaults;
}

/**
 * The stream consumer that folds results and adjustments into services'
 * state and teams' totals (functions/scoring/fold-results.ts), its event
 * source mapping (filtered to new result and adjustment items, partial batch
 * responses, no bisection: a failed team is retried from its first record and
 * watermarks skip what was folded), and an encrypted SQS queue that receives
 * a description of any batch that still failed after the retries.
 */
export class ScanFold extends Construct {
  readonly function: ApiFunction;
  readonly deadLetterQueue: Queue;
  /** The age of the oldest record not yet folded: alarm on it (the scoreboard lags by that much). */
  readonly iteratorAge: Metric;

  constructor(scope: Construct, id: string, props: ScanFoldProps) {
    super(scope, id);
    this.function = new ApiFunction(this, 'Consumer', {
      entry: 'functions/scoring/fold-results.ts',
      functionName: props.functionName,
      description: 'DynamoDB stream consumer: folds scan results and adjustments into service state and team totals',
      defaults: props.defaults,
      table: { table: props.table, indexArns: props.historyIndexArns, grant: 'fold' },
      timeout: Duration.seconds(60),
    });
    this.deadLetterQueue = new Queue(this, 'FailedBatches', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.function.fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: FOLD_BATCH_SIZE,
        maxBatchingWindow: Duration.seconds(FOLD_BATCHING_WINDOW_SECONDS),
        reportBatchItemFailures: true,
        bisectBatchOnError: false,
        // A team whose fold keeps failing (its records are valid by construction, so a bug or an outage)
        // is retried for a day before its batch goes to the queue: the scoreboard lags rather than loses.
        retryAttempts: 10_000,
        maxRecordAge: Duration.days(1),
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: FOLD_EVENT_PATTERNS.map((pattern) => FilterCriteria.filter(pattern)),
      }),
    );
    this.iteratorAge = this.function.fn.metric('IteratorAge', { statistic: 'Maximum', period: Duration.minutes(1) });
  }
}
