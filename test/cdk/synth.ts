/**
 * Synthesizes the ScoringStack the way `cdk synth` does (cdk.json's context,
 * feature flags included), once per test file and set of options, and offers
 * small readers for the template: intrinsic values flattened to strings, IAM
 * statements as (effect, action, resource) triples, wildcard matching as IAM
 * and CloudFront do it. The stack is a parent and nested stacks (the routes
 * by area, the alarms): `deployed` reads them as one template.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { App, type CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { inject } from 'vitest';
import { ScoringStack } from '../../lib/scoring-stack';
import { readStackConfig } from '../../lib/stack-config';
import type { Route } from '#shared/api/routes';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface SynthOptions {
  /** Extra context, as `-c key=value` would give it. */
  readonly context?: Record<string, unknown>;
  /** Another route table (not cached). */
  readonly routes?: readonly Route[];
}

export interface Synthesized {
  readonly app: App;
  readonly stack: ScoringStack;
  /** The parent stack's template. */
  readonly template: Template;
  /** The parent stack's raw template (Resources, Outputs). */
  readonly json: CfnTemplate;
  /** Everything the stack deploys, its nested stacks' resources included, as one template (see deployedTemplate). */
  readonly deployed: CfnTemplate;
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
  Parameters?: Record<string, unknown>;
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
    // No function is bundled (test/cdk/bundle.test.ts bundles them its own way).
    'aws:cdk:bundling-stacks': [],
    ...options.context,
  });
  const config = readStackConfig(app.node);
  const stack = new ScoringStack(app, config.stackName, { config, ...(options.routes ? { routes: options.routes } : {}) });
  const assembly = app.synth();
  const json = assembly.getStackArtifact(stack.artifactId).template as CfnTemplate;
  const result: Synthesized = { app, stack, template: Template.fromJSON(json), json, deployed: deployedTemplate(stack, json), assembly };
  if (key !== undefined) cache.set(key, result);
  return result;
}

/**
 * An App whose cloud assembly goes to a directory removed when the
 * test run ends, with CloudFormation schema validation off (it adds
 * seconds per synth; `npm run synth` runs it).
 */
export function newApp(context: Record<string, unknown> = {}): App {
  process.env.CDK_VALIDATION ??= 'false';
  // In the run's directory, not removed after the file: test files share a worker's modules (vitest.config.ts),
  // so a stack synthesized and cached here serves the worker's later files, its assembly directory included.
  const outdir = mkdtempSync(join(inject('runDirectory'), 'cdk-'));
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
  /** The statement's condition, as JSON, when it has one. */
  condition?: string;
}

/** A policy document's statements as one (effect, action, resource) triple per combination, with its condition. */
export function permissions(document: { Statement: any[] }): Permission[] {
  return document.Statement.flatMap((statement) => {
    if (statement.NotAction || statement.NotResource) {
      throw new Error(`unexpected statement shape: ${JSON.stringify(statement)}`);
    }
    const condition = statement.Condition ? { condition: JSON.stringify(statement.Condition) } : {};
    return list<string>(statement.Action).flatMap((action) =>
      list<unknown>(statement.Resource).map((resource) => ({ effect: statement.Effect, action, resource: flat(resource), ...condition })),
    );
  });
}

/** Every permission a role holds: its inline policies and every AWS::IAM::Policy attached to it. */
export function rolePermissions(json: CfnTemplate, roleLogicalId: string): Permission[] {
  const role = json.Resources[roleLogicalId];
  if (!role || role.Type !== 'AWS::IAM::Role') throw new Error(`${roleLogicalId} is not a role`);
  // Managed policies of this template (a Ref to one) count with their statements; an AWS managed one (an ARN) is named by the caller's test.
  const managed = list<any>(role.Properties?.ManagedPolicyArns).flatMap((arn) => {
    const policy = typeof arn === 'object' && arn && 'Ref' in arn ? json.Resources[arn.Ref as string] : undefined;
    if (policy?.Type === 'AWS::IAM::ManagedPolicy') return permissions(policy.Properties!.PolicyDocument);
    if (JSON.stringify(arn).includes(':aws:policy/')) return [];
    throw new Error(`${roleLogicalId} has a managed policy this template does not hold: ${JSON.stringify(arn)}`);
  });
  const inline = [...managed, ...list<any>(role.Properties?.Policies).flatMap((p) => permissions(p.PolicyDocument))];
  const attached = Object.values(json.Resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && list<any>(r.Properties?.Roles).some((ref) => ref.Ref === roleLogicalId))
    .flatMap((r) => permissions(r.Properties!.PolicyDocument));
  return [...inline, ...attached];
}

/** IAM / CloudFront wildcard matching: `*` is any run of characters (slashes too), `?` one character. */
export function wildcardMatches(pattern: string, value: string): boolean {
  const regex = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
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

/** The nested stacks whose parent is `stack`, in construct order. */
export function nestedStacksOf(stack: Stack): NestedStack[] {
  return stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);
}

/** A value with every object replaced by what `replace` returns for it (undefined: keep it and look inside). */
function mapValue(value: unknown, replace: (v: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapValue(v, replace));
  if (typeof value !== 'object' || value === null) return value;
  const replaced = replace(value as Record<string, unknown>);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapValue(v, replace)]));
}

/**
 * The templates of a stack's nested stacks (one level, as this stack has
 * them) as they read once deployed: each `Ref` to a parameter is replaced by
 * the value the parent passes, and a value the parent takes from another
 * nested stack's output (`Fn::GetAtt [Nested, Outputs.X]`) by that output's
 * own value. References to the parent's and the other nested stacks'
 * resources then read as they would in one template.
 */
export function nestedTemplates(parent: Stack, parentJson: CfnTemplate): Map<NestedStack, CfnTemplate> {
  const children = nestedStacksOf(parent).map((nested) => ({
    nested,
    id: logicalId(nested.nestedStackResource!),
    raw: Template.fromStack(nested).toJSON() as CfnTemplate,
  }));
  const byId = new Map(children.map((c) => [c.id, c]));
  const resolving = new Set<string>();
  const outputsOf = new Map<string, Record<string, { Value: unknown }>>();

  /** A value in the parent's template, with other nested stacks' outputs in place. */
  const inParent = (value: unknown): unknown =>
    mapValue(value, (v) => {
      const getAtt = v['Fn::GetAtt'];
      if (!Array.isArray(getAtt) || !byId.has(getAtt[0]) || typeof getAtt[1] !== 'string' || !getAtt[1].startsWith('Outputs.')) return undefined;
      const output = resolvedOutputs(getAtt[0])[getAtt[1].slice('Outputs.'.length)];
      if (!output) throw new Error(`${getAtt[0]} has no output ${getAtt[1]}`);
      return output.Value;
    });
  /** A value in a nested stack's template, with the parent's values in place of its parameters. */
  const inChild = (id: string, value: unknown): unknown => {
    const parameters: Record<string, unknown> = parentJson.Resources[id]?.Properties?.Parameters ?? {};
    return mapValue(value, (v) => {
      const keys = Object.keys(v);
      return keys.length === 1 && typeof v.Ref === 'string' && v.Ref in parameters ? inParent(parameters[v.Ref]) : undefined;
    });
  };
  function resolvedOutputs(id: string): Record<string, { Value: unknown }> {
    const known = outputsOf.get(id);
    if (known) return known;
    if (resolving.has(id)) throw new Error(`nested stacks refer to each other's outputs in a cycle through ${id}`);
    resolving.add(id);
    const outputs = inChild(id, byId.get(id)!.raw.Outputs ?? {}) as Record<string, { Value: unknown }>;
    outputsOf.set(id, outputs);
    return outputs;
  }
  return new Map(children.map(({ nested, id, raw }) => [nested, { ...raw, Resources: inChild(id, raw.Resources) as CfnTemplate['Resources'] }]));
}

/**
 * The template of the nested stack that holds `construct`, as it reads once
 * deployed (see nestedTemplates): references to the parent's resources, and
 * to other nested stacks' through the parent, read as they would in one template.
 */
export function nestedTemplate(parent: CfnTemplate, construct: IConstruct): CfnTemplate {
  const nested = Stack.of(construct) as NestedStack;
  if (!nested.nestedStackResource) throw new Error(`${construct.node.path} is not in a nested stack`);
  return nestedTemplates(nested.nestedStackParent!, parent).get(nested)!;
}

/**
 * Everything a stack deploys as one template: the parent's resources and
 * outputs, and each nested stack's resources as they read once deployed (see
 * nestedTemplates), under their own logical ids (which must not clash). The
 * nested stacks' own AWS::CloudFormation::Stack resources stay in it.
 */
export function deployedTemplate(stack: Stack, json: CfnTemplate): CfnTemplate {
  const resources = { ...json.Resources };
  for (const [nested, template] of nestedTemplates(stack, json)) {
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (id in resources) throw new Error(`logical id ${id} is in ${nested.node.path} and another stack: tests could not tell them apart`);
      resources[id] = resource;
    }
  }
  return { ...json, Resources: resources };
}

export function resourcesOfType(json: CfnTemplate, type: string): [string, CfnResource][] {
  return Object.entries(json.Resources).filter(([, r]) => r.Type === type);
}
