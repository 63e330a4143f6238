/**
 * The event's metrics, as CloudWatch embedded metric format (EMF) lines
 * through Powertools for AWS Lambda's Metrics: one named function per metric,
 * so callers never spell a metric name or unit. Each call emits its own line
 * at once (a single-metric blob), so no handler has to flush at the end.
 * Outside Lambda (local server, tests, CLI) nothing is emitted.
 *
 * The alarms and the dashboard (lib/constructs/observability.ts) read these
 * names from METRIC below.
 */
import { MetricUnit, Metrics } from '@aws-lambda-powertools/metrics';

/** Each stage's namespace is `Scoring/<stage>` (POWERTOOLS_METRICS_NAMESPACE, set by the stack). */
export const metricsNamespace = (stage: string) => `Scoring/${stage}`;
/** Every metric carries this `service` dimension (Powertools' default dimension). */
export const METRICS_SERVICE = 'scoring';

/** Metric names and their dimension, shared with the stack's alarms and dashboard. */
export const METRIC = {
  scanResults: { name: 'ScanResults', dimension: 'Outcome' },
  scanLag: { name: 'ScanLagSeconds' },
  authorizationFailures: { name: 'AuthorizationFailures', dimension: 'Reason' },
  scoreboardAge: { name: 'ScoreboardAgeSeconds' },
  scoringOpen: { name: 'ScoringOpen' },
  secondsSinceLastScan: { name: 'SecondsSinceLastScan' },
  settingsChanges: { name: 'SettingsChanges' },
  poolsWithoutLiveAgent: { name: 'PoolsWithoutLiveAgent' },
  nudgesFailed: { name: 'NudgesFailed' },
} as const;

let metrics: Metrics | undefined;
const inLambda = () => process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined;

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

function emit(name: string, unit: Unit, value: number, dimension?: [string, string]): void {
  if (!inLambda() || !Number.isFinite(value)) return;
  metrics ??= new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? metricsNamespace('dev'), serviceName: METRICS_SERVICE });
  const single = metrics.singleMetric();
  if (dimension) single.addDimension(dimension[0], dimension[1]);
  single.addMetric(name, unit, value);
}

/** A scan result was recorded (or refused): `outcome` is its status or why it was refused. */
export function recordScanResult(outcome: string): void {
  emit(METRIC.scanResults.name, MetricUnit.Count, 1, [METRIC.scanResults.dimension, outcome]);
}

/** Arrival minus check time of a result that carries its check time. */
export function recordScanLag(checkedAt: Date, arrivedAt = new Date()): void {
  emit(METRIC.scanLag.name, MetricUnit.Seconds, Math.max(0, (arrivedAt.getTime() - checkedAt.getTime()) / 1000));
}

/** A request refused for want of valid credentials or role: `reason` is a short fixed word (never the credential). */
export function recordAuthorizationFailure(reason: string): void {
  emit(METRIC.authorizationFailures.name, MetricUnit.Count, 1, [METRIC.authorizationFailures.dimension, reason]);
}

/** How old the scoreboard a reader was served is (now minus its last change). */
export function recordScoreboardAge(seconds: number): void {
  emit(METRIC.scoreboardAge.name, MetricUnit.Seconds, seconds);
}

/** A settings change was written (the alarm tells the organisers). */
export function recordSettingsChange(): void {
  emit(METRIC.settingsChanges.name, MetricUnit.Count, 1);
}

/** The scoring watch's minute: the pools with services to check and no live agent (their services go unscored). */
export function recordPoolsWithoutLiveAgent(pools: number): void {
  emit(METRIC.poolsWithoutLiveAgent.name, MetricUnit.Count, pools);
}

/** The scoring watch's minute: whether scoring is open, and how long since the last scan result. */
export function recordScoringState(open: boolean, secondsSinceLastScan: number): void {
  emit(METRIC.scoringOpen.name, MetricUnit.Count, open ? 1 : 0);
  emit(METRIC.secondsSinceLastScan.name, MetricUnit.Seconds, secondsSinceLastScan);
}

/** A spectators' nudge the Event API did not take (decision 0086): pages on push miss that move until the next. */
export function recordNudgeFailure(): void {
  emit(METRIC.nudgesFailed.name, MetricUnit.Count, 1);
}
