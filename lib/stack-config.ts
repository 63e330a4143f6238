/**
 * The stack's settings, read from CDK context (`cdk deploy -c stage=prod ...`
 * or the `context` block of cdk.json). Values given on the command line arrive
 * as strings, so every reader accepts both the string and the typed form.
 */
import { allowedRanges } from '../functions/agent/resolve';

export interface StackConfig {
  /** `-c stage=prod`; part of every name. Default `dev`. */
  readonly stage: string;
  /** Prefix of every physical name (table, functions, APIs, policies). Default `scoring-<stage>`. */
  readonly prefix: string;
  /** CloudFormation stack name. Default `Scoring-<stage>`. */
  readonly stackName: string;
  /**
   * How long the token API caches an authorizer decision (per Authorization
   * header and route). 0 turns the cache off: every request is authorized
   * afresh, and a request without an Authorization header still reaches the
   * authorizer (so the handler answers the contract's problem+json 401).
   */
  readonly authorizerCacheSeconds: number;
  /**
   * Keep the table: deletion protection and RemovalPolicy.RETAIN. Set
   * `-c retainData=false` for throw-away test stages (DESTROY, no protection).
   */
  readonly retainData: boolean;
  /** CloudWatch Logs retention for function and access logs, in days (a value CloudWatch accepts). */
  readonly logRetentionDays: number;
  /** Lambda memory in MB for the route functions. */
  readonly memorySize: number;
  /** Stage-wide API Gateway throttling: steady requests per second and burst. */
  readonly throttleRate: number;
  readonly throttleBurst: number;
  /** `-c alarmEmail=ops@example.org` subscribes an address to the alarm topic(s). */
  readonly alarmEmail?: string;
  /** `-c waf=true`: an AWS WAF web ACL with a per-IP rate rule in front of the CDN (us-east-1 companion stack). */
  readonly waf: boolean;
  /** Requests per 5 minutes one IP may send through the CDN when the WAF is on. */
  readonly wafRateLimit: number;
  /**
   * Concurrency reserved for scan reporting and for the authorizer, so a
   * spectator surge cannot starve them; 0 reserves none (an account whose
   * concurrency limit is still the new-account 10 cannot reserve any).
   */
  readonly reservedScanConcurrency: number;
  readonly reservedAuthorizerConcurrency: number;
  /**
   * `-c corsOrigins=https://a.example,https://b.example`: the web origins that
   * may call admin and service routes from a browser (none by default). Public
   * reads answer every origin.
   */
  readonly corsOrigins: readonly string[];
  /** Deploy the scoring agent (every minute, on the IAM API). `-c agent=false` when you bring your own. */
  readonly agent: boolean;
  /**
   * Run the agent in private subnets (comma-separated ids) with these security
   * groups, to reach blue teams' hosts there; both or neither. It reaches the
   * API through a NAT gateway (or an execute-api VPC endpoint).
   */
  readonly agentVpc?: { readonly subnetIds: readonly string[]; readonly securityGroupIds: readonly string[] };
  /** The only target addresses the Lambda agent's checks may reach (`-c agentAllowedRanges=10.20.0.0/16,10.21.0.0/16`); none: any its network routes. */
  readonly agentAllowedRanges?: string;
}

interface ContextReader {
  tryGetContext(key: string): unknown;
}

/** CloudWatch Logs' accepted retention periods, in days. */
const RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653];

export function readStackConfig(node: ContextReader): StackConfig {
  const stage = text(node, 'stage', 'dev');
  const prefix = text(node, 'prefix', `scoring-${stage}`);
  if (!/^[a-z][a-z0-9-]{0,30}$/.test(prefix)) {
    throw new Error(`context prefix (or stage) "${prefix}" must be lower-case letters, digits and hyphens, at most 31 characters`);
  }
  const logRetentionDays = int(node, 'logRetentionDays', 30, 1, 3653);
  if (!RETENTION_DAYS.includes(logRetentionDays)) {
    throw new Error(`context logRetentionDays must be one of ${RETENTION_DAYS.join(', ')}`);
  }
  return {
    stage,
    prefix,
    stackName: text(node, 'stackName', `Scoring-${stage}`),
    authorizerCacheSeconds: int(node, 'authorizerCacheSeconds', 0, 0, 3600),
    retainData: bool(node, 'retainData', true),
    logRetentionDays,
    memorySize: int(node, 'memorySize', 256, 128, 10240),
    throttleRate: int(node, 'throttleRate', 500, 1, 10000),
    throttleBurst: int(node, 'throttleBurst', 1000, 1, 5000),
    alarmEmail: optionalEmail(node, 'alarmEmail'),
    waf: bool(node, 'waf', false),
    wafRateLimit: int(node, 'wafRateLimit', 2000, 10, 2_000_000_000),
    reservedScanConcurrency: int(node, 'reservedScanConcurrency', 50, 0, 1000),
    reservedAuthorizerConcurrency: int(node, 'reservedAuthorizerConcurrency', 25, 0, 1000),
    corsOrigins: origins(node, 'corsOrigins'),
    agent: bool(node, 'agent', true),
    agentVpc: agentVpc(node),
    ...agentAllowedRanges(node),
  };
}

function agentAllowedRanges(node: ContextReader): { agentAllowedRanges?: string } {
  const ranges = text(node, 'agentAllowedRanges', '');
  if (ranges === '') return {};
  const parsed = allowedRanges(ranges);
  if ('error' in parsed) throw new Error(`context agentAllowedRanges: ${parsed.error}`);
  return { agentAllowedRanges: parsed.text.replace(/, /g, ',') };
}

function agentVpc(node: ContextReader): StackConfig['agentVpc'] {
  const ids = (key: string, pattern: RegExp) => {
    const list = text(node, key, '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
    const bad = list.find((id) => !pattern.test(id));
    if (bad) throw new Error(`context ${key}: "${bad}" is not an id such as ${pattern.source.slice(1, 8)}…`);
    return list;
  };
  const subnetIds = ids('agentSubnetIds', /^subnet-[0-9a-f]{8,17}$/);
  const securityGroupIds = ids('agentSecurityGroupIds', /^sg-[0-9a-f]{8,17}$/);
  if (subnetIds.length === 0 && securityGroupIds.length === 0) return undefined;
  if (subnetIds.length === 0 || securityGroupIds.length === 0) {
    throw new Error('context agentSubnetIds and agentSecurityGroupIds go together: give both (comma-separated) or neither');
  }
  return { subnetIds, securityGroupIds };
}

function text(node: ContextReader, key: string, fallback: string): string {
  const value = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string') throw new Error(`context ${key} must be a string`);
  return value;
}

function optionalEmail(node: ContextReader, key: string): string | undefined {
  const value = text(node, key, '');
  if (value === '') return undefined;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new Error(`context ${key} must be an e-mail address, got ${JSON.stringify(value)}`);
  return value;
}

function origins(node: ContextReader, key: string): string[] {
  const list = text(node, key, '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  for (const origin of list) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new Error(`context ${key}: "${origin}" is not an origin such as https://scores.example`);
  }
  return list;
}

function int(node: ContextReader, key: string, fallback: number, min: number, max: number): number {
  const value = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return fallback;
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`context ${key} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return parsed;
}

function bool(node: ContextReader, key: string, fallback: boolean): boolean {
  const value = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return fallback;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`context ${key} must be true or false, got ${JSON.stringify(value)}`);
}
