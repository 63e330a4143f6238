import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { ApiFunction, type ApiFunctionDefaults } from './api-function';

export interface PasswordChangeScheduleProps {
  readonly prefix: string;
  readonly defaults: ApiFunctionDefaults;
  readonly table: { readonly table: ITable; readonly indexArns: readonly string[] };
}

/**
 * Applies delayed password change requests: EventBridge runs the function
 * once a minute. It moves sealed passwords from a request into the services'
 * accounts, so it needs the table and no key (it never opens one).
 */
export class PasswordChangeSchedule extends Construct {
  readonly applier: ApiFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: PasswordChangeScheduleProps) {
    super(scope, id);
    this.applier = new ApiFunction(this, 'Applier', {
      entry: 'functions/scheduled/apply-due-password-changes.ts',
      functionName: `${props.prefix}-ApplyDuePasswordChanges`,
      description: 'Every minute: applies the delayed password change requests whose time has come',
      defaults: props.defaults,
      table: { ...props.table, grant: 'read-write' },
      timeout: Duration.seconds(60),
    });
    this.rule = new Rule(this, 'EveryMinute', {
      description: 'Password change requests: apply the delayed ones that are due',
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [
        new LambdaFunction(this.applier.fn, { event: RuleTargetInput.fromObject({ time: EventField.time, id: EventField.eventId }), retryAttempts: 2 }),
      ],
    });
  }
}
