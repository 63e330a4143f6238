/**
 * CloudFormation's limits per stack (500 resources, 200 parameters, 200
 * outputs) for the parent and every nested stack, with room to spare; and
 * the grouping that keeps them: each area of the route table (its tag) is a
 * nested stack holding its routes' resources, so a route added to the table
 * lands in one and the parent does not grow. Prints each stack's figures.
 */
import { type NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { areaId, routeAreas } from '../../lib/route-resources';
import { routeNamed, routes, type Route } from '#shared/api/routes';
import { logicalId, nestedStacksOf, nestedTemplates, nestedTemplate, resourcesOfType, synthesize, type CfnTemplate, type Synthesized } from './synth';

/** Short of CloudFormation's 500: a stack that passes this has room for a few more routes before it must be split. */
const MAX_RESOURCES = 450;
/** Short of CloudFormation's 200 parameters and 200 outputs per stack. */
const MAX_PARAMETERS = 180;
const MAX_OUTPUTS = 180;

const built = routes.filter((r) => !r.planned);

interface StackFigures {
  path: string;
  resources: number;
  parameters: number;
  outputs: number;
}

/** The parent's and each nested stack's templates as synthesized (parameters unresolved). */
function figures({ stack, json }: Synthesized): StackFigures[] {
  const count = (path: string, template: CfnTemplate) => ({
    path,
    resources: Object.keys(template.Resources).length,
    parameters: Object.keys(template.Parameters ?? {}).length,
    outputs: Object.keys(template.Outputs ?? {}).length,
  });
  const nested = nestedStacksOf(stack).map((n) => count(n.node.path, Template.fromStack(n).toJSON() as CfnTemplate));
  return [count(stack.node.path, json), ...nested];
}

const synthesized = synthesize();
const { stack, json } = synthesized;
const stackOf = (construct: IConstruct) => Stack.of(construct);

describe('stack size', () => {
  it(`keeps the parent and every nested stack at or under ${MAX_RESOURCES} resources, ${MAX_PARAMETERS} parameters and ${MAX_OUTPUTS} outputs`, () => {
    const rows = figures(synthesized);
    console.log(
      [
        `resources per stack (${built.length} routes; CloudFormation allows 500 resources, 200 parameters, 200 outputs):`,
        `  ${'stack'.padEnd(36)} ${'resources'.padStart(9)} ${'params'.padStart(6)} ${'outputs'.padStart(7)}`,
        ...rows.map((r) => `  ${r.path.padEnd(36)} ${String(r.resources).padStart(9)} ${String(r.parameters).padStart(6)} ${String(r.outputs).padStart(7)}`),
        `  ${'total'.padEnd(36)} ${String(rows.reduce((sum, r) => sum + r.resources, 0)).padStart(9)}`,
      ].join('\n'),
    );
    // The parent, Monitoring and one stack per area.
    expect(rows).toHaveLength(2 + routeAreas(built).size);
    for (const row of rows) {
      expect(row.resources, row.path).toBeLessThanOrEqual(MAX_RESOURCES);
      expect(row.parameters, row.path).toBeLessThanOrEqual(MAX_PARAMETERS);
      expect(row.outputs, row.path).toBeLessThanOrEqual(MAX_OUTPUTS);
    }
  });

  it("holds each route's function, role, log group, API routes, integrations and invoke permissions in its area's nested stack", () => {
    const templates: Map<NestedStack, CfnTemplate> = nestedTemplates(stack, json);
    for (const route of built) {
      const area = stack.routeAreas.get(areaId(route.tag));
      expect(area, route.name).toBeDefined();
      const fn = stack.routeFunctions.get(route.name)!;
      const owned: IConstruct[] = [fn.fn, fn.role, fn.logGroup];
      for (const api of [stack.tokenApi, stack.iamApi]) {
        owned.push(api.routes.get(route.name)!);
        if (route.method === 'GET') owned.push(api.headRoutes.get(route.name)!);
      }
      for (const construct of owned) expect(stackOf(construct), construct.node.path).toBe(area);
      // The integrations and permissions CDK made for the routes: in the same template, on this function.
      const template = templates.get(area!)!;
      const fnId = logicalId(fn.fn);
      expect(
        resourcesOfType(template, 'AWS::ApiGatewayV2::Integration').filter(([, i]) => i.Properties!.IntegrationUri['Fn::GetAtt'][0] === fnId),
        route.name,
      ).toHaveLength(2);
      expect(
        resourcesOfType(template, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties!.FunctionName['Fn::GetAtt'][0] === fnId),
        route.name,
      ).toHaveLength(2);
    }
    // Each area holds its own tag's routes and no other.
    for (const [id, area] of stack.routeAreas)
      expect([...area.functions.keys()].sort(), id).toEqual(
        built
          .filter((r) => areaId(r.tag) === id)
          .map((r) => r.name)
          .sort(),
      );
  });

  it('keeps in the parent only what every route shares: the APIs, their stages and $default routes, the authorizer, the table, the CDN', () => {
    expect(resourcesOfType(json, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties!.RouteKey)).toEqual(['$default', '$default']);
    const parentFunctions = resourcesOfType(json, 'AWS::Lambda::Function').map(([, r]) => r.Properties!.FunctionName as string | undefined);
    for (const route of built) expect(parentFunctions).not.toContain(`${stack.config.prefix}-${route.name}`);
    for (const shared of [
      stack.tokenApi.api,
      stack.iamApi.api,
      stack.tokenApi.stage,
      stack.iamApi.stage,
      stack.authorizerFunction.fn,
      stack.table.table,
      stack.cdn.distribution,
      stack.scanFold.function.fn,
    ]) {
      expect(stackOf(shared), shared.node.path).toBe(stack);
    }
  });
});

describe('a route added to the table', () => {
  // Copies of existing rows under new names and paths (their handler files exist, bundling is off).
  const inNewArea: Route = { ...routeNamed('ListSubtypes'), name: 'ListWidgets', path: '/api/v1/widgets', tag: 'widgets' };
  const inExistingArea: Route = { ...routeNamed('GetTeam'), name: 'GetTeamBadge', path: '/api/v1/teams/{id}/badge' };
  const grown = synthesize({ routes: [...routes, inNewArea, inExistingArea] });

  it('lands in the nested stack of its tag (a new one for a new tag), with its alarms in Monitoring and its throttle on the stage', () => {
    const widgets = grown.stack.routeAreas.get('Widgets');
    expect(widgets).toBeDefined();
    expect(stackOf(grown.stack.routeFunctions.get('ListWidgets')!.fn)).toBe(widgets);
    expect(stackOf(grown.stack.tokenApi.routes.get('ListWidgets')!)).toBe(widgets);
    expect(stackOf(grown.stack.iamApi.headRoutes.get('ListWidgets')!)).toBe(widgets);
    const teams = grown.stack.routeAreas.get('Teams')!;
    expect(stackOf(grown.stack.routeFunctions.get('GetTeamBadge')!.fn)).toBe(teams);
    expect(stackOf(grown.stack.iamApi.routes.get('GetTeamBadge')!)).toBe(teams);

    const monitoring = nestedTemplate(grown.json, grown.stack.observability);
    for (const name of ['ListWidgets', 'GetTeamBadge']) {
      const fnId = logicalId(grown.stack.routeFunctions.get(name)!.fn);
      const watching = resourcesOfType(monitoring, 'AWS::CloudWatch::Alarm').filter(([, a]) => JSON.stringify(a.Properties).includes(`{"Ref":"${fnId}"}`));
      expect(watching.length, name).toBeGreaterThanOrEqual(2);
    }
    for (const [, stage] of resourcesOfType(grown.json, 'AWS::ApiGatewayV2::Stage')) {
      expect(Object.keys(stage.Properties!.RouteSettings)).toEqual(
        expect.arrayContaining(['GET /api/v1/widgets', 'HEAD /api/v1/widgets', 'GET /api/v1/teams/{id}/badge']),
      );
    }
  });

  it("leaves the parent the same size, but for the new area's nested stack resource", () => {
    const before = Object.keys(json.Resources).length;
    expect(Object.keys(grown.json.Resources).length).toBe(before + 1);
    const sizes = new Map(figures(grown).map((r) => [r.path, r.resources]));
    const original = new Map(figures(synthesized).map((r) => [r.path, r.resources]));
    // GET /teams/{id}/badge: function, role, policy, log group, and per API an integration, a permission, GET and HEAD.
    expect(sizes.get(`${stack.node.path}/Routes/Teams`)! - original.get(`${stack.node.path}/Routes/Teams`)!).toBe(4 + 2 * 4);
    expect(sizes.get(`${stack.node.path}/Routes/Widgets`)).toBe(4 + 2 * 4);
  });

  it('names its nested stack after its tag, and refuses two tags that would share one', () => {
    expect(areaId('teams')).toBe('Teams');
    expect(areaId('ip-ranges')).toBe('IpRanges');
    expect(() => areaId('2fa')).toThrow(/letter first/);
    const clash = [
      { ...inNewArea, tag: 'ip-ranges' },
      { ...inExistingArea, tag: 'ipRanges' },
    ];
    expect(() => routeAreas(clash)).toThrow(/would share the nested stack IpRanges/);
  });
});
