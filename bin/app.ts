/**
 * The CDK app: one ScoringStack, configured by context
 * (`npx cdk deploy -c stage=prod`; see lib/stack-config.ts for every key).
 * cdk-nag's AWS Solutions checks run on every synth (`-c nag=false` skips them):
 * an unacknowledged finding fails the synth.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EDGE_REGION, EdgeAlarmsStack, WafStack } from '../lib/edge-stacks';
import { ScoringStack } from '../lib/scoring-stack';
import { readStackConfig } from '../lib/stack-config';

const app = new App();
const config = readStackConfig(app.node);
const tags = { app: 'ccdc-scoring', stage: config.stage };

// CloudFront's metrics and CloudFront-scope WAF exist only in us-east-1, so
// the companion stacks live there and exchange values with the main stack by
// CDK's cross-region references, which need every stack's region spelled out:
// `-c region=`, else the AWS CLI profile's region, else us-east-1.
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = (app.node.tryGetContext('region') as string | undefined) ?? process.env.CDK_DEFAULT_REGION ?? EDGE_REGION;
const edge = { env: { account, region: EDGE_REGION }, crossRegionReferences: true, tags };

const waf = config.waf
  ? new WafStack(app, `${config.stackName}-Waf`, {
      ...edge,
      stage: config.stage,
      rateLimit: config.wafRateLimit,
      description: `CCDC scoring (${config.stage}): CloudFront WAF web ACL`,
    })
  : undefined;

const main = new ScoringStack(app, config.stackName, {
  description: `CCDC scoring service (${config.stage}): token and IAM HTTP APIs, Lambda, DynamoDB, CloudFront, alarms`,
  config,
  env: { account, region },
  crossRegionReferences: true,
  webAclArn: waf?.webAcl.attrArn,
  tags,
});

new EdgeAlarmsStack(app, `${config.stackName}-Edge`, {
  ...edge,
  stage: config.stage,
  distributionId: main.cdn.distribution.distributionId,
  alarmEmail: config.alarmEmail,
  description: `CCDC scoring (${config.stage}): CloudFront alarms (us-east-1)`,
});

// cdk-nag 3 is a policy-validation plugin: findings fail the synth and land in
// cdk.out/policy-validation-report.json; acknowledgments are in lib/constructs/nag-acknowledgments.ts.
const nag = app.node.tryGetContext('nag');
if (nag !== 'false' && nag !== false) Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
