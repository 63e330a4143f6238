/**
 * The stack's CDN (test/cdk/stack-template.ts reads the stack): the page from
 * a private bucket, the token API behind it, and which API reads it caches,
 * by the same rules the local CDN stand-in reads.
 */
import { describe, expect, it } from 'vitest';
import { publicReadPathPatterns } from '../../lib/route-resources';
import { API_PATTERN, cdnRules } from '../../lib/cdn-rules';
import { queryParameterNames, routes, type Route } from '#shared/api/routes';
import { viewerAddressFunction } from '#shared/http/viewer-address';
import { flat, logicalId, resourcesOfType, samplePath, wildcardMatches } from './synth';
import { built, deployed, stack } from './stack-template';

describe('the CDN', () => {
  const [, distribution] = resourcesOfType(deployed, 'AWS::CloudFront::Distribution')[0]!;
  const config = distribution.Properties!.DistributionConfig;
  const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
  const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
  const publicCachePolicy = logicalId(stack.cdn.publicReadsCachePolicy);
  /** The behavior CloudFront picks for a path: the first matching pattern, else the default. */
  const behaviorFor = (path: string) => (config.CacheBehaviors as any[]).find((b) => wildcardMatches(b.PathPattern, path)) ?? config.DefaultCacheBehavior;

  it('fronts the token API over HTTPS', () => {
    const apiOrigins = (config.Origins as any[]).filter((o) => o.CustomOriginConfig);
    expect(apiOrigins).toHaveLength(1);
    expect(flat(apiOrigins[0].DomainName)).toBe(`\${${logicalId(stack.tokenApi.api)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}`);
    expect(apiOrigins[0].CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('serves the web page from a private bucket by default, through origin access control, with its CSP', () => {
    const [siteOrigin] = (config.Origins as any[]).filter((o) => o.S3OriginConfig);
    expect(flat(siteOrigin.DomainName)).toBe(`\${${logicalId(stack.cdn.siteBucket)}.RegionalDomainName}`);
    expect(siteOrigin.OriginAccessControlId).toBeDefined();
    const d = config.DefaultCacheBehavior;
    expect(d.TargetOriginId).toBe(siteOrigin.Id);
    expect(d.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(config.DefaultRootObject).toBe('index.html');
    const [, bucket] = resourcesOfType(deployed, 'AWS::S3::Bucket')[0]!;
    expect(bucket.Properties!.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const policies = resourcesOfType(deployed, 'AWS::CloudFront::ResponseHeadersPolicy').map(([, p]) => p.Properties!.ResponseHeadersPolicyConfig);
    const page = policies.find((c) => c.SecurityHeadersConfig.ContentSecurityPolicy)!;
    const csp = flat(page.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    // Every answer through the CDN, the API's included (API Gateway's own refusals too), says nosniff.
    for (const config of policies) expect(config.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
    const apiBehaviours = [...config.CacheBehaviors];
    const apiPolicyIds = new Set(apiBehaviours.map((b: { ResponseHeadersPolicyId: unknown }) => JSON.stringify(b.ResponseHeadersPolicyId)));
    expect(apiPolicyIds.size).toBe(1);
    expect([...apiPolicyIds][0]).not.toBe('undefined');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // Page routes are real files: no error response swaps in a page (that would also rewrite the API's 403 and 404).
    expect(config.CustomErrorResponses.every((e: any) => e.ResponsePagePath === undefined)).toBe(true);
    expect(behaviorFor('/api/v1/teams/scoreboard/history').TargetOriginId).not.toBe(siteOrigin.Id);
    expect(behaviorFor('/api/v1/dns').TargetOriginId).not.toBe(siteOrigin.Id);
  });

  it("runs the viewer-address function on the routes that read a caller's address, and on no other: uncached, every viewer header forwarded", () => {
    const addressed = routes.filter((r) => r.viewerAddress);
    expect(addressed.map((r) => r.name)).toEqual(['CheckInBeacon']);
    const [functionId, fn] = resourcesOfType(deployed, 'AWS::CloudFront::Function').find(([, f]) =>
      String(f.Properties!.FunctionCode).includes('x-ccdc-viewer-address'),
    )!;
    expect(fn!.Properties!.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    // It refuses a request without a token in form, assigns the header from the connection (a viewer's own is replaced), and drops the stand-in's trust header.
    expect(String(fn!.Properties!.FunctionCode)).toBe(viewerAddressFunction(addressed[0]!.edgeToken));
    expect(String(fn!.Properties!.FunctionCode)).toContain("request.headers['x-ccdc-viewer-address'] = { value: event.viewer.ip }");
    const withIt = (config.CacheBehaviors as any[]).filter((b) => JSON.stringify(b.FunctionAssociations ?? []).includes(functionId!));
    expect(withIt.map((b) => b.PathPattern)).toEqual(['/api/v1/beacons/*/check-in']);
    expect(behaviorFor('/api/v1/beacons/12/check-in')).toBe(withIt[0]);
    expect(withIt[0].CachePolicyId).toBe(CACHING_DISABLED);
    expect(withIt[0].OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(withIt[0].FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: expect.anything() }]);
    for (const path of ['/api/v1/teams', '/api/v1/red-team/beacons', '/api/v1/services/1/scans']) expect(behaviorFor(path)).not.toBe(withIt[0]);
  });

  it('caches public GET routes by the origin Cache-Control, keyed by Authorization and the query parameters they accept', () => {
    const [, policy] = resourcesOfType(deployed, 'AWS::CloudFront::CachePolicy')[0]!;
    const p = policy.Properties!.CachePolicyConfig;
    expect(p.MinTTL).toBe(0);
    expect(p.DefaultTTL).toBe(0);
    expect(p.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: ['Authorization'] });
    const accepted = [...new Set(built.filter((r) => r.access === 'public' && r.method === 'GET').flatMap((r) => queryParameterNames(r)))].sort();
    expect(accepted).toEqual(expect.arrayContaining(['subtype_id', 'team']));
    expect(p.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: accepted });
    expect(config.CacheBehaviors.map((b: any) => b.PathPattern).sort()).toEqual(expect.arrayContaining(['/api/v1/services*', '/api/v1/teams*']));
    for (const route of built.filter((r) => r.access === 'public' && r.method === 'GET')) {
      const behavior = behaviorFor(samplePath(route));
      expect(behavior.CachePolicyId, route.name).toEqual({ Ref: publicCachePolicy });
      expect(behavior.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']));
      expect(behavior.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    }
  });

  it('takes its cache policy and API behaviours from the rules the local CDN stand-in reads (lib/cdn-rules.ts)', () => {
    const rules = cdnRules(stack.routes);
    // The local twin's stand-in reads cdnRules() of the project's route table: the same rules.
    expect(cdnRules()).toEqual(rules);
    const { publicReads: reads, passThrough: rest } = rules;
    const [, policy] = resourcesOfType(deployed, 'AWS::CloudFront::CachePolicy')[0]!;
    const p = policy.Properties!.CachePolicyConfig;
    expect([p.MinTTL, p.DefaultTTL, p.MaxTTL]).toEqual([reads.ttl.minSeconds, reads.ttl.defaultSeconds, reads.ttl.maxSeconds]);
    const key = p.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: 'whitelist', Headers: [...reads.cacheKeyHeaders] });
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: [...reads.cacheKeyQueryParameters] });
    expect(key.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(key.EnableAcceptEncodingGzip).toBe(reads.acceptEncoding.gzip);
    expect(key.EnableAcceptEncodingBrotli).toBe(reads.acceptEncoding.brotli);
    const cached = (config.CacheBehaviors as any[]).filter((b) => JSON.stringify(b.CachePolicyId) === JSON.stringify({ Ref: publicCachePolicy }));
    expect(cached.map((b) => b.PathPattern)).toEqual([...rules.cachedPathPatterns]);
    for (const b of cached) {
      expect(b.Compress).toBe(reads.compress);
      expect([...b.CachedMethods].sort()).toEqual([...reads.cachedMethods].sort());
    }
    const passThrough = behaviorFor('/api/v1/dns');
    expect(passThrough.PathPattern).toBe(API_PATTERN);
    expect(rest.caching).toBe(false);
    expect(passThrough.CachePolicyId).toBe(CACHING_DISABLED);
    expect(passThrough.Compress).toBe(rest.compress);
  });

  it('passes the rest of the API through uncached with all viewer headers but Host', () => {
    const d = behaviorFor('/api/v1/dns');
    expect(d.PathPattern).toBe('/api/v1/*');
    expect(d.CachePolicyId).toBe(CACHING_DISABLED);
    expect(d.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(d.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']));
    expect(d.ViewerProtocolPolicy).toBe('https-only');
    // A route is under a cached pattern only if its collection has a public GET route.
    const collection = (r: Route) => r.path.split('/')[3];
    const publicCollections = new Set(built.filter((r) => r.access === 'public' && r.method === 'GET').map(collection));
    for (const route of built.filter((r) => !publicCollections.has(collection(r)))) {
      expect(behaviorFor(samplePath(route)).CachePolicyId, route.name).toBe(CACHING_DISABLED);
    }
    // Unknown paths too, and error responses are never cached by default.
    expect(behaviorFor('/api/v1/dns/7').CachePolicyId).toBe(CACHING_DISABLED);
    expect(config.CustomErrorResponses.every((e: any) => e.ErrorCachingMinTTL === 0)).toBe(true);
  });

  it('derives one cached pattern per public collection (the whole contract, its description and reference page)', () => {
    const all = routes.map(({ planned: _planned, ...route }) => route as Route);
    expect(publicReadPathPatterns(all)).toEqual(['/api/v1/docs*', '/api/v1/openapi-iam.json*', '/api/v1/openapi.json*', '/api/v1/services*', '/api/v1/teams*']);
    expect(publicReadPathPatterns([])).toEqual([]);
  });
});
