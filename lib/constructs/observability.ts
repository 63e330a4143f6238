import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  SingleValueWidget,
  AlarmStatusWidget,
  TextWidget,
  TreatMissingData,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { METRIC, METRICS_SERVICE } from '#shared/metrics';

/** How long without a scan result, while scoring is open, before the organisers hear of it. */
export const NO_SCAN_ALARM_SECONDS = 300;

export interface ObservedFunction {
  /** A short name for alarm names and the dashboard (`GetTeam`, `Authorizer`). */
  readonly name: string;
  readonly fn: IFunction;
}

/** The spectators' Event API (lib/constructs/spectator-push.ts), as its CloudWatch metrics name it. */
export interface ObservedEventApi {
  /** Its id: the `EventAPIId` dimension. */
  readonly apiId: string;
  /** The namespace viewers subscribe to: the real-time metrics' `ChannelNamespaceName` dimension. */
  readonly namespace: string;
}

/** The metrics the Event API's alarms read (the cost model counts them): 5XXError, 4XXError and three of connections. */
export const EVENT_API_ALARM_METRICS = 5;

export interface ObservabilityProps {
  readonly stage: string;
  /** The stage's custom-metrics namespace (`Scoring/<stage>`). */
  readonly namespace: string;
  /** `-c alarmEmail=` subscribes this address to the alarm topic. */
  readonly alarmEmail?: string;
  readonly apis: readonly { readonly name: string; readonly api: IHttpApi }[];
  readonly functions: readonly ObservedFunction[];
  readonly authorizer: { readonly fn: IFunction; readonly logGroup: ILogGroup };
  readonly table: ITable;
  readonly indexNames: readonly string[];
  /** Stream consumers (DynamoDB Streams, Kinesis): an iterator-age alarm each. */
  readonly streamConsumers?: readonly ObservedFunction[];
  /** The spectators' Event API: alarms on its publishes and on the viewers' connections. */
  readonly eventApi?: ObservedEventApi;
}

/**
 * Everything an organiser needs to hear about during a live event, as alarms
 * to one SNS topic, and one dashboard that shows the event at a glance.
 * CloudFront's metrics exist only in us-east-1: its alarm is in the edge
 * stack (lib/edge-stack.ts), on its own topic there.
 */
export class Observability extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Alarm[] = [];
  private readonly action: SnsAction;
  private readonly namespace: string;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    this.namespace = props.namespace;
    this.topic = new Topic(this, 'Alarms', { displayName: `Scoring ${props.stage} alarms`, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    this.action = new SnsAction(this.topic);
    const minute = Duration.minutes(1);

    // APIs: the share of requests answered 5xx.
    // Metric ids must be unique across one graph, hence the per-API and per-index suffixes.
    const apiRates = props.apis.map(({ name, api }, i) => {
      const rate = new MathExpression({
        expression: `IF(requests${i} > 0, 100 * errors${i} / requests${i}, 0)`,
        usingMetrics: {
          [`errors${i}`]: api.metricServerError({ period: minute, statistic: 'Sum' }),
          [`requests${i}`]: api.metricCount({ period: minute, statistic: 'Sum' }),
        },
        label: `${name} API 5xx %`,
        period: minute,
      });
      this.alarm(`${name}Api5xxRate`, rate, 5, 3, `More than 5% of the ${name} API's requests answered 5xx in 3 minutes running.`);
      return rate;
    });

    // Every function: errors or throttles (one alarm for both: a CloudFormation
    // stack holds at most 500 resources, and two per function would pass it),
    // p99 duration near its timeout.
    for (const { name, fn } of props.functions) {
      const failures = new MathExpression({
        expression: 'errors + throttles',
        usingMetrics: {
          errors: fn.metricErrors({ period: minute, statistic: 'Sum' }),
          throttles: fn.metricThrottles({ period: minute, statistic: 'Sum' }),
        },
        label: `${name} errors + throttles`,
        period: minute,
      });
      this.alarm(`${name}ErrorsOrThrottles`, failures, 1, 1, `${name} failed (an unhandled error) or was throttled (concurrency ran out) in the last minute.`);
      const timeout = (fn as IFunction & { timeout?: Duration }).timeout ?? Duration.seconds(10);
      this.alarm(
        `${name}P99Duration`,
        fn.metricDuration({ period: Duration.minutes(5), statistic: 'p99' }),
        timeout.toMilliseconds() * 0.8,
        2,
        `${name}'s p99 duration is above 80% of its ${timeout.toSeconds()} s timeout.`,
      );
    }

    // The authorizer: Lambda errors above, and the failures it catches and logs.
    const authorizerFailures = new MetricFilter(this, 'AuthorizerFailureLines', {
      logGroup: props.authorizer.logGroup,
      metricNamespace: props.namespace,
      metricName: 'AuthorizerFailures',
      filterPattern: FilterPattern.stringValue('$.level', '=', 'ERROR'),
      metricValue: '1',
      defaultValue: 0,
    }).metric({ period: minute, statistic: 'Sum' });
    this.alarm(
      'AuthorizerFailures',
      authorizerFailures,
      1,
      1,
      'The token authorizer could not decide (the table unreachable, a bug): token callers get errors.',
    );

    // DynamoDB throttling, on the table and on each global index.
    const throttles = (dimensions: Record<string, string>, label: string, i: number) =>
      new MathExpression({
        expression: `reads${i} + writes${i}`,
        usingMetrics: {
          [`reads${i}`]: new Metric({
            namespace: 'AWS/DynamoDB',
            metricName: 'ReadThrottleEvents',
            dimensionsMap: dimensions,
            period: minute,
            statistic: 'Sum',
          }),
          [`writes${i}`]: new Metric({
            namespace: 'AWS/DynamoDB',
            metricName: 'WriteThrottleEvents',
            dimensionsMap: dimensions,
            period: minute,
            statistic: 'Sum',
          }),
        },
        label,
        period: minute,
      });
    const tableThrottles = throttles({ TableName: props.table.tableName }, 'table throttled requests', 0);
    this.alarm('TableThrottles', tableThrottles, 1, 1, 'DynamoDB throttled requests on the table.');
    const indexThrottles = props.indexNames.map((indexName, i) => {
      const metric = throttles({ TableName: props.table.tableName, GlobalSecondaryIndexName: indexName }, `${indexName} throttled requests`, i + 1);
      this.alarm(`${indexName}Throttles`, metric, 1, 1, `DynamoDB throttled requests on index ${indexName} (its writes come from the table's).`);
      return metric;
    });

    // No scan result for 5 minutes while scoring is open (the scoring watch publishes both every minute).
    const scoringOpen = this.custom(METRIC.scoringOpen.name, 'Maximum');
    const sinceLastScan = this.custom(METRIC.secondsSinceLastScan.name, 'Maximum');
    const silence = new MathExpression({
      expression: `IF(open >= 1 AND since > ${NO_SCAN_ALARM_SECONDS}, 1, 0)`,
      usingMetrics: { open: scoringOpen, since: sinceLastScan },
      label: 'no scan while scoring is open',
      period: minute,
    });
    this.alarm(
      'NoScanWhileScoringOpen',
      silence,
      1,
      1,
      `Scoring is open and no scan result has arrived for ${NO_SCAN_ALARM_SECONDS / 60} minutes: are the scoring agents running?`,
    );

    // A pool with services to check and no live agent while scoring is open: its services go unscored.
    const withoutAgent = new MathExpression({
      expression: 'IF(open >= 1 AND pools > 0, 1, 0)',
      usingMetrics: { open: scoringOpen, pools: this.custom(METRIC.poolsWithoutLiveAgent.name, 'Maximum') },
      label: 'pools without a live agent while scoring is open',
      period: minute,
    });
    this.alarm(
      'PoolsWithoutLiveAgent',
      withoutAgent,
      1,
      3,
      'Scoring is open and a pool with services to check has had no live agent for 3 minutes: its services go unscored (GET /api/v1/pools names it).',
    );

    // A settings change (scoring switched, the window moved): the organisers should know of each.
    const settingsChanges = this.custom(METRIC.settingsChanges.name, 'Sum');
    this.alarm('SettingsChanged', settingsChanges, 1, 1, "The competition settings were changed (see the settings functions' logs for who and what).");

    for (const { name, fn } of props.streamConsumers ?? []) {
      const age = fn.metric('IteratorAge', { period: minute, statistic: 'Maximum' });
      this.alarm(`${name}IteratorAge`, age, 60_000, 3, `${name} is more than a minute behind its stream: totals and the scoreboard lag.`);
    }
    if (props.eventApi) this.eventApiAlarms(props.eventApi);

    const scanResults = new MathExpression({
      expression: `SEARCH('{${props.namespace},${METRIC.scanResults.dimension},service} MetricName="${METRIC.scanResults.name}"', 'Sum', 60)`,
      label: 'scan results by outcome',
      period: minute,
    });
    const authFailures = new MathExpression({
      expression: `SEARCH('{${props.namespace},${METRIC.authorizationFailures.dimension},service} MetricName="${METRIC.authorizationFailures.name}"', 'Sum', 60)`,
      label: 'authorization failures by reason',
      period: minute,
    });

    this.dashboard = new Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(3) });
    const widgets: IWidget[][] = [
      [
        new TextWidget({
          markdown: `# Scoring ${props.stage}\nAlarms go to the SNS topic; CloudFront's are in the us-east-1 edge stack.`,
          width: 24,
          height: 2,
        }),
      ],
      [
        new SingleValueWidget({ title: 'Scoring open', metrics: [scoringOpen], width: 4 }),
        new SingleValueWidget({ title: 'Seconds since last scan', metrics: [sinceLastScan], width: 5 }),
        new SingleValueWidget({ title: 'Scoreboard age (s)', metrics: [this.custom(METRIC.scoreboardAge.name, 'Maximum')], width: 5 }),
        new GraphWidget({
          title: 'Scan lag (arrival - check), s',
          left: [this.custom(METRIC.scanLag.name, 'p50'), this.custom(METRIC.scanLag.name, 'p99')],
          width: 10,
        }),
      ],
      [
        new GraphWidget({ title: 'Scan results by outcome', left: [scanResults], width: 12 }),
        new GraphWidget({ title: 'Authorization failures by reason', left: [authFailures], width: 12 }),
      ],
      [
        new GraphWidget({ title: 'API requests', left: props.apis.map(({ name, api }) => api.metricCount({ period: minute, label: name })), width: 8 }),
        new GraphWidget({ title: 'API 5xx %', left: apiRates, width: 8 }),
        new GraphWidget({ title: 'DynamoDB throttles', left: [tableThrottles, ...indexThrottles], width: 8 }),
      ],
      [
        new GraphWidget({ title: 'Lambda errors', left: props.functions.map(({ name, fn }) => fn.metricErrors({ period: minute, label: name })), width: 8 }),
        new GraphWidget({
          title: 'Lambda p99 duration (ms)',
          left: props.functions.map(({ name, fn }) => fn.metricDuration({ period: minute, statistic: 'p99', label: name })),
          width: 8,
        }),
        new GraphWidget({
          title: 'Lambda concurrency',
          left: props.functions.map(({ name, fn }) => fn.metric('ConcurrentExecutions', { period: minute, statistic: 'Maximum', label: name })),
          width: 8,
        }),
      ],
      [new AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: Math.min(12, 2 + Math.ceil(this.alarms.length / 4)) })],
    ];
    for (const row of widgets) this.dashboard.addWidgets(...row);
  }

  /**
   * The spectators' Event API (decision 0086). A lost nudge is made good by the next one, so only failures
   * that last alarm. Metric names and dimensions are AppSync's for Event APIs
   * (https://docs.aws.amazon.com/appsync/latest/eventapi/cw-metrics.html): its HTTP endpoint's `5XXError` and
   * `4XXError`, by `EventAPIId`, count publishes, which only the stream consumer may make; its real-time
   * endpoint's metrics carry `EventAPIId` and `ChannelNamespaceName`. The connection metrics are named as
   * AppSync's real-time (GraphQL) ones are (`ConnectSuccess`, `ConnectClientError`, `ConnectServerError`): the
   * Event API page's own list could not be read when this was written, so look for them in the console after
   * the first deployment (an alarm on a metric that never comes stays quiet).
   */
  private eventApiAlarms({ apiId, namespace }: ObservedEventApi): void {
    const metric = (metricName: string, dimensionsMap: Record<string, string>) =>
      new Metric({ namespace: 'AWS/AppSync', metricName, dimensionsMap, period: Duration.minutes(1), statistic: 'Sum' });
    const http = { EventAPIId: apiId };
    this.alarm(
      'EventApiPublishServerErrors',
      metric('5XXError', http),
      1,
      3,
      'AppSync Events failed publishes (5XX) for 3 minutes running: spectators whose socket is open see no change, and their pages do not poll while it is.',
    );
    this.alarm(
      'EventApiPublishClientErrors',
      metric('4XXError', http),
      1,
      3,
      "AppSync Events refused publishes (4XX) for 3 minutes running: the stream consumer's grant or EVENTS_HTTP_URL is wrong, or it is throttled; or someone tries to publish with the public key, which is refused (FoldResults' logs tell which).",
    );
    const realtime = { EventAPIId: apiId, ChannelNamespaceName: namespace };
    // Errors are sparse (no datapoint in a good minute); a few failed sockets are a viewer's own trouble, not an alarm.
    const attempts = 'FILL(ok, 0) + FILL(client, 0) + FILL(server, 0)';
    const failedShare = new MathExpression({
      expression: `IF(${attempts} >= 10, 100 * (FILL(client, 0) + FILL(server, 0)) / (${attempts}), 0)`,
      usingMetrics: {
        ok: metric('ConnectSuccess', realtime),
        client: metric('ConnectClientError', realtime),
        server: metric('ConnectServerError', realtime),
      },
      label: "spectators' socket connections failed %",
      period: Duration.minutes(1),
    });
    this.alarm(
      'EventApiConnectFailures',
      failedShare,
      50,
      5,
      "Half or more of the spectators' socket connections failed for 5 minutes running: the API key expired (a deployment renews it) or AppSync Events is failing. Pages poll every 20 s meanwhile.",
    );
  }

  /** One of this stage's custom metrics (EMF, service dimension). */
  private custom(metricName: string, statistic: string): Metric {
    return new Metric({ namespace: this.namespace, metricName, dimensionsMap: { service: METRICS_SERVICE }, period: Duration.minutes(1), statistic });
  }

  private alarm(id: string, metric: IMetric, threshold: number, periods: number, description: string): Alarm {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: periods,
      datapointsToAlarm: periods,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    this.alarms.push(alarm);
    return alarm;
  }
}
