/**
 * What a deployment tells the stack and what the stack tells back
 * (test/cdk/stack-template.ts reads the stack): its outputs, and the context
 * (`-c stage=…` and the rest) that names and shapes it.
 */
import { describe, expect, it } from 'vitest';
import { readStackConfig } from '../../lib/stack-config';
import { flat, logicalId, resourcesOfType, synthesize } from './synth';
import { json, ownFunctions, stack } from './stack-template';

describe('outputs', () => {
  it("names both API URLs, the CDN URL, the table, the accounts key, the three policies and the spectators' socket", () => {
    const outputs = json.Outputs!;
    expect(Object.keys(outputs).sort()).toEqual([
      'AccountsKeyArn',
      'AdminPolicyArn',
      'AgentPolicyArn',
      'AlarmTopicArn',
      'CdnUrl',
      'DashboardName',
      'IamApiUrl',
      'PageUrl',
      'PushRealtimeUrl',
      'ServicePolicyArn',
      'TableName',
      'TokenApiUrl',
    ]);
    expect(flat(outputs.PageUrl!.Value)).toBe(`https://\${${logicalId(stack.cdn.distribution)}.DomainName}/`);
    expect(outputs.TableName!.Value).toEqual({ Ref: logicalId(stack.table.table) });
    expect(flat(outputs.TokenApiUrl!.Value)).toBe(`https://\${${logicalId(stack.tokenApi.api)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/`);
    expect(flat(outputs.IamApiUrl!.Value)).toBe(`https://\${${logicalId(stack.iamApi.api)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/`);
    expect(flat(outputs.CdnUrl!.Value)).toBe(`https://\${${logicalId(stack.cdn.distribution)}.DomainName}/`);
    expect(outputs.AdminPolicyArn!.Value).toEqual({ Ref: logicalId(stack.access.adminPolicy) });
    expect(outputs.ServicePolicyArn!.Value).toEqual({ Ref: logicalId(stack.access.servicePolicy) });
    expect(outputs.AgentPolicyArn!.Value).toEqual({ Ref: logicalId(stack.access.agentPolicy) });
  });
});

describe('context', () => {
  it('names everything after the stage', () => {
    const { stack: prod, deployed: prodJson } = synthesize({ context: { stage: 'prod' } });
    expect(prod.stackName).toBe('Scoring-prod');
    expect(resourcesOfType(prodJson, 'AWS::DynamoDB::Table')[0]![1].Properties!.TableName).toBe('scoring-prod');
    const names = ownFunctions(prodJson).map(([, r]) => r.Properties!.FunctionName as string);
    expect(names.every((n) => n.startsWith('scoring-prod-'))).toBe(true);
  });

  it('relaxes deletion protection for throw-away stages (-c retainData=false)', () => {
    const { deployed: testJson } = synthesize({ context: { stage: 'ci', retainData: 'false' } });
    const [, table] = resourcesOfType(testJson, 'AWS::DynamoDB::Table')[0]!;
    expect(table.Properties!.DeletionProtectionEnabled).toBe(false);
    expect(table.DeletionPolicy).toBe('Delete');
    for (const [, group] of resourcesOfType(testJson, 'AWS::Logs::LogGroup')) expect(group.DeletionPolicy).toBe('Delete');
  });

  it('caches authorizer decisions with -c authorizerCacheSeconds=N, keyed per Authorization header and route', () => {
    const { deployed: cached } = synthesize({ context: { authorizerCacheSeconds: '10' } });
    const [, authorizer] = resourcesOfType(cached, 'AWS::ApiGatewayV2::Authorizer')[0]!;
    expect(authorizer.Properties!.AuthorizerResultTtlInSeconds).toBe(10);
    expect(authorizer.Properties!.IdentitySource).toEqual(['$request.header.Authorization', '$context.routeKey']);
  });

  it('refuses nonsense', () => {
    const read = (context: Record<string, unknown>) => () => readStackConfig({ tryGetContext: (k) => context[k] });
    expect(read({ authorizerCacheSeconds: 'ten' })).toThrow(/authorizerCacheSeconds/);
    expect(read({ retainData: 'maybe' })).toThrow(/retainData/);
    expect(read({ stage: 'Prod_1' })).toThrow(/prefix/);
    expect(read({ logRetentionDays: '10' })).toThrow(/logRetentionDays/);
  });
});
