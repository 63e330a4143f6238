import * as v from 'valibot';
import { isHostName } from '#shared/domain/hostnames';

/**
 * How a scoring agent checks the services of a subtype, written in the
 * competition file next to the subtype (`check: http`, with its parameters)
 * and served to agents by `GET /subtypes`. One kind per protocol, each with
 * its own timeout and explicit pass conditions, in the manner of Prometheus'
 * blackbox_exporter modules.
 */
export const CHECK_KINDS = ['http', 'https', 'tcp', 'dns', 'ssh', 'smtp', 'ftp'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export const DEFAULT_CHECK_TIMEOUT_SECONDS = 5;
export const MAX_CHECK_TIMEOUT_SECONDS = 30;

/** The banner a banner check expects when the file gives none. */
export const DEFAULT_BANNERS: Record<'ssh' | 'smtp' | 'ftp', string> = {
  ssh: '^SSH-2\\.0-',
  smtp: '^220[ -]',
  ftp: '^220[ -]',
};

const compiles = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

/** A regular expression (JavaScript syntax), matched against at most the bytes the check reads. */
const Pattern = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(200), v.check(compiles, 'must be a valid regular expression'));

const Timeout = v.optional(
  v.pipe(
    v.number('must be a number of seconds'),
    v.integer('must be a whole number of seconds'),
    v.minValue(1, 'must be at least 1 s'),
    v.maxValue(MAX_CHECK_TIMEOUT_SECONDS, `must be at most ${MAX_CHECK_TIMEOUT_SECONDS} s`),
  ),
  DEFAULT_CHECK_TIMEOUT_SECONDS,
);

const HttpPath = v.pipe(v.string(), v.maxLength(1000), v.regex(/^\/[\x21-\x7e]*$/, 'must start with / and hold only printable ASCII without spaces'));

/** The name a DNS check asks for, relative to the team's zone as DNS records are named: `@` or labels. */
const ZoneName = v.pipe(
  v.string(),
  v.check((n) => n === '@' || (isHostName(n) && !n.endsWith('.')), "must be @ or a name relative to the team's zone, such as www"),
  v.toLowerCase(),
);

/** The check parameters each kind accepts, beside the subtype's own fields. */
export const checkParameters = {
  http: {
    path: v.optional(HttpPath, '/'),
    status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599)), 200),
    content: v.optional(Pattern),
    timeout_seconds: Timeout,
  },
  https: {
    path: v.optional(HttpPath, '/'),
    status: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599)), 200),
    content: v.optional(Pattern),
    timeout_seconds: Timeout,
  },
  tcp: { timeout_seconds: Timeout },
  dns: { query: ZoneName, timeout_seconds: Timeout },
  ssh: { banner: v.optional(Pattern), timeout_seconds: Timeout },
  smtp: { banner: v.optional(Pattern), timeout_seconds: Timeout },
  ftp: { banner: v.optional(Pattern), timeout_seconds: Timeout },
} as const;

export type HttpCheck = { check: 'http' | 'https'; path: string; status: number; content?: string; timeout_seconds: number };
export type TcpCheck = { check: 'tcp'; timeout_seconds: number };
export type DnsCheck = { check: 'dns'; query: string; timeout_seconds: number };
export type BannerCheck = { check: 'ssh' | 'smtp' | 'ftp'; banner?: string; timeout_seconds: number };
export type CheckDefinition = HttpCheck | TcpCheck | DnsCheck | BannerCheck;

/** The fields of a check definition, picked from a stored subtype. */
export function checkOf(subtype: Record<string, unknown>): CheckDefinition | undefined {
  const kind = subtype.check;
  if (typeof kind !== 'string' || !(CHECK_KINDS as readonly string[]).includes(kind)) return undefined;
  const definition: Record<string, unknown> = { check: kind };
  for (const field of Object.keys(checkParameters[kind as CheckKind])) {
    if (subtype[field] !== undefined) definition[field] = subtype[field];
  }
  return definition as CheckDefinition;
}
