/**
 * cdk-nag's AWS Solutions pack over the stack: no finding may be left
 * unacknowledged, and each acknowledgment says why
 * (lib/constructs/nag-acknowledgments.ts).
 */
import { type PolicyViolation, Stack, Validations } from 'aws-cdk-lib';
import { Table, AttributeType } from 'aws-cdk-lib/aws-dynamodb';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ScoringStack } from '../../lib/scoring-stack';
import { readStackConfig } from '../../lib/stack-config';
import { cdkContext, newApp, synthesize } from './synth';

const describeViolations = (violations: readonly PolicyViolation[]) =>
  violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

describe('cdk-nag AwsSolutions', () => {
  it('finds nothing unacknowledged in the stack', () => {
    const { stack } = synthesize();
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(stack);
    expect(describeViolations(report.violations)).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('gives every acknowledgment a written reason', () => {
    const { stack } = synthesize();
    const acknowledged: { path: string; id: string; reason: string }[] = [];
    const visit = (c: IConstruct) => {
      for (const entry of c.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) acknowledged.push({ path: c.node.path, id, reason });
      }
      c.node.children.forEach(visit);
    };
    visit(stack);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const a of acknowledged) expect(a.reason.length, `${a.path} ${a.id}`).toBeGreaterThan(60);
    // Only the rules we mean to accept, nothing broad (IAM4 and S1 only for the web page's bucket and CDK's deployment function).
    const rules = new Set(acknowledged.map((a) => a.id.replace(/^Annotation::/i, '').replace(/\[.*$/, '')));
    expect([...rules].sort()).toEqual(
      [
        'AwsSolutions-APIG4',
        'AwsSolutions-CFR1',
        'AwsSolutions-CFR2',
        'AwsSolutions-CFR3',
        'AwsSolutions-CFR4',
        'AwsSolutions-IAM4',
        'AwsSolutions-IAM5',
        'AwsSolutions-L1',
        'AwsSolutions-S1',
        'AwsSolutions-SMG4',
        'AwsSolutions-SQS3',
      ].sort(),
    );
  });

  it('passes as a synth-time validation plugin, as bin/app.ts runs it (in a named region, as bin/app.ts deploys it)', () => {
    const app = newApp({ ...cdkContext, 'aws:cdk:bundling-stacks': [] });
    new ScoringStack(app, 'Nagged', { config: readStackConfig(app.node), env: { region: 'eu-west-1' } });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    // The plugin fails the synth on any unacknowledged finding.
    expect(() => app.synth()).not.toThrow();
  });

  it('is live: it does flag a table without point-in-time recovery', () => {
    const app = newApp();
    const bare = new Stack(app, 'Bare');
    new Table(bare, 'Table', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    const report = new AwsSolutionsChecks().validateScope(bare);
    expect(report.violations.map((v) => v.ruleName)).toContain('AwsSolutions-DDB3');
  });
});
