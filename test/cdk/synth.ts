/**
 * Synthesizes the ScoringStack the way `cdk synth` does (cdk.json's context,
 * feature flags included), once per test file and set of options, and offers
 * small readers for the template: intrinsic values flattened to strings, IAM
 * statements as (effect, action, resource) triples, wildcard matching as IAM
 * and CloudFront do it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { App, type CfnElement, type NestedStack, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { afterAll } from 'vitest';
import { ScoringStack } from '../../lib/scoring-stack';
import { readStackConfig } from '../../lib/stack-config';
import type { Route } from '#shared/api/routes';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface SynthOptions {
  /** Bundle the functions for real (slow); unit tests skip bundling. */
  readonly bundle?: boolean;
  /** Extra context, as `-c key=value` would give it. */
  readonly context?: Record<string, unknown>;
  /** Another route table (not cached). */
  readonly routes?: readonly Route[];
}

export interface Synthesized {
  readonly app: App;
  readonly stack: ScoringStack;
  readonly template: Template;
  /** The raw template (Resources, Outputs). */
  readonly json: CfnTemplate;
  readonly assembly: CloudAssembly;
}

export interface CfnResource {
  Type: string;
  Properties?: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, { Value: unknown }>;
}

/** cdk.json's context: the feature flags `cdk synth` applies. */
export const cdkContext = (JSON.parse(readFileSync(resolve(ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
const cache = new Map<string, Synthesized>();

export function synthesize(options: SynthOptions = {}): Synthesized {
  const key = options.routes ? undefined : JSON.stringify(options);
  const cached = key === undefined ? undefined : cache.get(key);
  if (cached) return cached;

  const app = newApp({
    ...cdkContext,
    ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
    ...options.context,
  });
  const config = readStackConfig(app.node);
  const stack = new ScoringStack(app, config.stackName, { config, ...(options.routes ? { routes: options.routes } : {}) });
  const assembly = app.synth();
  const json = assembly.getStackArtifact(stack.artifactId).template as CfnTemplate;
  const result: Synthesized = { app, stack, template: Template.fromJSON(json), json, assembly };
  if (key !== undefined) cache.set(key, result);
  return result;
}

const outdirs: string[] = [];
// Registered while the test file imports this module: runs after the file's tests.
afterAll(() => {
  for (const dir of outdirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * An App whose cloud assembly goes to a temporary directory removed after the
 * test file, with CloudFormation schema validation off (it adds
 * seconds per synth; `npm run synth` runs it).
 */
export function newApp(context: Record<string, unknown> = {}): App {
  process.env.CDK_VALIDATION ??= 'false';
  const outdir = mkdtempSync(join(tmpdir(), 'scoring-cdk-test-'));
  outdirs.push(outdir);
  return new App({ outdir, context });
}

/** The logical id of a construct's CloudFormation resource. */
export function logicalId(element: { node: { defaultChild?: unknown } } | CfnElement): string {
  const cfn = ('logicalId' in element ? element : element.node.defaultChild) as CfnElement;
  return Stack.of(cfn).getLogicalId(cfn);
}

/**
 * An intrinsic value as a flat string: `{Ref: X}` → `${X}`,
 * `{Fn::GetAtt: [X, Arn]}` → `${X.Arn}`, `Fn::Join` concatenated.
 */
export function flat(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) throw new Error(`expected one value, got a list: ${JSON.stringify(value)}`);
  const v = value as Record<string, any>;
  if ('Ref' in v) return `\${${v.Ref}}`;
  if ('Fn::GetAtt' in v) return `\${${v['Fn::GetAtt'].join('.')}}`;
  if ('Fn::Join' in v) {
    const [delimiter, parts] = v['Fn::Join'] as [string, unknown[]];
    return parts.map(flat).join(delimiter);
  }
  throw new Error(`cannot flatten ${JSON.stringify(value)}`);
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

export interface Permission {
  effect: 'Allow' | 'Deny';
  action: string;
  resource: string;
}

/** A policy document's statements as one (effect, action, resource) triple per combination. */
export function permissions(document: { Statement: any[] }): Permission[] {
  return document.Statement.flatMap((statement) => {
    if (statement.NotAction || statement.NotResource || statement.Condition) {
      throw new Error(`unexpected statement shape: ${JSON.stringify(statement)}`);
    }
    return list<string>(statement.Action).flatMap((action) =>
      list<unknown>(statement.Resource).map((resource) => ({ effect: statement.Effect, action, resource: flat(resource) })),
    );
  });
}

/** Every permission a role holds: its inline policies and every AWS::IAM::Policy attached to it. */
export function rolePermissions(json: CfnTemplate, roleLogicalId: string): Permission[] {
  const role = json.Resources[roleLogicalId];
  if (!role || role.Type !== 'AWS::IAM::Role') throw new Error(`${roleLogicalId} is not a role`);
  if (list(role.Properties?.ManagedPolicyArns).length > 0) throw new Error(`${roleLogicalId} has managed policies`);
  const inline = list<any>(role.Properties?.Policies).flatMap((p) => permissions(p.PolicyDocument));
  const attached = Object.values(json.Resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && list<any>(r.Properties?.Roles).some((ref) => ref.Ref === roleLogicalId))
    .flatMap((r) => permissions(r.Properties!.PolicyDocument));
  return [...inline, ...attached];
}

/** IAM / CloudFront wildcard matching: `*` is any run of characters (slashes too), `?` one character. */
export function wildcardMatches(pattern: string, value: string): boolean {
  const regex = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${regex}$`).test(value);
}

/** Whether a policy allows an action on a resource: some Allow matches and no Deny does. */
export function policyAllows(perms: readonly Permission[], action: string, resource: string): boolean {
  const matching = perms.filter((p) => wildcardMatches(p.action, action) && wildcardMatches(p.resource, resource));
  return matching.some((p) => p.effect === 'Allow') && !matching.some((p) => p.effect === 'Deny');
}

/** A concrete request path for a route: each `{param}` becomes a sample value. */
export function samplePath(route: Pick<Route, 'path'>): string {
  return route.path.replace(/\{[^/}]+\}/g, '7');
}

/**
 * The template of the nested stack that holds `construct`, with the values
 * its parent passes in put in place of its parameters: references to the
 * parent's resources then read as they would in one template.
 */
export function nestedTemplate(parent: CfnTemplate, construct: IConstruct): CfnTemplate {
  const nested = Stack.of(construct) as NestedStack;
  if (!nested.nestedStackResource) throw new Error(`${construct.node.path} is not in a nested stack`);
  const parameters: Record<string, unknown> = parent.Resources[logicalId(nested.nestedStackResource)]?.Properties?.Parameters ?? {};
  const isParameterRef = (v: unknown): v is { Ref: string } =>
    typeof v === 'object' && v !== null && Object.keys(v).length === 1 && typeof (v as { Ref?: unknown }).Ref === 'string' && (v as { Ref: string }).Ref in parameters;
  return JSON.parse(JSON.stringify(Template.fromStack(nested).toJSON()), (_key, v) => (isParameterRef(v) ? parameters[v.Ref] : v)) as CfnTemplate;
}

export function resourcesOfType(json: CfnTemplate, type: string): [string, CfnResource][] {
  return Object.entries(json.Resources).filter(([, r]) => r.Type === type);
}
