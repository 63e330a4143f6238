/**
 * The stack's functions (test/cdk/stack-template.ts reads the stack): one per
 * built route and the others, how each runs, and exactly what each may do —
 * its table actions, bucket prefixes, keys and invocations; then the fold
 * consumer on the table's stream.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fallbackHandler } from '#shared/api/routes';
import { WORKERS, type Worker } from '#shared/api/workers';
import { FOLD_BATCH_SIZE, FOLD_EVENT_PATTERNS } from '#shared/data/fold-events';
import { flat, logicalId, resourcesOfType, ROOT, rolePermissions } from './synth';
import {
  built,
  deployed,
  expectedBucketPermissions,
  expectedTablePermissions,
  functionNamed,
  ownFunctions,
  planned,
  prefix,
  stack,
  tableArn,
} from './stack-template';

describe('functions', () => {
  it('makes one function per built route, plus the authorizer, the $default function, the fold consumer, the score history recorder, the delayed password changes, the scoring agent and the scoring watch, and none for planned routes', () => {
    const names = ownFunctions(deployed)
      .map(([, r]) => r.Properties?.FunctionName)
      .sort();
    expect(names).toEqual(
      [
        ...built.map((r) => `${prefix}-${r.name}`),
        `${prefix}-Authorizer`,
        `${prefix}-NotFound`,
        `${prefix}-FoldResults`,
        `${prefix}-RecordScoreSnapshot`,
        `${prefix}-ApplyDuePasswordChanges`,
        `${prefix}-Agent`,
        `${prefix}-ScoringWatch`,
        // The workers the routes start (api/workers.ts).
        ...Object.values(WORKERS).map((w) => `${prefix}-${w.name}`),
      ].sort(),
    );
    for (const route of planned) expect(names).not.toContain(`${prefix}-${route.name}`);
  });

  it("bundles each route's own handler file", () => {
    for (const route of built) {
      const fn = stack.routeFunctions.get(route.name)!;
      expect(fn.entry).toBe(resolve(ROOT, route.handler));
      expect(functionNamed(`${prefix}-${route.name}`)[0]).toBe(logicalId(fn.fn));
    }
    expect(stack.authorizerFunction.entry).toBe(resolve(ROOT, 'functions/auth/authorizer.ts'));
    expect(stack.notFoundFunction.entry).toBe(resolve(ROOT, fallbackHandler));
  });

  it('runs every function on Node 22, ARM64, with source maps and its own log group with retention', () => {
    for (const [id, fn] of ownFunctions(deployed)) {
      const p = fn.Properties!;
      expect(p.Runtime, id).toBe('nodejs22.x');
      expect(p.Architectures, id).toEqual(['arm64']);
      expect(p.Handler, id).toBe('index.handler');
      // The stack's memory, but for the scoring agent's one full vCPU (test/cdk/agent.test.ts), and what a route's
      // `runs` or a worker's `memoryMb` declares (a debrief's build, the export worker).
      const route = built.find((r) => `${prefix}-${r.name}` === p.FunctionName);
      const worker = (Object.values(WORKERS) as Worker[]).find((w) => `${prefix}-${w.name}` === p.FunctionName);
      const declared = p.FunctionName === `${prefix}-Agent` ? 1769 : (route?.runs?.memoryMb ?? worker?.memoryMb ?? 256);
      expect(p.MemorySize, id).toBe(declared);
      if (route) expect(p.Timeout, id).toBe(route.runs?.timeoutSeconds ?? 10);
      expect(p.Environment.Variables.NODE_OPTIONS, id).toBe('--enable-source-maps');
      const logGroup = deployed.Resources[p.LoggingConfig.LogGroup.Ref]!;
      expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
      expect(logGroup.Properties?.RetentionInDays).toBe(30);
    }
  });

  it('gives route functions TABLE_NAME, and the $default function neither the name nor any table access', () => {
    for (const route of built) {
      expect(functionNamed(`${prefix}-${route.name}`)[1].Properties!.Environment.Variables.TABLE_NAME).toEqual({
        Ref: logicalId(stack.table.table),
      });
    }
    const [, notFound] = functionNamed(`${prefix}-NotFound`);
    expect(notFound.Properties!.Environment.Variables.TABLE_NAME).toBeUndefined();
  });

  it("gives route functions the cursor key as a deploy-time reference to the stack's generated secret, and no role may read the secret", () => {
    const secretId = logicalId(stack.cursorSigningKey);
    expect(deployed.Resources[secretId]!.Properties!.GenerateSecretString).toMatchObject({ PasswordLength: 48 });
    for (const route of built) {
      const key = flat(functionNamed(`${prefix}-${route.name}`)[1].Properties!.Environment.Variables.CURSOR_SIGNING_KEY);
      expect(key).toBe(`{{resolve:secretsmanager:\${${secretId}}:SecretString:::}}`);
    }
    expect(JSON.stringify(deployed)).not.toContain('secretsmanager:GetSecretValue');
  });

  /** A function's permissions, as "action on resource" lines, with its log-group permissions checked and removed. */
  function tablePermissionsOf(functionName: string): string[] {
    const [, fn] = functionNamed(functionName);
    const perms = rolePermissions(deployed, fn.Properties!.Role['Fn::GetAtt'][0]);
    expect(perms.every((p) => p.effect === 'Allow')).toBe(true);
    const logs = perms.filter((p) => p.action.startsWith('logs:'));
    expect(logs.map((p) => p.action).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    for (const p of logs) expect(p.resource).toBe(`\${${fn.Properties!.LoggingConfig.LogGroup.Ref}.Arn}`);
    // X-Ray active tracing: write-only trace actions, which have no resource-level permissions.
    const xray = perms.filter((p) => p.action.startsWith('xray:'));
    expect(xray.map((p) => `${p.action} on ${p.resource}`).sort()).toEqual(['xray:PutTelemetryRecords on *', 'xray:PutTraceSegments on *']);
    expect(fn.Properties!.TracingConfig).toEqual({ Mode: 'Active' });
    return perms
      .filter((p) => !p.action.startsWith('logs:') && !p.action.startsWith('xray:'))
      .map((p) => `${p.action} on ${p.resource}${p.condition ? ` if ${p.condition}` : ''}`)
      .sort();
  }

  it.each(built.map((r) => [r.name, r] as const))('lets %s do exactly its declared table actions, on this table and its indexes only', (_, route) => {
    const perms = tablePermissionsOf(`${prefix}-${route.name}`);
    expect(perms.filter((p) => !p.startsWith('kms:') && !p.startsWith('lambda:') && !p.startsWith('s3:'))).toEqual(
      expectedTablePermissions(route.table, route.keeps),
    );
    // The files bucket: exactly what the route's `bucket` says, by key prefix, and its name only then.
    expect(perms.filter((p) => p.startsWith('s3:'))).toEqual(expectedBucketPermissions(route.bucket));
    const bucketName = functionNamed(`${prefix}-${route.name}`)[1].Properties!.Environment.Variables.FILES_BUCKET;
    if (route.bucket) expect(flat(bucketName)).toBe(`\${${logicalId(stack.files.bucket)}}`);
    else expect(bucketName).toBeUndefined();
    // The agent: only the routes that queue a dry run may start it; a worker: only the routes that name it; nothing else.
    const lambda = perms.filter((p) => p.startsWith('lambda:'));
    const variables = functionNamed(`${prefix}-${route.name}`)[1].Properties!.Environment.Variables;
    if (route.invokes === 'agent') {
      expect(lambda).toEqual([expect.stringMatching(new RegExp(`^lambda:InvokeFunction on .*:function:${prefix}-Agent$`))]);
      expect(variables.SCORING_AGENT_FUNCTION).toBe(`${prefix}-Agent`);
    } else if (route.invokes !== undefined) {
      const worker = WORKERS[route.invokes];
      expect(lambda).toEqual([`lambda:InvokeFunction on ${flat({ 'Fn::GetAtt': [logicalId(stack.workerFunctions.get(worker.name)!.fn), 'Arn'] })}`]);
      expect(flat(variables[worker.env])).toBe(`\${${logicalId(stack.workerFunctions.get(worker.name)!.fn)}}`);
    } else expect(lambda).toEqual([]);
    // The accounts key: kms:Decrypt for the route that opens the accounts' secrets, kms:GenerateDataKey for those that seal them, nothing for any other.
    // The mail key: kms:GenerateMac for the routes that make mail tokens, and nothing else.
    const kms = perms.filter((p) => p.startsWith('kms:'));
    if (route.mailKey) {
      expect(kms).toEqual([expect.stringMatching(/^kms:GenerateMac on .*MailTokenKey/)]);
      expect(flat(variables.MAIL_KEY_ID)).toContain('MailTokenKey');
    } else if (route.accountsKey === undefined) expect(kms).toEqual([]);
    else {
      expect(kms).toHaveLength(1);
      expect(kms[0]).toMatch(new RegExp(`^kms:${route.accountsKey === 'open' ? 'Decrypt' : 'GenerateDataKey'} on .*AccountsKey`));
    }
  });

  it('keeps the accounts key rotating, names it only to the functions that seal or open with it, and lets nothing but the secrets route decrypt', () => {
    const [keyId, key] = resourcesOfType(deployed, 'AWS::KMS::Key').find(([id]) => id.includes('AccountsKey'))!;
    expect(key.Properties!.EnableKeyRotation).toBe(true);
    const decrypting = built.filter((r) => r.accountsKey === 'open').map((r) => r.name);
    expect(decrypting).toEqual(['GetCheckAccounts']);
    for (const route of built) {
      const variable = functionNamed(`${prefix}-${route.name}`)[1].Properties!.Environment.Variables.ACCOUNTS_KEY_ID;
      if (route.accountsKey) expect(flat(variable)).toContain(keyId);
      else expect(variable).toBeUndefined();
    }
    const decryptGrants = JSON.stringify(deployed).match(/kms:Decrypt/g) ?? [];
    expect(decryptGrants).toHaveLength(decrypting.length);
  });

  it('lets the authorizer only GetItem on the table, and the $default function nothing', () => {
    expect(tablePermissionsOf(`${prefix}-Authorizer`)).toEqual(expectedTablePermissions('get-item'));
    expect(tablePermissionsOf(`${prefix}-NotFound`)).toEqual([]);
  });
});

describe('the fold consumer', () => {
  const [consumerId, consumer] = functionNamed(`${prefix}-FoldResults`);
  const [, mapping] = resourcesOfType(deployed, 'AWS::Lambda::EventSourceMapping')[0]!;

  it('reads the table stream through one filtered mapping with partial batch responses, no bisection and a queue for failed batches', () => {
    expect(resourcesOfType(deployed, 'AWS::Lambda::EventSourceMapping')).toHaveLength(1);
    const p = mapping.Properties!;
    expect(p.FunctionName).toEqual({ Ref: consumerId });
    expect(p.EventSourceArn).toEqual({ 'Fn::GetAtt': [logicalId(stack.table.table), 'StreamArn'] });
    expect(p.StartingPosition).toBe('TRIM_HORIZON');
    expect(p.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(p.BisectBatchOnFunctionError).toBe(false);
    expect(p.BatchSize).toBe(FOLD_BATCH_SIZE);
    expect(p.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern))).toEqual(FOLD_EVENT_PATTERNS);
    expect(p.DestinationConfig.OnFailure.Destination).toEqual({ 'Fn::GetAtt': [logicalId(stack.scanFold.deadLetterQueue), 'Arn'] });
  });

  it('may only BatchGetItem, GetItem (a void job), Query (a late result re-evaluates an SLA run from the history) and UpdateItem on the table, Query the history index, read the stream, send to its queue and publish nudges', () => {
    const perms = rolePermissions(deployed, consumer.Properties!.Role['Fn::GetAtt'][0]).filter((x) => !x.action.startsWith('logs:'));
    const table = perms
      .filter((x) => x.resource === tableArn)
      .map((x) => x.action)
      .sort();
    expect(table).toEqual(['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    const index = perms.filter((x) => x.resource !== tableArn && x.action === 'dynamodb:Query');
    expect(index).toHaveLength(1);
    expect(JSON.stringify(index[0]!.resource)).toContain('/index/lsi1');
    const others = perms.filter((x) => x.resource !== tableArn && x !== index[0]).map((x) => x.action);
    expect(
      others.every((a) =>
        /^dynamodb:(DescribeStream|GetRecords|GetShardIterator|ListStreams)$|^sqs:|^xray:Put(TraceSegments|TelemetryRecords)$|^appsync:EventPublish$/.test(a),
      ),
      others.join(', '),
    ).toBe(true);
  });

  it('exposes its iterator age for alarms', () => {
    expect(stack.scanFold.iteratorAge.metricName).toBe('IteratorAge');
    expect(stack.scanFold.iteratorAge.statistic).toBe('Maximum');
  });
});
