import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule, EventField } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { ApiFunction, type ApiFunctionDefaults } from './api-function';

export interface ScoreHistoryScheduleProps {
  readonly prefix: string;
  readonly defaults: ApiFunctionDefaults;
  readonly table: { readonly table: ITable; readonly indexArns: readonly string[] };
}

/**
 * Records the score history: EventBridge runs the snapshot function once a
 * minute, off the scan path. The function reads what the scoreboard reads and
 * writes at most four small items (one per resolution the minute belongs to).
 */
export class ScoreHistorySchedule extends Construct {
  readonly recorder: ApiFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: ScoreHistoryScheduleProps) {
    super(scope, id);
    this.recorder = new ApiFunction(this, 'Recorder', {
      entry: 'functions/scheduled/record-score-snapshot.ts',
      functionName: `${props.prefix}-RecordScoreSnapshot`,
      description: 'Every minute: a snapshot of the public standings for GET /teams/scoreboard/history',
      defaults: props.defaults,
      table: { ...props.table, grant: 'read-write' },
      timeout: Duration.seconds(30),
    });
    this.rule = new Rule(this, 'EveryMinute', {
      description: 'Score history: one snapshot of the standings a minute',
      schedule: Schedule.rate(Duration.minutes(1)),
      // The scheduled time, so a late start still records the minute it was meant for.
      targets: [
        new LambdaFunction(this.recorder.fn, { event: RuleTargetInput.fromObject({ time: EventField.time, id: EventField.eventId }), retryAttempts: 2 }),
      ],
    });
  }
}
