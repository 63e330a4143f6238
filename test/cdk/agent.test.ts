/**
 * The scoring agent in the stack: a function on a once-a-minute schedule,
 * allowed exactly the service-account routes of the IAM API and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { roleMayCall, routes, type Route } from '#shared/api/routes';
import { readStackConfig } from '../../lib/stack-config';
import { logicalId, newApp, policyAllows, resourcesOfType, rolePermissions, samplePath, synthesize } from './synth';

const { stack, deployed } = synthesize();

describe('the scoring agent', () => {
  const agent = stack.agent!;
  const fnId = logicalId(agent.function.fn);
  const fn = deployed.Resources[fnId]!;

  it('is one function, calling the IAM API by its URL', () => {
    expect(fn.Properties?.FunctionName).toBe(`${stack.config.prefix}-Agent`);
    expect(JSON.stringify(fn.Properties?.Environment?.Variables?.SCORING_API_URL)).toContain(logicalId(stack.iamApi.api));
    expect(fn.Properties?.VpcConfig).toBeUndefined();
  });

  it('gets one full vCPU (1 769 MB), whatever the API functions get: a round of login checks is CPU work', () => {
    expect(fn.Properties?.MemorySize).toBe(1769);
    const others = Object.values(deployed.Resources).filter((r) => r.Type === 'AWS::Lambda::Function' && r !== fn);
    // Only a function that declares its size otherwise (a debrief's route, the export worker: test/cdk/stack-functions.test.ts).
    const sized = new Set([...routes.filter((r) => (r as Route).runs).map((r) => `${stack.config.prefix}-${r.name}`), `${stack.config.prefix}-ExportWorker`]);
    expect(
      others
        .filter((r) => !sized.has(r.Properties?.FunctionName))
        .every((r) => r.Properties?.MemorySize === stack.config.memorySize || r.Properties?.MemorySize === undefined),
    ).toBe(true);
  });

  it('is invoked every minute with the scheduled time', () => {
    const schedules = resourcesOfType(deployed, 'AWS::Scheduler::Schedule');
    expect(schedules).toHaveLength(1);
    const schedule = schedules[0]![1].Properties!;
    expect(schedule.ScheduleExpression).toBe('rate(1 minute)');
    expect(JSON.stringify(schedule.Target.Arn)).toContain(fnId);
    expect(JSON.parse(schedule.Target.Input)).toEqual({ time: '<aws.scheduler.scheduled-time>' });
  });

  it("may call exactly the routes an agent may (it is the cloud pool's), and never touches the table", () => {
    const perms = rolePermissions(deployed, logicalId(agent.function.role));
    const iamApi = logicalId(stack.iamApi.api);
    for (const route of routes.filter((r) => !r.planned)) {
      const request = `arn:\${AWS::Partition}:execute-api:\${AWS::Region}:\${AWS::AccountId}:\${${iamApi}}/$default/${route.method}${samplePath(route)}`;
      expect(policyAllows(perms, 'execute-api:Invoke', request), route.name).toBe(roleMayCall(route.access, 'agent'));
    }
    expect(perms.filter((p) => p.action.startsWith('dynamodb:'))).toEqual([]);
  });

  it('may invoke itself and no other function, once, for the slices of a round too big for one invocation', () => {
    const perms = rolePermissions(deployed, logicalId(agent.function.role));
    const own = `arn:\${AWS::Partition}:lambda:\${AWS::Region}:\${AWS::AccountId}:function:${stack.config.prefix}-Agent`;
    expect(perms.filter((p) => p.action.startsWith('lambda:'))).toEqual([{ effect: 'Allow', action: 'lambda:InvokeFunction', resource: own }]);
    expect(policyAllows(perms, 'lambda:InvokeFunction', own.replace('-Agent', '-GetScoreboard'))).toBe(false);
    const asyncConfig = resourcesOfType(deployed, 'AWS::Lambda::EventInvokeConfig').filter(([, r]) =>
      JSON.stringify(r.Properties?.FunctionName).includes(fnId),
    );
    expect(asyncConfig.map(([, r]) => r.Properties?.MaximumRetryAttempts)).toEqual([0]);
  });

  it('makes its mail tokens with an HMAC key of its own in KMS, and may only generate MACs with it', () => {
    const keys = resourcesOfType(deployed, 'AWS::KMS::Key').filter(([, r]) => r.Properties?.KeySpec === 'HMAC_256');
    expect(keys.map(([, r]) => r.Properties?.KeyUsage)).toEqual(['GENERATE_VERIFY_MAC']);
    const [keyId] = keys[0]!;
    expect(JSON.stringify(fn.Properties?.Environment?.Variables?.AGENT_MAIL_KEY_ID)).toContain(keyId);
    const kms = rolePermissions(deployed, logicalId(agent.function.role)).filter((p) => p.action.startsWith('kms:'));
    expect(kms.map((p) => [p.action, JSON.stringify(p.resource).includes(keyId)])).toEqual([['kms:GenerateMac', true]]);
  });

  it('runs in the given subnets and security groups, with what Lambda needs to attach it, and reaches only the ranges given', () => {
    const withVpc = synthesize({
      context: { agentSubnetIds: 'subnet-0123abcd,subnet-4567ef01', agentSecurityGroupIds: 'sg-0123abcd', agentAllowedRanges: '10.20.0.0/16, 10.21.0.0/16' },
    });
    const vpcFn = withVpc.deployed.Resources[logicalId(withVpc.stack.agent!.function.fn)]!;
    expect(vpcFn.Properties?.VpcConfig).toEqual({ SubnetIds: ['subnet-0123abcd', 'subnet-4567ef01'], SecurityGroupIds: ['sg-0123abcd'] });
    expect(vpcFn.Properties?.Environment?.Variables?.AGENT_ALLOWED_RANGES).toBe('10.20.0.0/16,10.21.0.0/16');
    const perms = rolePermissions(withVpc.deployed, logicalId(withVpc.stack.agent!.function.role));
    expect(policyAllows(perms, 'ec2:CreateNetworkInterface', '*')).toBe(true);
  });

  it('can be left out, and wants subnets and security groups together', () => {
    expect(synthesize({ context: { agent: 'false' } }).stack.agent).toBeUndefined();
    expect(() => readStackConfig(newApp({ agentSubnetIds: 'subnet-0123abcd' }).node)).toThrow(/go together/);
    expect(() => readStackConfig(newApp({ agentSubnetIds: 'subnet-x', agentSecurityGroupIds: 'sg-0123abcd' }).node)).toThrow(/not an id/);
    expect(() => readStackConfig(newApp({ agentAllowedRanges: '10.20.0.0' }).node)).toThrow(/agentAllowedRanges: "10.20.0.0" is not a CIDR block/);
  });
});
