import { ArnFormat, Names, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, Grant, type IGrantable, type IPrincipal, ManagedPolicy, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { iamPolicyResources, type IamRole } from '../route-resources';
import type { Route } from '#shared/api/routes';
import { iamPrincipalKey } from '#shared/data/keys';

export interface ApiAccessPoliciesProps {
  /** The IAM API (every route behind IAM authorization). */
  readonly api: IHttpApi;
  readonly routes: readonly Route[];
  /** The table holding the registry of IAM principals; the grant helpers register each grantee there. */
  readonly registry?: ITable;
  /** The log group of CDK's custom-resource function that writes registry items (retention and removal like the stack's others). */
  readonly registryLogs?: { readonly retention: RetentionDays; readonly removalPolicy: RemovalPolicy };
}

/**
 * Who may call the IAM API, from the route table's access column: service
 * accounts and agents exactly the public routes and those of their access
 * classes (HEAD wherever GET); admins every path under the API prefix with the table's methods, so
 * that a misspelt path reaches a function's 404 instead of IAM's 403 (see
 * iamPolicyResources). IAM's `*` matches `/`, so the
 * service policy's Allow for `GET …/teams/*` would reach
 * `GET …/teams/7/dns.zone` and its spellings; it therefore denies every
 * route it may not call with an ARN ending in `*` (any suffix). A principal should
 * hold one of the two sets, not both (the Deny would win over the admin Allow).
 *
 * The grant helpers also register the grantee in the table's registry of IAM
 * principals (a custom resource writes the item), because handlers learn an
 * IAM caller's role there and refuse a signed caller that is not registered.
 */
export class ApiAccessPolicies extends Construct {
  readonly adminPolicy: ManagedPolicy;
  readonly servicePolicy: ManagedPolicy;
  readonly agentPolicy: ManagedPolicy;
  /** The statements of each policy (also what `grantAdmin` / `grantServiceAccount` / `grantAgent` add). */
  readonly adminStatements: readonly PolicyStatement[];
  readonly serviceStatements: readonly PolicyStatement[];
  readonly agentStatements: readonly PolicyStatement[];
  private readonly registry?: ITable;
  private readonly registryLogs?: ApiAccessPoliciesProps['registryLogs'];
  private registryLogGroup?: LogGroup;

  constructor(scope: Construct, id: string, props: ApiAccessPoliciesProps) {
    super(scope, id);
    this.registry = props.registry;
    this.registryLogs = props.registryLogs;
    const arn = (resource: string) =>
      Stack.of(this).formatArn({
        service: 'execute-api',
        resource: props.api.apiId,
        resourceName: resource,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      });
    const statements = (role: IamRole, name: string) => {
      const { allow, deny } = iamPolicyResources(role, props.routes);
      const invoke = (sid: string, effect: Effect, resources: string[]) =>
        new PolicyStatement({ sid, effect, actions: ['execute-api:Invoke'], resources: resources.map(arn) });
      return [
        ...(allow.length > 0 ? [invoke(`Invoke${name}Routes`, Effect.ALLOW, allow)] : []),
        ...(deny.length > 0 ? [invoke('DenyAdminOnlyRoutes', Effect.DENY, deny)] : []),
      ];
    };
    this.adminStatements = statements('admin', 'Admin');
    this.serviceStatements = statements('service', 'Service');
    this.agentStatements = statements('agent', 'Agent');

    // No physical names: two stages or regions in one account never collide.
    this.adminPolicy = new ManagedPolicy(this, 'Admin', {
      description: 'Invoke every route of the scoring IAM API (admin): every path under its prefix.',
      statements: [...this.adminStatements],
    });
    this.servicePolicy = new ManagedPolicy(this, 'ServiceAccount', {
      description: 'Invoke the public and admin-or-service routes of the scoring IAM API (scoring agents).',
      statements: [...this.serviceStatements],
    });
    this.agentPolicy = new ManagedPolicy(this, 'Agent', {
      description: "Invoke the public and agent routes of the scoring IAM API (a pool's scoring agents; the registry says which pool).",
      statements: [...this.agentStatements],
    });
  }

  /** Lets a principal (role, user) call every route of the IAM API, and registers it as an admin. */
  grantAdmin(grantee: IGrantable): Grant {
    this.register(grantee, 'admin');
    return this.grant(grantee, this.adminPolicy, this.adminStatements);
  }

  /** Lets a principal call the service-account routes of the IAM API (denying the admin-only ones), and registers it as a service. */
  grantServiceAccount(grantee: IGrantable): Grant {
    this.register(grantee, 'service');
    return this.grant(grantee, this.servicePolicy, this.serviceStatements);
  }

  /**
   * Lets a principal call the agent routes of the IAM API, and registers it as
   * an agent of `pool`: the handlers narrow it to that pool's services (the
   * policy cannot: one agent policy serves every pool).
   */
  grantAgent(grantee: IGrantable, pool: string): Grant {
    this.register(grantee, 'agent', pool);
    return this.grant(grantee, this.agentPolicy, this.agentStatements);
  }

  /**
   * A role made in this app gets the managed policy attached: its own policy
   * stays the same size however many routes the table grows (copied inline,
   * the statements would spill into overflow policies). Any other principal
   * gets the statements.
   */
  private grant(grantee: IGrantable, policy: ManagedPolicy, statements: readonly PolicyStatement[]): Grant {
    const principal = grantee.grantPrincipal;
    if (principal instanceof Role) {
      principal.addManagedPolicy(policy);
      return Grant.drop(grantee, `attached ${policy.node.path}`);
    }
    const [allow, ...denies] = statements;
    const grant = Grant.addToPrincipal({
      grantee,
      actions: allow!.actions,
      resourceArns: allow!.resources,
    });
    for (const deny of denies) grantee.grantPrincipal.addToPrincipalPolicy(deny.copy());
    return grant;
  }

  /** One log group for CDK's singleton custom-resource function, which otherwise keeps its logs forever and survives the stack. */
  private registryLogGroupOnce(): LogGroup | undefined {
    if (!this.registryLogs) return undefined;
    this.registryLogGroup ??= new LogGroup(this, 'RegistryWriterLogs', {
      retention: this.registryLogs.retention,
      removalPolicy: this.registryLogs.removalPolicy,
    });
    return this.registryLogGroup;
  }

  /** Writes the grantee's registry item on deploy and deletes it when the grant goes. */
  private register(grantee: IGrantable, role: IamRole, pool?: string): void {
    if (!this.registry) return;
    const principal = grantee.grantPrincipal;
    const arn = registryArn(principal);
    if (!arn) throw new Error('grantAdmin / grantServiceAccount / grantAgent take an IAM role or user (the registry needs its ARN)');
    const key = iamPrincipalKey(arn);
    const keyAttributes = { pk: { S: key.pk }, sk: { S: key.sk } };
    const tableName = this.registry.tableName;
    const put = {
      service: 'DynamoDB',
      action: 'putItem',
      parameters: {
        TableName: tableName,
        Item: { ...keyAttributes, arn: { S: arn }, role: { S: role }, ...(pool ? { pool: { S: pool } } : {}), source: { S: 'stack' } },
      },
      physicalResourceId: PhysicalResourceId.of(`${role}${pool ? `:${pool}` : ''}:${arn}`),
    };
    const id = Construct.isConstruct(principal) ? Names.uniqueId(principal) : arn;
    new AwsCustomResource(this, `Register${id}`, {
      onCreate: put,
      onUpdate: put,
      onDelete: { service: 'DynamoDB', action: 'deleteItem', parameters: { TableName: tableName, Key: keyAttributes } },
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'], resources: [this.registry.tableArn] }),
      ]),
      installLatestAwsSdk: false,
      logGroup: this.registryLogGroupOnce(),
    });
  }
}

/**
 * The ARN the registry keys a principal by: a role's without its path (the
 * form an assumed-role session normalises to), a user's as it is.
 */
function registryArn(principal: IPrincipal): string | undefined {
  const candidate = principal as Partial<{ roleName: string; userArn: string }>;
  if (typeof candidate.roleName === 'string') {
    return Stack.of(principal as unknown as Construct).formatArn({ service: 'iam', region: '', resource: 'role', resourceName: candidate.roleName });
  }
  return typeof candidate.userArn === 'string' ? candidate.userArn : undefined;
}
