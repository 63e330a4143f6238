import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import type { Route } from '#shared/api/routes';
import type { ApiFunction } from './api-function';
import type { RouteTableApi } from './route-table-api';

export interface RouteAreaProps extends NestedStackProps {
  /** The area's deployed routes (one tag of the route table). */
  readonly routes: readonly Route[];
  /** Makes a route's function (with its role, log group and table grants) in the given scope. */
  readonly newFunction: (scope: Construct, route: Route) => ApiFunction;
  /** The APIs each route goes on (the token API and the IAM API); each keeps its own authorizer choice. */
  readonly apis: readonly RouteTableApi[];
}

/**
 * One area of the route table (a tag: teams, dns, scans…) as a nested stack:
 * each route's function, role, policy and log group, and its routes,
 * integrations and invoke permissions on every API. The APIs, their stages,
 * the authorizer and the table stay in the parent, which passes their ids
 * and names in as parameters; nothing here is referenced by the parent
 * except through the alarms (which read the function names from outputs),
 * so neither stack waits on the other in a cycle. A nested stack holds at
 * most 500 resources too: a route costs 10 to 12, so an area has room for
 * about 40 routes (a test fails above 450 resources in any stack).
 */
export class RouteArea extends NestedStack {
  /** The function of each of the area's routes, by route name. */
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: RouteAreaProps) {
    super(scope, id, props);
    const apiScopes = props.apis.map((api) => ({ api, scope: new Construct(this, api.node.id) }));
    for (const route of props.routes) {
      const fn = props.newFunction(this, route);
      this.functions.set(route.name, fn);
      for (const { api, scope: apiScope } of apiScopes) api.addRoute(apiScope, route, fn.fn);
    }
  }
}
