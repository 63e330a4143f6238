/**
 * The spectators' nudges in the stack (decision 0086; test/cdk/stack-template.ts
 * reads the stack): the AppSync Events API and who may do what on it, the
 * stream consumer's grant, `push.json` beside the pages, the pages' CSP, and
 * the Event API's alarms.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_KEY_DAYS } from '../../lib/constructs/spectator-push';
import { PUSH_CONFIG_FILE, PUSH_NAMESPACE } from '#shared/api/push';
import { flat, logicalId, nestedTemplate, resourcesOfType, rolePermissions, synthesize } from './synth';
import { deployed, functionNamed, json, prefix, stack } from './stack-template';

const [apiId, api] = resourcesOfType(deployed, 'AWS::AppSync::Api')[0]!;
const authTypes = (modes: { AuthType: string }[]) => modes.map((m) => m.AuthType).sort();

describe('the Event API', () => {
  const config = api.Properties!.EventConfig;

  it('is the only one, named for the stage', () => {
    expect(resourcesOfType(deployed, 'AWS::AppSync::Api')).toHaveLength(1);
    expect(api.Properties!.Name).toBe(`${prefix}-push`);
  });

  it('lets viewers connect and subscribe with its key, and only IAM publish', () => {
    expect(authTypes(config.AuthProviders)).toEqual(['API_KEY', 'AWS_IAM']);
    expect(authTypes(config.ConnectionAuthModes)).toEqual(['API_KEY']);
    expect(authTypes(config.DefaultPublishAuthModes)).toEqual(['AWS_IAM']);
    expect(authTypes(config.DefaultSubscribeAuthModes)).toEqual(['API_KEY']);
  });

  it('has one namespace, public: published to with IAM alone, subscribed to with the key alone', () => {
    const namespaces = resourcesOfType(deployed, 'AWS::AppSync::ChannelNamespace');
    expect(namespaces).toHaveLength(1);
    const ns = namespaces[0]![1].Properties!;
    expect(ns.Name).toBe(PUSH_NAMESPACE);
    expect(ns.ApiId).toEqual({ 'Fn::GetAtt': [apiId, 'ApiId'] });
    expect(authTypes(ns.PublishAuthModes)).toEqual(['AWS_IAM']);
    expect(authTypes(ns.SubscribeAuthModes)).toEqual(['API_KEY']);
    // No handler: nothing runs on a publish or a subscribe.
    expect(ns.CodeHandlers).toBeUndefined();
    expect(ns.HandlerConfigs ?? {}).toEqual({});
  });

  it('has one key, expiring as late as AppSync allows from this synthesis (each deployment renews it)', () => {
    const keys = resourcesOfType(deployed, 'AWS::AppSync::ApiKey');
    expect(keys).toHaveLength(1);
    const key = keys[0]![1].Properties!;
    expect(key.ApiId).toEqual({ 'Fn::GetAtt': [apiId, 'ApiId'] });
    expect(API_KEY_DAYS).toBe(365);
    const days = (key.Expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);
  });
});

describe('the publisher', () => {
  const [, fold] = functionNamed(`${prefix}-FoldResults`);

  it("tells the stream consumer where to publish: the API's HTTP endpoint", () => {
    expect(flat(fold.Properties!.Environment.Variables.EVENTS_HTTP_URL)).toBe(`https://\${${apiId}.Dns.Http}/event`);
  });

  it('lets the stream consumer, and no other role, publish to the public namespace alone; no one may subscribe or connect with IAM', () => {
    const perms = rolePermissions(deployed, fold.Properties!.Role['Fn::GetAtt'][0]).filter((p) => p.action.startsWith('appsync:'));
    const namespaceArn = `arn:\${AWS::Partition}:appsync:\${AWS::Region}:\${AWS::AccountId}:apis/\${${apiId}.ApiId}/channelNamespace/${PUSH_NAMESPACE}`;
    expect(perms).toEqual([{ effect: 'Allow', action: 'appsync:EventPublish', resource: namespaceArn }]);
    const text = JSON.stringify(deployed);
    expect(text.match(/appsync:Event/g)).toHaveLength(1);
    expect(text).not.toMatch(/"appsync:\*"/);
  });
});

describe('push.json', () => {
  const { assembly } = synthesize();
  const [, pages] = resourcesOfType(deployed, 'Custom::CDKBucketDeployment').find(([, d]) => d.Properties!.Include?.includes(PUSH_CONFIG_FILE))!;
  const p = pages.Properties!;

  it('is deployed with the pages: revalidated (no-cache) and invalidated at the CDN like them, never with the hashed assets', () => {
    expect(p.DestinationBucketName).toEqual({ Ref: logicalId(stack.cdn.siteBucket) });
    expect(p.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(p.DistributionPaths).toContain(`/${PUSH_CONFIG_FILE}`);
    expect(p.Include).toContain('index.html');
    const others = resourcesOfType(deployed, 'Custom::CDKBucketDeployment').filter(([, d]) => d !== pages);
    for (const [, d] of others) expect(d.Properties!.Exclude).toContain(PUSH_CONFIG_FILE);
  });

  it("says where to listen and with which key, from the API's deploy-time values", () => {
    // Source.jsonData writes the file with a marker per deploy-time value; the deployment puts the values in.
    const at = (p.SourceMarkers as Record<string, unknown>[]).findIndex((markers) => Object.keys(markers).length > 0);
    const asset = join(assembly.directory, `asset.${(p.SourceObjectKeys[at] as string).replace(/\.zip$/, '')}`, PUSH_CONFIG_FILE);
    let text = readFileSync(asset, 'utf8');
    for (const [marker, value] of Object.entries(p.SourceMarkers[at] as Record<string, unknown>)) text = text.replaceAll(marker, flat(value));
    expect(JSON.parse(text)).toEqual({
      realtime_url: `wss://\${${apiId}.Dns.Realtime}/event/realtime`,
      host: `\${${apiId}.Dns.Http}`,
      api_key: `\${${logicalId(stack.push.apiKey)}.ApiKey}`,
    });
  });

  it("lets the pages open the realtime socket: the CSP's connect-src names its origin", () => {
    const policies = resourcesOfType(deployed, 'AWS::CloudFront::ResponseHeadersPolicy').map(([, r]) => r.Properties!.ResponseHeadersPolicyConfig);
    const page = policies.find((c) => c.SecurityHeadersConfig.ContentSecurityPolicy)!;
    const csp = flat(page.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src '))!;
    expect(connect.split(' ')).toContain(`wss://\${${apiId}.Dns.Realtime}`);
  });

  it('has its realtime endpoint as an output', () => {
    expect(flat(json.Outputs!.PushRealtimeUrl!.Value)).toBe(`wss://\${${apiId}.Dns.Realtime}/event/realtime`);
  });
});

describe("the Event API's alarms", () => {
  const monitoring = nestedTemplate(json, stack.observability);
  const alarms = resourcesOfType(monitoring, 'AWS::CloudWatch::Alarm').map(([id, r]) => ({ id, ...r.Properties! }) as Record<string, any> & { id: string });
  const named = (suffix: string) => alarms.filter((a) => a.id.includes(suffix));
  const apiDimension = { Name: 'EventAPIId', Value: { 'Fn::GetAtt': [apiId, 'ApiId'] } };

  it('alarms on publishes the HTTP endpoint failed (5XXError) or refused (4XXError), 3 minutes running', () => {
    for (const [suffix, metric] of [
      ['EventApiPublishServerErrors', '5XXError'],
      ['EventApiPublishClientErrors', '4XXError'],
    ] as const) {
      const [alarm] = named(suffix);
      expect(alarm, suffix).toBeDefined();
      expect([alarm!.Namespace, alarm!.MetricName, alarm!.Statistic]).toEqual(['AWS/AppSync', metric, 'Sum']);
      expect(alarm!.Dimensions).toEqual([apiDimension]);
      expect([alarm!.Threshold, alarm!.EvaluationPeriods]).toEqual([1, 3]);
    }
  });

  it("alarms when half the spectators' socket connections fail for 5 minutes", () => {
    const [alarm] = named('EventApiConnectFailures');
    expect([alarm!.Threshold, alarm!.EvaluationPeriods]).toEqual([50, 5]);
    type Query = { Expression?: string; MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions: unknown[] } } };
    const metrics = (alarm!.Metrics as Query[]).filter((m) => m.MetricStat).map((m) => m.MetricStat!.Metric);
    expect(metrics.map((m) => m.MetricName).sort()).toEqual(['ConnectClientError', 'ConnectServerError', 'ConnectSuccess']);
    for (const m of metrics) {
      expect(m.Namespace).toBe('AWS/AppSync');
      expect(m.Dimensions).toEqual(expect.arrayContaining([apiDimension, { Name: 'ChannelNamespaceName', Value: PUSH_NAMESPACE }]));
    }
  });
});
