/**
 * How a scoring agent checks the services of a subtype, written in the
 * competition file next to the subtype (`check: http`, with its parameters)
 * and served to agents by `GET /subtypes`. One kind per protocol, each with
 * its own timeout and explicit pass conditions, in the manner of Prometheus'
 * blackbox_exporter modules. The kinds, their shapes and the parameter names
 * live here; their schemas (domain/checks.ts) only where a competition file is
 * validated, so the API's functions never bundle the pattern engine.
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

/** The parameters each kind takes, beside the subtype's own fields (domain/checks.ts validates them; a test keeps the two lists one). */
export const CHECK_PARAMETER_NAMES: Record<CheckKind, readonly string[]> = {
  http: ['path', 'status', 'content', 'timeout_seconds'],
  https: ['path', 'status', 'content', 'timeout_seconds'],
  tcp: ['timeout_seconds'],
  dns: ['query', 'timeout_seconds'],
  ssh: ['banner', 'timeout_seconds'],
  smtp: ['banner', 'timeout_seconds'],
  ftp: ['banner', 'timeout_seconds'],
};

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
  for (const field of CHECK_PARAMETER_NAMES[kind as CheckKind]) {
    if (subtype[field] !== undefined) definition[field] = subtype[field];
  }
  return definition as CheckDefinition;
}
