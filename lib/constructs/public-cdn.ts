import { Duration } from 'aws-cdk-lib';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CachedMethods,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Construct } from 'constructs';

export interface PublicCdnProps {
  /** The token API's host name (`<id>.execute-api.<region>.amazonaws.com`). */
  readonly originDomainName: string;
  /** Path patterns whose GETs may be cached (`/api/v1/teams*`, ...). */
  readonly cachedPathPatterns: readonly string[];
  /** The query parameters the public reads accept: the cache key holds these only. */
  readonly cachedQueryParameters: readonly string[];
  /** Headers CloudFront adds to every origin request (the origin-verify secret). */
  readonly originHeaders?: Readonly<Record<string, string>>;
  readonly prefix: string;
  /** A CloudFront-scope WAF web ACL (`-c waf=true`). */
  readonly webAclArn?: string;
}

/** Error statuses CloudFront would otherwise cache for 10 s when the origin sends no Cache-Control. */
const UNCACHED_ERROR_STATUSES = [400, 403, 404, 405, 500, 502, 503, 504];

/**
 * CloudFront in front of the token API. The public reads are cached as long
 * as the origin's Cache-Control says (min and default TTL 0, so a response
 * without max-age is not cached; `private` responses never are), keyed by the
 * query string and the Authorization header: anonymous callers share one
 * entry, a token's view is never served to anyone else. Everything else
 * passes through uncached with every viewer header but Host.
 */
export class PublicCdn extends Construct {
  readonly distribution: Distribution;
  readonly publicReadsCachePolicy: CachePolicy;

  constructor(scope: Construct, id: string, props: PublicCdnProps) {
    super(scope, id);
    const origin = new HttpOrigin(props.originDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: props.originHeaders ? { ...props.originHeaders } : undefined,
    });

    this.publicReadsCachePolicy = new CachePolicy(this, 'PublicReads', {
      // No name: CloudFront names are account-wide, and CDK's default carries the region and the construct path.
      comment: 'Scoring public reads: TTL from the origin Cache-Control, keyed by Authorization and the accepted query parameters',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      // A cap, in case a handler ever sends a long max-age by mistake.
      maxTtl: Duration.minutes(5),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      // Only what the routes read: any other query string (`?_=123`) cannot split the cache or bypass it.
      queryStringBehavior:
        props.cachedQueryParameters.length > 0
          ? CacheQueryStringBehavior.allowList(...props.cachedQueryParameters)
          : CacheQueryStringBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const passThrough: BehaviorOptions = {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      compress: true,
    };
    // The same collections also hold protected and write routes (admin DNS
    // export, adjustments, scan reports): all methods pass, only GET/HEAD cache.
    const publicReads: BehaviorOptions = {
      ...passThrough,
      cachePolicy: this.publicReadsCachePolicy,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${props.prefix}: public scoreboard reads in front of the token API`,
      defaultBehavior: passThrough,
      additionalBehaviors: Object.fromEntries(props.cachedPathPatterns.map((pattern) => [pattern, publicReads])),
      errorResponses: UNCACHED_ERROR_STATUSES.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
    });
  }
}
