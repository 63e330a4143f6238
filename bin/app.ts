/**
 * The CDK app: one ScoringStack, configured by context
 * (`npx cdk deploy -c stage=prod`; see lib/stack-config.ts for every key).
 * cdk-nag's AWS Solutions checks run on every synth (`-c nag=false` skips them):
 * an unacknowledged finding fails the synth.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ScoringStack } from '../lib/scoring-stack';
import { readStackConfig } from '../lib/stack-config';

const app = new App();
const config = readStackConfig(app.node);

new ScoringStack(app, config.stackName, {
  description: `CCDC scoring service (${config.stage}): token and IAM HTTP APIs, Lambda, DynamoDB, CloudFront`,
  config,
  tags: { app: 'ccdc-scoring', stage: config.stage },
});

// cdk-nag 3 is a policy-validation plugin: findings fail the synth and land in
// cdk.out/policy-validation-report.json; acknowledgments are in lib/constructs/nag-acknowledgments.ts.
const nag = app.node.tryGetContext('nag');
if (nag !== 'false' && nag !== false) Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
