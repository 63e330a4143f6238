import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Effect, Grant, type IGrantable, ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import {
  adminOnlyRoutes,
  adminRoutes,
  DEFAULT_ROUTE_RESOURCE,
  executeApiResource,
  serviceRoutes,
} from '../route-resources';
import type { Route } from '#shared/api/routes';

export interface ApiAccessPoliciesProps {
  /** The IAM API (every route behind IAM authorization). */
  readonly api: IHttpApi;
  readonly routes: readonly Route[];
  readonly prefix: string;
}

/**
 * Who may call the IAM API, from the route table's access column: the admin
 * set (every route) and the service-account set (public and admin-or-service
 * routes). Both also allow the `$default` route, so a signed caller gets the
 * API's 404/405 for a path or method that does not exist.
 *
 * IAM's `*` matches `/` too, so the service set's `GET .../teams/*` would also
 * match `GET .../teams/7/dns`; the service policy therefore denies every
 * admin-only route explicitly. A principal should hold one of the two sets,
 * not both (the Deny would win over the admin Allow).
 */
export class ApiAccessPolicies extends Construct {
  readonly adminPolicy: ManagedPolicy;
  readonly servicePolicy: ManagedPolicy;
  /** The statements of each policy (also what `grantAdmin` / `grantServiceAccount` add). */
  readonly adminStatements: readonly PolicyStatement[];
  readonly serviceStatements: readonly PolicyStatement[];

  constructor(scope: Construct, id: string, props: ApiAccessPoliciesProps) {
    super(scope, id);
    const arn = (resource: string) =>
      Stack.of(this).formatArn({
        service: 'execute-api',
        resource: props.api.apiId,
        resourceName: resource,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      });
    const invoke = (sid: string, effect: Effect, resources: string[]) =>
      new PolicyStatement({ sid, effect, actions: ['execute-api:Invoke'], resources: resources.map(arn) });

    this.adminStatements = [
      invoke('InvokeAdminRoutes', Effect.ALLOW, [...adminRoutes(props.routes).map(executeApiResource), DEFAULT_ROUTE_RESOURCE]),
    ];
    const adminOnly = adminOnlyRoutes(props.routes).map(executeApiResource);
    this.serviceStatements = [
      invoke('InvokeServiceRoutes', Effect.ALLOW, [...serviceRoutes(props.routes).map(executeApiResource), DEFAULT_ROUTE_RESOURCE]),
      ...(adminOnly.length > 0 ? [invoke('DenyAdminOnlyRoutes', Effect.DENY, adminOnly)] : []),
    ];

    this.adminPolicy = new ManagedPolicy(this, 'Admin', {
      managedPolicyName: `${props.prefix}-api-admin`,
      description: 'Invoke every route of the scoring IAM API (admin).',
      statements: [...this.adminStatements],
    });
    this.servicePolicy = new ManagedPolicy(this, 'ServiceAccount', {
      managedPolicyName: `${props.prefix}-api-service-account`,
      description: 'Invoke the public and admin-or-service routes of the scoring IAM API (scoring agents).',
      statements: [...this.serviceStatements],
    });
  }

  /** Lets a principal (role, user, group) call every route of the IAM API. */
  grantAdmin(grantee: IGrantable): Grant {
    return this.grant(grantee, this.adminStatements);
  }

  /** Lets a principal call the service-account routes of the IAM API (and denies the admin-only ones). */
  grantServiceAccount(grantee: IGrantable): Grant {
    return this.grant(grantee, this.serviceStatements);
  }

  private grant(grantee: IGrantable, statements: readonly PolicyStatement[]): Grant {
    const [allow, ...denies] = statements;
    const grant = Grant.addToPrincipal({
      grantee,
      actions: allow!.actions,
      resourceArns: allow!.resources,
    });
    for (const deny of denies) grantee.grantPrincipal.addToPrincipalPolicy(deny.copy());
    return grant;
  }
}
