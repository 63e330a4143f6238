/**
 * The short categories a failed check falls into: what a spectator, a blue
 * team and the status view show of a failure (the full reason stays with the
 * result's `error`). The agent assigns one to every failure it reports; the
 * login and mail checks and the teams' own pages reuse this list. Pure data.
 */
export const FAILURE_CATEGORIES = [
  'timeout',
  'connection refused',
  'connection reset',
  'unreachable',
  'dns',
  'tls',
  'login failed',
  'content mismatch',
  'protocol error',
  'agent error',
  // New ones go at the end: the list is public, in this order (the API's description, clients' generated enums).
  'share not found',
  'file not found',
  'no NLA',
  'command failed',
] as const;

export type FailureCategory = (typeof FAILURE_CATEGORIES)[number];

/** What each category means, for the docs and the OpenAPI description. */
export const FAILURE_CATEGORY_MEANINGS: Record<FailureCategory, string> = {
  timeout: 'no answer (or not the whole answer) within the check’s timeout',
  'connection refused': 'nothing listens on the port',
  'connection reset': 'the service closed the connection before it answered',
  unreachable: 'no route to the host or network',
  dns: 'the service’s host name did not resolve',
  tls: 'the TLS handshake failed',
  'login failed': 'the service answered but refused the check’s credentials',
  'content mismatch': 'the service answered, but not what the check expects (status, banner, body, DNS answer)',
  'protocol error': 'the service answered something that is not the protocol the check speaks',
  'agent error': 'the scoring agent could not run the check (its own fault, not the team’s)',
  'share not found': 'the file server answered, but has no share of the name the check connects to',
  'file not found': 'the share is there, but not the file or folder the check reads',
  'no NLA': 'the remote desktop answered, but offers no Network Level Authentication, so no account can be checked',
  'command failed': 'the program of a command check (an agent operator’s recipe) ran, and exited with another status than 0',
};

/** The category a check failure falls into from a socket or resolver error code. */
export function categoryOfNetworkError(code: string | undefined): FailureCategory {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return 'unreachable';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'dns';
    case 'EMFILE':
    case 'ENFILE':
      return 'agent error';
    default:
      return 'protocol error';
  }
}

/**
 * What a failure shows where its full reason may not go (every public read,
 * for every caller): its category, or `failed` when the reporter named none
 * (an agent older than categories). Null when the check passed.
 */
export const UNCATEGORISED_FAILURE = 'failed';
export type ShownFailure = FailureCategory | typeof UNCATEGORISED_FAILURE;
export const SHOWN_FAILURES: readonly ShownFailure[] = [...FAILURE_CATEGORIES, UNCATEGORISED_FAILURE];

export function shownFailure(error: string | null, category: FailureCategory | null | undefined): ShownFailure | null {
  if (error === null) return null;
  return category ?? UNCATEGORISED_FAILURE;
}
