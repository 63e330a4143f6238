/**
 * What running a live event needs from the stack: per-route throttles from
 * the route table, reserved concurrency, the CDN-only token API, alarms to a
 * topic, the dashboard, the scoring watch, the us-east-1 companions, and
 * names that let two stages (or regions) share an account.
 */
import { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { EdgeAlarmsStack, WafStack } from '../../lib/edge-stacks';
import { NO_SCAN_ALARM_SECONDS } from '../../lib/constructs/observability';
import { routes, THROTTLES } from '#shared/api/routes';
import { GLOBAL_INDEXES } from '#shared/data/table-schema';
import { flat, logicalId, nestedTemplate, newApp, resourcesOfType, synthesize, type CfnTemplate } from './synth';

const built = routes.filter((r) => !r.planned);
const { stack, json, deployed } = synthesize();
const prefix = stack.config.prefix;
/** Alarms and the dashboard: their own nested stack (the API's template would pass 500 resources with them). */
const monitoring = nestedTemplate(json, stack.observability);
const alarms = resourcesOfType(monitoring, 'AWS::CloudWatch::Alarm').map(([id, r]) => ({ id, ...r.Properties! }) as Record<string, any> & { id: string });
const fnByName = (name: string) => resourcesOfType(deployed, 'AWS::Lambda::Function').find(([, r]) => r.Properties!.FunctionName === name)!;

describe('capacity', () => {
  it("throttles each route (and a GET's HEAD) on both APIs by its class in the route table (scan reports sized for a round's burst)", () => {
    const stages = resourcesOfType(deployed, 'AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(2);
    for (const [, stage] of stages) {
      const expected = Object.fromEntries(
        built.flatMap((r) =>
          (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method]).map((method) => [
            `${method} ${r.path}`,
            { ThrottlingRateLimit: THROTTLES[r.throttle].rate, ThrottlingBurstLimit: THROTTLES[r.throttle].burst },
          ]),
        ),
      );
      expect(stage.Properties!.RouteSettings).toEqual(expected);
    }
    const reportScan = built.find((r) => r.name === 'ReportScan')!;
    expect(reportScan.throttle).toBe('scan-report');
    expect(THROTTLES['scan-report'].burst).toBeGreaterThanOrEqual(250 * 20);
    expect(THROTTLES['admin-write'].rate).toBeLessThan(THROTTLES['public-read'].rate);
  });

  it('reserves concurrency for scan reporting and the authorizer only', () => {
    const reserved = resourcesOfType(deployed, 'AWS::Lambda::Function')
      .filter(([, r]) => r.Properties!.ReservedConcurrentExecutions !== undefined)
      .map(([, r]) => r.Properties!.FunctionName as string)
      .sort();
    expect(reserved).toEqual([`${prefix}-Authorizer`, ...built.filter((r) => r.throttle === 'scan-report').map((r) => `${prefix}-${r.name}`)].sort());
    expect(reserved).toContain(`${prefix}-ReportScan`);
    const { deployed: none } = synthesize({ context: { reservedScanConcurrency: '0', reservedAuthorizerConcurrency: '0' } });
    expect(resourcesOfType(none, 'AWS::Lambda::Function').some(([, r]) => r.Properties!.ReservedConcurrentExecutions !== undefined)).toBe(false);
  });
});

describe('the token API only through the CDN', () => {
  it('has CloudFront send the generated secret, and every function compare it', () => {
    const secret = logicalId(stack.originSecret);
    const [, distribution] = resourcesOfType(deployed, 'AWS::CloudFront::Distribution')[0]!;
    const apiOrigin = distribution.Properties!.DistributionConfig.Origins.find((o: { OriginCustomHeaders?: unknown }) => o.OriginCustomHeaders);
    const headers = apiOrigin.OriginCustomHeaders;
    expect(headers).toHaveLength(1);
    expect(headers[0].HeaderName).toBe('x-origin-verify');
    expect(flat(headers[0].HeaderValue)).toContain(`{{resolve:secretsmanager:\${${secret}}:SecretString:::}}`);
    for (const route of built) {
      expect(flat(fnByName(`${prefix}-${route.name}`)[1].Properties!.Environment.Variables.ORIGIN_VERIFY_SECRET)).toBe(flat(headers[0].HeaderValue));
    }
    expect(JSON.stringify(deployed)).not.toMatch(/"SecretString":"/);
  });
});

describe('alarms and the dashboard', () => {
  const topic = logicalId(stack.observability.topic);
  const named = (suffix: string) => alarms.filter((a) => a.id.includes(suffix));

  it('sends every alarm (and its recovery) to the one topic', () => {
    expect(alarms.length).toBeGreaterThan(2 * built.length);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions, alarm.id).toEqual([{ Ref: topic }]);
      expect(alarm.OKActions, alarm.id).toEqual([{ Ref: topic }]);
      expect(alarm.AlarmDescription, alarm.id).toBeTruthy();
    }
    expect(resourcesOfType(monitoring, 'AWS::SNS::Subscription')).toHaveLength(0);
    const withEmail = synthesize({ context: { alarmEmail: 'ops@example.org' } });
    const subscribed = nestedTemplate(withEmail.json, withEmail.stack.observability);
    expect(resourcesOfType(subscribed, 'AWS::SNS::Subscription').map(([, r]) => r.Properties)).toEqual([
      expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@example.org' }),
    ]);
  });

  it('watches every function for errors, throttles and p99 duration', () => {
    const others = {
      Authorizer: stack.authorizerFunction.fn,
      NotFound: stack.notFoundFunction.fn,
      ScoringWatch: stack.scoringWatchFunction.fn,
      FoldResults: stack.scanFold.function.fn,
    };
    const names = [...built.map((r) => r.name), ...Object.keys(others)];
    for (const name of names) {
      const fnId = logicalId(others[name as keyof typeof others] ?? stack.routeFunctions.get(name)!.fn);
      const on = (metric: string) => alarms.filter((a) => a.MetricName === metric && a.Namespace === 'AWS/Lambda' && a.Dimensions?.[0]?.Value?.Ref === fnId);
      type Stat = { MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions: { Value: { Ref?: string } }[] } } };
      const failures = alarms.filter((a) =>
        ((a.Metrics ?? []) as Stat[]).some((m) => m.MetricStat?.Metric.Namespace === 'AWS/Lambda' && m.MetricStat.Metric.Dimensions[0]?.Value.Ref === fnId),
      );
      expect(failures, name).toHaveLength(1);
      expect(((failures[0]!.Metrics ?? []) as Stat[]).flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : [])).sort(), name).toEqual([
        'Errors',
        'Throttles',
      ]);
      expect(
        on('Duration').map((a) => a.ExtendedStatistic),
        name,
      ).toEqual(['p99']);
    }
  });

  it('watches 5xx per API, DynamoDB throttling on the table and each index, and authorizer failures', () => {
    expect(named('Api5xxRate')).toHaveLength(2);
    const throttled = alarms.filter((a) => JSON.stringify(a.Metrics ?? []).includes('ReadThrottleEvents'));
    expect(throttled).toHaveLength(1 + GLOBAL_INDEXES.length);
    for (const index of GLOBAL_INDEXES) expect(JSON.stringify(throttled)).toContain(index.indexName);
    expect(named('AuthorizerFailures')).toHaveLength(1);
    const [, filter] = resourcesOfType(monitoring, 'AWS::Logs::MetricFilter')[0]!;
    expect(filter.Properties!.LogGroupName).toEqual({ Ref: logicalId(stack.authorizerFunction.logGroup) });
  });

  it('alarms on no scan for 5 minutes while scoring is open, from the scoring watch run every minute', () => {
    const [silence] = named('NoScanWhileScoringOpen');
    const metrics = silence!.Metrics as { Expression?: string; MetricStat?: { Metric: { MetricName: string; Namespace: string } } }[];
    expect(metrics.find((m) => m.Expression)!.Expression).toBe(`IF(open >= 1 AND since > ${NO_SCAN_ALARM_SECONDS}, 1, 0)`);
    expect(
      metrics
        .filter((m) => m.MetricStat)
        .map((m) => m.MetricStat!.Metric.MetricName)
        .sort(),
    ).toEqual(['ScoringOpen', 'SecondsSinceLastScan']);
    expect(metrics.find((m) => m.MetricStat)!.MetricStat!.Metric.Namespace).toBe('Scoring/dev');
    const [, rule] = resourcesOfType(deployed, 'AWS::Events::Rule')[0]!;
    expect(rule.Properties!.ScheduleExpression).toBe('rate(1 minute)');
    expect(flat(rule.Properties!.Targets[0].Arn)).toBe(`\${${logicalId(stack.scoringWatchFunction.fn)}.Arn}`);
    expect(named('SettingsChanged')).toHaveLength(1);
    const [withoutAgent] = named('PoolsWithoutLiveAgent');
    const pools = withoutAgent!.Metrics as { Expression?: string; MetricStat?: { Metric: { MetricName: string } } }[];
    expect(pools.find((m) => m.Expression)!.Expression).toBe('IF(open >= 1 AND pools > 0, 1, 0)');
    expect(
      pools
        .filter((m) => m.MetricStat)
        .map((m) => m.MetricStat!.Metric.MetricName)
        .sort(),
    ).toEqual(['PoolsWithoutLiveAgent', 'ScoringOpen']);
  });

  it("watches the stream consumer's iterator age", () => {
    const ages = alarms.filter((a) => a.MetricName === 'IteratorAge');
    expect(ages.map((a) => a.Dimensions[0].Value)).toEqual([{ Ref: logicalId(stack.scanFold.function.fn) }]);
  });

  it('has one dashboard', () => {
    expect(resourcesOfType(monitoring, 'AWS::CloudWatch::Dashboard')).toHaveLength(1);
    expect(resourcesOfType(json, 'AWS::CloudWatch::Alarm')).toHaveLength(0);
    // Nor in the routes' nested stacks: every alarm is Monitoring's.
    expect(resourcesOfType(deployed, 'AWS::CloudWatch::Alarm')).toHaveLength(alarms.length);
  });
});

describe('the us-east-1 companions', () => {
  it('alarms on the CDN 5xx rate and offers a per-IP rate-limiting WAF', () => {
    const app = newApp();
    const edge = new EdgeAlarmsStack(app, 'Edge', { stage: 'dev', distributionId: 'E2EXAMPLE', env: { region: 'us-east-1' } });
    const waf = new WafStack(app, 'Waf', { stage: 'dev', rateLimit: 2000, env: { region: 'us-east-1' } });
    const assembly = app.synth();
    const edgeJson = assembly.getStackArtifact(edge.artifactId).template as CfnTemplate;
    const [, alarm] = resourcesOfType(edgeJson, 'AWS::CloudWatch::Alarm')[0]!;
    expect(JSON.stringify(alarm.Properties!.Metrics)).toContain('"MetricName":"5xxErrorRate"');
    expect(JSON.stringify(alarm.Properties!.Metrics)).toContain('"Value":"E2EXAMPLE"');
    const wafJson = assembly.getStackArtifact(waf.artifactId).template as CfnTemplate;
    const [, acl] = resourcesOfType(wafJson, 'AWS::WAFv2::WebACL')[0]!;
    expect(acl.Properties!.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties!.Rules[0].Statement.RateBasedStatement).toEqual({ Limit: 2000, AggregateKeyType: 'IP' });
    expect(Stack.of(edge).region).toBe('us-east-1');
  });
});

describe('deployable twice', () => {
  it('sets no account-wide physical name, and two stages share no regional one', () => {
    const physicalNames = (template: CfnTemplate) =>
      Object.values(template.Resources).flatMap((r) =>
        ['FunctionName', 'TableName', 'ManagedPolicyName', 'RoleName', 'TopicName', 'DashboardName', 'Name']
          .map((key) => r.Properties?.[key])
          .filter((value): value is string => typeof value === 'string')
          .map((value) => `${r.Type} ${value}`),
      );
    for (const [, r] of resourcesOfType(deployed, 'AWS::IAM::ManagedPolicy')) expect(r.Properties!.ManagedPolicyName).toBeUndefined();
    const [, cachePolicy] = resourcesOfType(deployed, 'AWS::CloudFront::CachePolicy')[0]!;
    expect(flat(cachePolicy.Properties!.CachePolicyConfig.Name)).toContain('${AWS::Region}');
    const a = physicalNames(synthesize({ context: { stage: 'blue' } }).deployed);
    const b = new Set(physicalNames(synthesize({ context: { stage: 'green' } }).deployed));
    expect(a.length).toBeGreaterThan(built.length);
    // A channel namespace's name is its API's own (the page's channels are /public/...), not the region's.
    const scopedToTheirApi = ['AWS::ApiGatewayV2::Authorizer', 'AWS::AppSync::ChannelNamespace'];
    expect(a.filter((name) => b.has(name) && !scopedToTheirApi.some((type) => name.startsWith(type)))).toEqual([]);
  });
});
