/**
 * What exists only in us-east-1: CloudFront's metrics (so its alarms) and
 * CloudFront-scope WAF web ACLs. Two small companion stacks, because the WAF
 * must exist before the distribution that uses it and the alarm after the
 * distribution it watches.
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

export const EDGE_REGION = 'us-east-1';

export interface EdgeAlarmsStackProps extends StackProps {
  readonly stage: string;
  readonly distributionId: string;
  readonly alarmEmail?: string;
}

/** The CDN's 5xx rate alarm, on a topic of its own in us-east-1 (alarms notify topics in their own region). */
export class EdgeAlarmsStack extends Stack {
  readonly topic: Topic;
  readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, props);
    this.topic = new Topic(this, 'Alarms', { displayName: `Scoring ${props.stage} CDN alarms`, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const metric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        period: Duration.minutes(1),
        statistic: metricName === 'Requests' ? 'Sum' : 'Average',
      });
    // The rate only counts when there is traffic: 1 error in 2 requests at 4 a.m. is no incident.
    const rate = new MathExpression({
      expression: 'IF(requests >= 20, errorRate, 0)',
      usingMetrics: { errorRate: metric('5xxErrorRate'), requests: metric('Requests') },
      label: 'CDN 5xx %',
      period: Duration.minutes(1),
    });
    this.alarm = new Alarm(this, 'Cdn5xxRate', {
      metric: rate,
      threshold: 5,
      evaluationPeriods: 3,
      datapointsToAlarm: 3,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: "More than 5% of the CDN's responses were 5xx for 3 minutes running (the origin API failing or throttling).",
    });
    this.alarm.addAlarmAction(new SnsAction(this.topic));
    this.alarm.addOkAction(new SnsAction(this.topic));
  }
}

export interface WafStackProps extends StackProps {
  readonly stage: string;
  /** Requests one client IP may send in 5 minutes before WAF blocks it for a while. */
  readonly rateLimit: number;
}

/** `-c waf=true`: a CloudFront-scope web ACL whose one rule blocks a client IP above its rate. */
export class WafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: `Scoring ${props.stage}: per-IP rate limit in front of the CDN`,
      visibilityConfig: visibility(`scoring-${props.stage}-web-acl`),
      rules: [
        {
          name: 'RatePerClientIp',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: props.rateLimit, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility(`scoring-${props.stage}-rate-per-ip`),
        },
      ],
    });
  }
}
