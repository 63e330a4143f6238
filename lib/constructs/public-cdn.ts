import { resolve } from 'node:path';
import { DockerImage, Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AllowedMethods,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
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
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { writeSite } from '../../web/build';
import { CACHE_CONTROL, contentSecurityPolicy, DIRECTORY_INDEX_FUNCTION, PAGES, pagePath } from '../../web/site';
import { API_PATTERN, type CdnRules } from '../cdn-rules';
import { viewerAddressFunction } from '#shared/http/viewer-address';
import { PUSH_CONFIG_FILE, type PushConfig } from '#shared/api/push';

export interface PublicCdnProps {
  /** The token API's host name (`<id>.execute-api.<region>.amazonaws.com`). */
  readonly originDomainName: string;
  /**
   * The CDN's rules (lib/cdn-rules.ts, from the route table): the paths whose
   * GETs may be cached, their TTLs and cache key, and compression. The local
   * twin's CDN stand-in reads the same.
   */
  readonly rules: CdnRules;
  /** Headers CloudFront adds to every origin request (the origin-verify secret). */
  readonly originHeaders?: Readonly<Record<string, string>>;
  readonly prefix: string;
  /** Keep the page's bucket when the stack is deleted (its files are rebuilt on every deploy either way). */
  readonly retainData: boolean;
  /** Retention of the log group of CDK's deployment function, like every other log group of the stack. */
  readonly logRetention: RetentionDays;
  /** A CloudFront-scope WAF web ACL (`-c waf=true`). */
  readonly webAclArn?: string;
  /** The files bucket's origin: the pages post uploads to it (their `connect-src`). */
  readonly filesOrigin: string;
  /**
   * The spectators' nudges (SpectatorPush): what `/push.json` tells the page, and the realtime origin its
   * `connect-src` allows. Without it the page finds no `push.json` and polls.
   */
  readonly push?: { readonly config: PushConfig; readonly origin: string };
}

const WEB_DIRECTORY = resolve(import.meta.dirname, '../../web');

/** Error statuses CloudFront would otherwise cache for 10 s when the origin sends no Cache-Control. */
const UNCACHED_ERROR_STATUSES = [400, 403, 404, 405, 500, 502, 503, 504];

/**
 * CloudFront in front of the web page and the token API, on one origin: the
 * default behaviour serves the page's files from a private S3 bucket (origin
 * access control; page routes are real files, so no error-page rewriting that
 * would also hide the API's problem+json 403/404), `/api/v1/*` goes to the
 * token API.
 *
 * For the API, by the rules of lib/cdn-rules.ts: the public reads are cached
 * as long as the origin's Cache-Control says (min and default TTL 0, so a
 * response without max-age is not cached; `private` responses never are),
 * keyed by the accepted query parameters and the Authorization header:
 * anonymous callers share one entry, a token's view is never served to
 * anyone else. Everything else passes through uncached with every viewer
 * header but Host. Both compress what CloudFront compresses.
 */
export class PublicCdn extends Construct {
  readonly distribution: Distribution;
  readonly publicReadsCachePolicy: CachePolicy;
  readonly siteBucket: Bucket;
  readonly siteDeployments: BucketDeployment[];

  constructor(scope: Construct, id: string, props: PublicCdnProps) {
    super(scope, id);
    const origin = new HttpOrigin(props.originDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      customHeaders: props.originHeaders ? { ...props.originHeaders } : undefined,
    });

    const { publicReads: reads, passThrough: rest } = props.rules;
    this.publicReadsCachePolicy = new CachePolicy(this, 'PublicReads', {
      // No name: CloudFront names are account-wide, and CDK's default carries the region and the construct path.
      comment: 'Scoring public reads: TTL from the origin Cache-Control, keyed by Authorization and the accepted query parameters',
      minTtl: Duration.seconds(reads.ttl.minSeconds),
      defaultTtl: Duration.seconds(reads.ttl.defaultSeconds),
      maxTtl: Duration.seconds(reads.ttl.maxSeconds),
      headerBehavior: CacheHeaderBehavior.allowList(...reads.cacheKeyHeaders),
      // Only what the routes read: any other query string (`?_=123`) cannot split the cache or bypass it.
      queryStringBehavior:
        reads.cacheKeyQueryParameters.length > 0 ? CacheQueryStringBehavior.allowList(...reads.cacheKeyQueryParameters) : CacheQueryStringBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: reads.acceptEncoding.gzip,
      enableAcceptEncodingBrotli: reads.acceptEncoding.brotli,
    });

    // nosniff on every API answer through the CDN, API Gateway's own refusals
    // (403, 429) included: the functions send it, API Gateway cannot.
    const apiHeaders = new ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'Scoring API: X-Content-Type-Options nosniff on every answer',
      securityHeadersBehavior: { contentTypeOptions: { override: true } },
    });
    const passThrough: BehaviorOptions = {
      origin,
      responseHeadersPolicy: apiHeaders,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      compress: rest.compress,
    };
    // The same collections also hold protected and write routes (admin DNS
    // export, adjustments, scan reports): all methods pass, only GET/HEAD cache.
    const publicReads: BehaviorOptions = {
      ...passThrough,
      cachePolicy: this.publicReadsCachePolicy,
      cachedMethods: reads.cachedMethods.includes('OPTIONS') ? CachedMethods.CACHE_GET_HEAD_OPTIONS : CachedMethods.CACHE_GET_HEAD,
      compress: reads.compress,
    };

    // The routes that read where a caller is (a beacon's check-in, decision 0085): the pass-through, with a function
    // that refuses a request without the route's edge token and sets the viewer's address from the connection
    // CloudFront accepted, replacing any a viewer sent.
    const addressed = props.rules.addressed.map(({ pattern, route, edgeToken }) => {
      const fn = new CloudFrontFunction(this, `ViewerAddress${route}`, {
        comment: `${route}: sets x-ccdc-viewer-address from the viewer connection`,
        runtime: FunctionRuntime.JS_2_0,
        code: FunctionCode.fromInline(viewerAddressFunction(edgeToken)),
      });
      const behaviour: BehaviorOptions = { ...passThrough, functionAssociations: [{ function: fn, eventType: FunctionEventType.VIEWER_REQUEST }] };
      return [pattern, behaviour] as const;
    });

    this.siteBucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const pageHeaders = new ResponseHeadersPolicy(this, 'PageHeaders', {
      comment: 'Scoring web page: CSP without inline scripts, no framing, no sniffing',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(props.filesOrigin, props.push?.origin), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: false, override: true },
      },
    });
    // `/admin/` is the console's `admin/index.html` (web/site.ts): S3 has no directory index of its own.
    const directoryIndex = new CloudFrontFunction(this, 'DirectoryIndex', {
      comment: 'Serves <dir>/index.html for <dir>/ (the organisers console at /admin/)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(DIRECTORY_INDEX_FUNCTION),
    });
    const site: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
      functionAssociations: [{ function: directoryIndex, eventType: FunctionEventType.VIEWER_REQUEST }],
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: pageHeaders,
      compress: true,
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${props.prefix}: the scoreboard page and the token API on one origin`,
      defaultBehavior: site,
      defaultRootObject: 'index.html',
      // CloudFront takes the first matching pattern: the cached public reads, the addressed routes, then the rest of the API.
      additionalBehaviors: {
        ...Object.fromEntries(props.rules.cachedPathPatterns.map((pattern) => [pattern, publicReads])),
        ...Object.fromEntries(addressed),
        [API_PATTERN]: passThrough,
      },
      errorResponses: UNCACHED_ERROR_STATUSES.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
    });

    // The page is built by esbuild at synth (no Docker: the local bundler always succeeds).
    const built = Source.asset(WEB_DIRECTORY, {
      exclude: ['dist'],
      bundling: {
        image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22-slim'),
        local: {
          tryBundle(outputDirectory: string) {
            writeSite(outputDirectory);
            return true;
          },
        },
      },
    });
    const pageFiles = PAGES.map((page) => page.file);
    // Where the page learns to listen, written with the Event API's deploy-time values and served like a page:
    // revalidated, and invalidated on each deployment (an API replaced has a new host and key).
    const pushConfig = props.push ? [Source.jsonData(PUSH_CONFIG_FILE, props.push.config)] : [];
    const pagesAndConfig = props.push ? [...pageFiles, PUSH_CONFIG_FILE] : pageFiles;
    const deployLogs = new LogGroup(this, 'DeployLogs', {
      retention: props.logRetention,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // Hashed assets first and cached for good; then the pages, revalidated, and invalidated at the CDN.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [built],
      destinationBucket: this.siteBucket,
      exclude: [...pageFiles, PUSH_CONFIG_FILE],
      prune: false,
      cacheControl: [CacheControl.fromString(CACHE_CONTROL.asset)],
      memoryLimit: 256,
      logGroup: deployLogs,
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [built, ...pushConfig],
      destinationBucket: this.siteBucket,
      exclude: ['*'],
      include: pagesAndConfig,
      prune: false,
      cacheControl: [CacheControl.fromString(CACHE_CONTROL.page)],
      distribution: this.distribution,
      distributionPaths: [...new Set(pagesAndConfig.flatMap((file) => [pagePath(file), `/${file}`]))],
      memoryLimit: 256,
      logGroup: deployLogs,
    });
    pages.node.addDependency(assets);
    this.siteDeployments = [assets, pages];
  }
}
