import { ArnFormat, Duration, Stack, Validations } from 'aws-cdk-lib';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { PolicyStatement, Role, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { Key } from 'aws-cdk-lib/aws-kms';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { ApiFunction, type ApiFunctionDefaults } from './api-function';

/** The memory at which Lambda gives a function one full vCPU. */
export const AGENT_MEMORY_MB = 1769;

export interface ScoringAgentProps {
  readonly prefix: string;
  readonly defaults: ApiFunctionDefaults;
  /** The IAM API's URL (ending in /); the agent calls `<url>api/v1/…` with SigV4. */
  readonly iamApiUrl: string;
  /** Run the agent inside the blue teams' network: private subnets and a security group. */
  readonly vpc?: { readonly subnetIds: readonly string[]; readonly securityGroupIds: readonly string[] };
  /** The only target addresses its checks may reach (CIDR blocks, comma-separated); none: any its network routes. */
  readonly allowedRanges?: string;
  /** The mail checks' token key (the stack's: the API makes the same tokens for the pools' agents). */
  readonly mailKey: Key;
}

/**
 * The scoring agent in AWS: a function EventBridge Scheduler invokes every
 * minute (its finest rate), which decides from the settings whether a round
 * is due. Its role may write its logs and, once the stack grants it the
 * agent routes, call the IAM API — nothing else; it never touches
 * the table.
 */
export class ScoringAgent extends Construct {
  /** The function's name, spelled from the prefix: its ARN can be granted without a reference to the function (no cycle, no cross-stack export). */
  static functionName(prefix: string): string {
    return `${prefix}-Agent`;
  }

  /** The function's ARN, spelled from its name. */
  static functionArn(scope: Construct, prefix: string): string {
    return Stack.of(scope).formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: ScoringAgent.functionName(prefix),
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
  }

  /** Lets a route's function start the agent (a "check now" job): the agent's name in its environment, and lambda:InvokeFunction on it alone. */
  static grantStart(f: ApiFunction, prefix: string): void {
    f.fn.addEnvironment('SCORING_AGENT_FUNCTION', ScoringAgent.functionName(prefix));
    f.role.addToPrincipalPolicy(
      new PolicyStatement({ sid: 'StartScoringAgent', actions: ['lambda:InvokeFunction'], resources: [ScoringAgent.functionArn(f, prefix)] }),
    );
  }

  readonly function: ApiFunction;
  readonly schedule: Schedule;
  /** The HMAC key of the mail checks' tokens (functions/agent/mail-token.ts). */
  readonly mailKey: Key;

  constructor(scope: Construct, id: string, props: ScoringAgentProps) {
    super(scope, id);
    this.function = new ApiFunction(this, 'Function', {
      entry: 'functions/agent/handler.ts',
      functionName: ScoringAgent.functionName(props.prefix),
      description: 'Scoring agent: checks every service each round and reports through the IAM API',
      defaults: props.defaults,
      // A minute of rounds, plus the longest check (30 s) and the reports.
      timeout: Duration.minutes(3),
      // One full vCPU: a round of 250 teams × 20 login checks costs about 20 s of the agent's CPU
      // (npm run bench:agent, docs/benchmark.md); at the stack's default memory Lambda gives a
      // seventh of a vCPU, and the round would not fit in its minute. JavaScript runs on one
      // thread, so more memory than this buys the checks nothing.
      memorySize: AGENT_MEMORY_MB,
    });
    const fn = this.function.fn;
    fn.addEnvironment('SCORING_API_URL', `${props.iamApiUrl}api/v1`);
    // A round bigger than one invocation fans out: the function invokes itself, asynchronously, once
    // per further slice (functions/agent/handler.ts). Its ARN is spelled from its name: a reference to
    // the function inside its own role's policy would make the function wait on the policy that waits on it.
    this.function.role.addToPrincipalPolicy(
      new PolicyStatement({
        sid: 'InvokeOwnSlices',
        actions: ['lambda:InvokeFunction'],
        resources: [ScoringAgent.functionArn(this, props.prefix)],
      }),
    );
    // A slice that fails is not tried again later: its checks would be stale, and the next round comes anyway.
    fn.configureAsyncInvoke({ retryAttempts: 0 });

    // The mail checks' tokens (the stack's key): the agent may make MACs with it, and nothing else.
    this.mailKey = props.mailKey;
    this.mailKey.grant(this.function.role, 'kms:GenerateMac');
    fn.addEnvironment('AGENT_MAIL_KEY_ID', this.mailKey.keyArn);
    if (props.allowedRanges) fn.addEnvironment('AGENT_ALLOWED_RANGES', props.allowedRanges);

    if (props.vpc) {
      (fn.node.defaultChild as CfnFunction).vpcConfig = {
        subnetIds: [...props.vpc.subnetIds],
        securityGroupIds: [...props.vpc.securityGroupIds],
      };
      // What Lambda needs to attach the function to the subnets.
      this.function.role.addToPrincipalPolicy(
        new PolicyStatement({
          sid: 'VpcNetworkInterfaces',
          actions: [
            'ec2:CreateNetworkInterface',
            'ec2:DescribeNetworkInterfaces',
            'ec2:DeleteNetworkInterface',
            'ec2:AssignPrivateIpAddresses',
            'ec2:UnassignPrivateIpAddresses',
          ],
          resources: ['*'],
        }),
      );
      this.acknowledgeWildcards(
        this.function.role,
        ['*'],
        'Lambda attaches a VPC function through network interfaces it creates; these EC2 actions take no resource narrower than *.',
      );
    }

    const schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: `${props.prefix}: EventBridge Scheduler invokes the scoring agent`,
    });
    this.acknowledgeWildcards(
      schedulerRole,
      [`${fn.functionArn}:*`],
      'Invoking the agent function: Lambda grants cover the function and its versions (ARN:*).',
    );

    this.schedule = new Schedule(this, 'EveryMinute', {
      description: 'Invokes the scoring agent every minute; the agent decides from round_seconds whether a round is due',
      schedule: ScheduleExpression.rate(Duration.minutes(1)),
      target: new LambdaInvoke(fn, {
        input: ScheduleTargetInput.fromObject({ time: ContextAttribute.scheduledTime }),
        retryAttempts: 0,
        role: schedulerRole,
      }),
    });

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node.js 22 (an LTS line supported by Lambda) is the runtime the project targets and tests.',
    });
  }

  /** The principal to grant the IAM API's agent routes (as the cloud pool's agent). */
  get grantee(): IGrantable {
    return this.function.role;
  }

  /** Acknowledges the wildcards of the agent grant (statements as the access policies hold them). */
  acknowledgeApiGrant(statements: readonly PolicyStatement[]): void {
    const resources = statements.filter((s) => s.effect === 'Allow').flatMap((s) => s.resources);
    this.acknowledgeWildcards(
      this.function.role,
      resources,
      'execute-api ARNs of the agent routes: the stage and path parameters are wildcards IAM cannot narrow; the routes an agent may not call are denied explicitly.',
    );
  }

  private acknowledgeWildcards(scope: IConstruct, resources: readonly string[], reason: string): void {
    for (const resource of resources) {
      const flat = flattenCfnReference(Stack.of(this).resolve(resource));
      if (flat.includes('*')) Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${flat}]`, reason });
    }
  }
}
