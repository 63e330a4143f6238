/**
 * What the stack tests (test/cdk/stack-*.test.ts) read: the stack as `cdk
 * synth` makes it, synthesized once per worker (./synth.ts caches it), and
 * the permissions each declared access must produce. Their assertions are
 * generated from the route table: whatever routes are built when they run,
 * each must be deployed exactly as its row says. They read what the stack
 * deploys as one template (`deployed`: the parent and its nested stacks,
 * references between them resolved), so they hold wherever a resource lives;
 * test/cdk/stack-size.test.ts checks where, and how many.
 */
import { expect } from 'vitest';
import { routes, type Route } from '#shared/api/routes';
import { GLOBAL_INDEXES, LOCAL_INDEXES } from '#shared/data/table-schema';
import { logicalId, resourcesOfType, synthesize, type CfnTemplate } from './synth';

export const built = routes.filter((r) => !r.planned);
export const planned = routes.filter((r) => r.planned);
export const { stack, json, deployed } = synthesize();
export const prefix = stack.config.prefix;

// What each declared table access means, written out here rather than taken
// from the stack's code, so the test is the specification.
const READ = ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'];
const WRITE = ['dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
export const tableArn = `\${${logicalId(stack.table.table)}.Arn}`;
/** The project's functions: not CDK's own handler that copies the web page into its bucket at deploy time. */
export const ownFunctions = (template: typeof deployed) =>
  // CDK's own functions (the bucket deployment, the custom resources' provider) are not ours to configure.
  resourcesOfType(template, 'AWS::Lambda::Function').filter(
    ([id]) => !id.startsWith('CustomCDKBucketDeployment') && !id.startsWith('AWS679f53fac002430cb0da5b7982bd2287'),
  );
const indexArns = [...GLOBAL_INDEXES, ...LOCAL_INDEXES].map((index) => `${tableArn}/index/${index.indexName}`);

/**
 * The table permissions a declared access must produce, as sorted "action on resource" lines; a read that keeps
 * what it builds (`keeps`) may also write items of those partitions, and no others.
 */
export function expectedTablePermissions(access: 'get-item' | Route['table'], keeps: readonly string[] = []): string[] {
  const onTable = access === 'get-item' ? ['dynamodb:GetItem'] : access === 'read' ? READ : [...READ, ...WRITE];
  const onIndexes = access === 'get-item' ? [] : ['dynamodb:Query'];
  const leadingKeys = JSON.stringify({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': keeps.map((prefix) => `${prefix}*`) } });
  const kept =
    keeps.length === 0
      ? []
      : ['dynamodb:BatchWriteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'].map((action) => `${action} on ${tableArn} if ${leadingKeys}`);
  return [
    ...onTable.map((action) => `${action} on ${tableArn}`),
    ...indexArns.flatMap((arn) => onIndexes.map((action) => `${action} on ${arn}`)),
    ...kept,
  ].sort();
}

export const filesArn = `\${${logicalId(stack.files.bucket)}.Arn}`;

/** The bucket permissions a route's `bucket` must produce, as sorted "action on resource" lines. */
export function expectedBucketPermissions(bucket: Route['bucket']): string[] {
  const read = bucket?.read ?? [];
  const write = bucket?.write ?? [];
  return [
    ...read.map((prefix) => `s3:GetObject on ${filesArn}/${prefix}*`),
    ...(read.length > 0 ? [`s3:ListBucket on ${filesArn}`] : []),
    ...write.flatMap((prefix) => [`s3:PutObject on ${filesArn}/${prefix}*`, `s3:AbortMultipartUpload on ${filesArn}/${prefix}*`]),
  ].sort();
}

export function functionNamed(name: string): [string, NonNullable<CfnTemplate['Resources'][string]>] {
  const found = resourcesOfType(deployed, 'AWS::Lambda::Function').filter(([, r]) => r.Properties?.FunctionName === name);
  expect(found, `function ${name}`).toHaveLength(1);
  return found[0]!;
}
